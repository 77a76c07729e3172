import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type, type TSchema } from 'typebox';
import { namesDefault, validatorCompiler } from '../lib/validation';

const validate = (schema: TSchema, httpPart: string, input: unknown) =>
  (validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' }) as (input: unknown) => unknown)(input) as {
    value?: unknown;
    error?: Error;
  };

describe('namesDefault: whether filling in defaults can change a value', () => {
  const cases: [string, unknown, boolean][] = [
    ['no default anywhere', Type.Object({ model: Type.String(), n: Type.Optional(Type.Integer()) }), false],
    ['a default on a property', Type.Object({ n: Type.Integer({ default: 1 }) }), true],
    [
      'a default deep in a union of arrays',
      Type.Object({
        messages: Type.Array(Type.Union([Type.String(), Type.Object({ x: Type.Boolean({ default: false }) })])),
      }),
      true,
    ],
    [
      'a default of undefined still names one',
      { type: 'object', properties: { a: { type: 'string', default: undefined } } },
      true,
    ],
    ['a property called default (only costs the walk)', Type.Object({ default: Type.String() }), true],
    ['not an object', null, false],
  ];
  for (const [name, schema, expected] of cases) {
    test(name, () => assert.equal(namesDefault(schema), expected));
  }
});

describe('validatorCompiler', () => {
  test('a schema with defaults still fills them in, on a body and on a query string', () => {
    const schema = Type.Object({ limit: Type.Integer({ default: 10 }), q: Type.Optional(Type.String()) });
    assert.deepEqual(validate(schema, 'body', { q: 'a' }).value, { limit: 10, q: 'a' });
    assert.deepEqual(validate(schema, 'querystring', undefined).value, { limit: 10 });
    assert.deepEqual(validate(schema, 'querystring', { limit: '5' }).value, { limit: 5 });
  });

  test('a schema without defaults passes the body through as it came, and still refuses what it must', () => {
    const schema = Type.Object({ model: Type.String(), messages: Type.Array(Type.Unknown()) });
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], extra: { kept: true } };
    assert.equal(validate(schema, 'body', body).value, body);
    assert.match(String(validate(schema, 'body', { messages: [] }).error?.message), /model is required/);
    // An absent query string is an empty object, as before.
    assert.deepEqual(validate(Type.Object({}), 'querystring', undefined).value, {});
  });
});

describe('the one error a refusal names (lib/firstError.ts)', () => {
  const refusal = (schema: TSchema, body: unknown) => {
    const { error } = validate(schema, 'body', body) as { error?: Error & { path?: string | null } };
    return [error?.message, error?.path];
  };

  test('a failed union is one error at the union, even when its members fill TypeBox’s buffer of errors', () => {
    const letters = [...'abcdefghij'];
    const schema = Type.Object({
      plain: Type.Optional(Type.Union(letters.map((letter) => Type.Literal(letter)))),
      told: Type.Optional(Type.Union([Type.String({ maxLength: 2, errorMessage: 'told is short' }), Type.Null()])),
    });
    assert.deepEqual(refusal(schema, { plain: 'z' }), ['plain is invalid: must match a schema in anyOf', 'plain']);
    assert.deepEqual(refusal(schema, { told: 'long' }), ['told is short', 'told']);
  });

  test('a missing property is named by its own message if it has one', () => {
    const schema = Type.Object({ a: Type.String(), b: Type.String({ errorMessage: 'b is a word' }) });
    assert.deepEqual(refusal(schema, {}), ['a is required', 'a']);
    assert.deepEqual(refusal(schema, { a: 'x' }), ['b is a word', 'b']);
  });

  test('an unexpected property is named at its own path', () => {
    const schema = Type.Object({ sub: Type.Object({ x: Type.Number() }, { additionalProperties: false }) });
    assert.deepEqual(refusal(schema, { sub: { x: 1, y: 2 } }), [
      'sub.y is invalid: must not have additional properties',
      'sub.y',
    ]);
  });

  test('a value’s own error comes before those of its parts', () => {
    const schema = Type.Object({ list: Type.Array(Type.String(), { maxItems: 1 }), n: Type.Integer() });
    assert.deepEqual(refusal(schema, { list: [1, 2], n: 0.5 }), [
      'list is invalid: must not have more than 1 items',
      'list',
    ]);
    assert.deepEqual(refusal(schema, { list: [1], n: 0.5 }), ['list.0 is invalid: must be string', 'list[0]']);
  });
});
