import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Format } from 'typebox/format';
import { Value } from 'typebox/value';
import { HttpError, ValidationError, isUuid } from './errors';
import { firstError, type FirstError } from './firstError';
import { isDate, isDateTime } from './inputFormats';

// TypeBox has checks of its own for these formats; the server's are these (dates as PostgreSQL reads them).
Format.Set('date', isDate);
Format.Set('date-time', isDateTime);
Format.Set('uuid', isUuid);
// Surrounding whitespace is tolerated: handlers trim.
Format.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()));

/**
 * A schema option for inputs that never reach the database (a gateway request's messages, passed to the provider):
 * NUL characters are allowed there. Everywhere else PostgreSQL refuses them in text, so they are a 400 here.
 */
export const NUL_ALLOWED = { nulAllowed: true } as const;

/** Finds a string holding U+0000 anywhere in a parsed value, without recursion (bodies may be deep). */
function hasNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Whether any part of a schema carries a `default`. Filling in defaults walks the whole value and copies the parts it
 * fills, so a schema that names none (a gateway request's body: docs/gateway.md › Where the time goes) skips it. A
 * property that happens to be called `default` counts too: that only costs the walk, never a missed default.
 */
export function namesDefault(schema: unknown): boolean {
  const stack = [schema];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next !== 'object') continue;
    if (Object.hasOwn(next, 'default')) return true;
    stack.push(...Object.values(next));
  }
  return false;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/** The JSON Schema keywords read here (a TypeBox 1.x TSchema declares none). */
interface Keywords {
  type?: unknown;
  anyOf?: Keywords[];
  properties?: Record<string, Keywords>;
  errorMessage?: string;
  nulAllowed?: boolean;
}

/** The primitive types a property schema accepts (through unions too). */
function typesOf(schema: Keywords | undefined): Set<string> {
  if (!schema) return new Set();
  if (Array.isArray(schema.anyOf)) return new Set(schema.anyOf.flatMap((item) => [...typesOf(item)]));
  return new Set(typeof schema.type === 'string' ? [schema.type] : []);
}

/**
 * Query strings and path parameters arrive as text. A text becomes a number or boolean only when it is written as
 * one, exactly, in decimal: TypeBox's own Convert reads '1.5' as the integer 1 and '0x10' as 16, which would silently
 * answer another question than the one asked. Anything else stays text and fails validation with its field's message.
 */
function convertStrings(schema: Keywords, input: unknown): unknown {
  const { properties } = schema;
  if (!properties || !input || typeof input !== 'object') return input;
  const converted: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [name, value] of Object.entries(converted)) {
    if (typeof value !== 'string') continue;
    const types = typesOf(properties[name]);
    if (types.has('integer') && INTEGER_TEXT.test(value)) converted[name] = Number(value);
    else if (types.has('number') && NUMBER_TEXT.test(value)) converted[name] = Number(value);
    else if (types.has('boolean') && (value === 'true' || value === 'false')) converted[name] = value === 'true';
  }
  return converted;
}

/**
 * TypeBox validation for every route. Query strings and params are converted (they arrive as strings); bodies are not,
 * so `"100"` is rejected where a number is expected. The first error becomes `{ code: VALIDATION_ERROR, message }`
 * naming the field; a schema may carry its own `errorMessage`. A NUL character in any string is refused unless the
 * schema says NUL_ALLOWED.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const keywords = schema as Keywords;
  const part = httpPart ?? 'request';
  const nulAllowed = keywords.nulAllowed === true;
  const withDefaultsOf = namesDefault(schema)
    ? (input: unknown) => Value.Default(schema, input)
    : (input: unknown) => input;
  return (input: unknown) => {
    const withDefaults = withDefaultsOf(input ?? (keywords.type === 'object' ? {} : input));
    const value = httpPart === 'body' ? withDefaults : convertStrings(keywords, withDefaults);
    if (check.Check(value)) {
      if (!nulAllowed && hasNul(value)) {
        return { error: new HttpError(400, 'VALIDATION_ERROR', `${part} must not contain NUL (\\u0000) characters`) };
      }
      return { value };
    }
    const first = firstError(schema, check.Errors(value));
    return { error: new ValidationError(describe(first, part), first ? accessorPath(first.path) : null) };
  };
};

/** A JSON pointer as JavaScript would reach the value: `/messages/0/role` is `messages[0].role`; '' is null. */
function accessorPath(pointer: string): string | null {
  const segments = pointer.split('/').slice(1);
  if (segments.length === 0) return null;
  return segments
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
      '',
    );
}

/** A Nullable(X) field (a union of X and null) that fails says what X says: "must match a schema in anyOf" helps nobody. */
function nullableMessage(schema: Keywords): string | undefined {
  const members = schema.anyOf;
  if (!members || members.length !== 2) return undefined;
  const [value] = members.filter((member) => member.type !== 'null');
  return value?.errorMessage;
}

function describe(error: FirstError | undefined, httpPart: string): string {
  if (!error) return `${httpPart} is invalid`;
  const field = error.path.replace(/^\//, '').replace(/\//g, '.') || (httpPart === 'body' ? 'body' : httpPart);
  const schema = error.schema as Keywords;
  const custom = schema.errorMessage ?? nullableMessage(schema);
  if (custom) return custom;
  if (error.required) return `${field} is required`;
  if (field === 'body') return 'body must be a JSON object';
  return `${field} is invalid: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
}
