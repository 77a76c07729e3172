import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cacheKey, canonicalJson, type CacheKeyParts } from '../cache/cacheKey';
import { planCache, type CacheRequestInput } from '../cache/cacheRequest';

/** The exact-match cache's pure parts (docs/gateway.md#caching): its key, and what a request's headers ask of it. */
describe('canonicalJson', () => {
  const cases: [string, unknown, string][] = [
    ['orders object keys', { b: 1, a: { d: [1, 2], c: null } }, '{"a":{"c":null,"d":[1,2]},"b":1}'],
    [
      'keeps array order',
      { messages: [{ role: 'user' }, { role: 'assistant' }] },
      '{"messages":[{"role":"user"},{"role":"assistant"}]}',
    ],
    ['leaves out undefined members', { a: undefined, b: 'x' }, '{"b":"x"}'],
    ['writes strings as JSON does', { text: 'say "hi"\n' }, '{"text":"say \\"hi\\"\\n"}'],
    ['keeps numbers as JSON does', { t: 0.7, n: 1e21 }, '{"n":1e+21,"t":0.7}'],
  ];
  for (const [name, value, expected] of cases) {
    test(name, () => assert.equal(canonicalJson(value), expected));
  }
  test('two bodies that differ only in key order and whitespace are one text', () => {
    const a = JSON.parse('{ "model": "m", "messages": [ {"role": "user", "content": "hi"} ], "temperature": 0 }');
    const b = JSON.parse('{"temperature":0,"messages":[{"content":"hi","role":"user"}],"model":"m"}');
    assert.equal(canonicalJson(a), canonicalJson(b));
  });
});

describe('cacheKey', () => {
  const base: CacheKeyParts = {
    endpoint: 'chat.completions',
    route: { name: 'openai/gpt-4o', deploymentIds: ['d1'] },
    body: { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
    scope: { kind: 'key', teamId: 't1', keyId: 'k1' },
  };
  test('is 64 hex digits, the same for the same parts', () => {
    assert.match(cacheKey(base), /^[0-9a-f]{64}$/);
    assert.equal(
      cacheKey(base),
      cacheKey({
        ...base,
        body: { messages: base.body && (base.body as { messages: unknown }).messages, model: 'openai/gpt-4o' },
      }),
    );
  });
  const differs: [string, Partial<CacheKeyParts>][] = [
    ['another door', { endpoint: 'responses' }],
    ['a route sent elsewhere', { route: { name: 'openai/gpt-4o', deploymentIds: ['d2'] } }],
    ['another body', { body: { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'hi!' }] } }],
    ['a streamed request', { body: { ...(base.body as object), stream: true } }],
    ['another key of the team', { scope: { kind: 'key', teamId: 't1', keyId: 'k2' } }],
    ['the team scope', { scope: { kind: 'team', teamId: 't1' } }],
  ];
  for (const [name, change] of differs) {
    test(`differs for ${name}`, () => assert.notEqual(cacheKey({ ...base, ...change }), cacheKey(base)));
  }
  test('never crosses teams, whatever the scope', () => {
    assert.notEqual(
      cacheKey({ ...base, scope: { kind: 'team', teamId: 't1' } }),
      cacheKey({ ...base, scope: { kind: 'team', teamId: 't2' } }),
    );
    assert.notEqual(
      cacheKey({ ...base, scope: { kind: 'key', teamId: 't1', keyId: 'k1' } }),
      cacheKey({ ...base, scope: { kind: 'key', teamId: 't2', keyId: 'k1' } }),
    );
  });
});

describe('planCache', () => {
  const input = (
    headers: CacheRequestInput['headers'],
    settings: Partial<CacheRequestInput> = {},
  ): CacheRequestInput => ({
    headers,
    key: null,
    route: null,
    bounds: { defaultSeconds: 3600, maxSeconds: 86_400 },
    ...settings,
  });
  const keyScope = 'key' as const;
  const on = { enabled: true, scope: null, ttlSeconds: null };
  const cases: [string, CacheRequestInput, ReturnType<typeof planCache>][] = [
    ['no header and no setting: off', input({}), { ok: true, plan: { mode: 'off' } }],
    [
      'x-gateway-cache: false without a setting: off',
      input({ 'x-gateway-cache': 'false' }),
      { ok: true, plan: { mode: 'off' } },
    ],
    [
      'x-gateway-cache: true: looked up for the key, for the default TTL',
      input({ 'x-gateway-cache': 'true' }),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 3600 } },
    ],
    [
      'the header is read without regard to case or spaces',
      input({ 'x-gateway-cache': ' TRUE ' }),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 3600 } },
    ],
    [
      'a TTL header',
      input({ 'x-gateway-cache': 'true', 'x-gateway-cache-ttl': '60' }),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 60 } },
    ],
    [
      'a TTL above the maximum is kept for the maximum',
      input({ 'x-gateway-cache': 'true', 'x-gateway-cache-ttl': '999999' }),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 86_400 } },
    ],
    [
      'Cache-Control: no-cache refreshes',
      input({ 'x-gateway-cache': 'true', 'cache-control': 'No-Cache' }),
      { ok: true, plan: { mode: 'refresh', scope: keyScope, ttlSeconds: 3600 } },
    ],
    [
      'Cache-Control: no-store bypasses',
      input({ 'x-gateway-cache': 'true', 'cache-control': 'max-age=0, no-store' }),
      { ok: true, plan: { mode: 'bypass' } },
    ],
    [
      'a key whose owner turned caching on is looked up without the header',
      input({}, { key: on }),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 3600 } },
    ],
    [
      "a route's setting, team-scoped with its own TTL",
      input({}, { route: { enabled: true, scope: 'team', ttlSeconds: 120 } }),
      { ok: true, plan: { mode: 'lookup', scope: 'team', ttlSeconds: 120 } },
    ],
    [
      "the key's setting wins over the route's where it sets a field",
      input(
        {},
        {
          key: { enabled: true, scope: 'key', ttlSeconds: null },
          route: { enabled: true, scope: 'team', ttlSeconds: 120 },
        },
      ),
      { ok: true, plan: { mode: 'lookup', scope: keyScope, ttlSeconds: 120 } },
    ],
    [
      'x-gateway-cache: false against a setting bypasses',
      input({ 'x-gateway-cache': 'false' }, { key: on }),
      { ok: true, plan: { mode: 'bypass' } },
    ],
    [
      'Cache-Control alone, without the cache asked, is off',
      input({ 'cache-control': 'no-cache' }),
      { ok: true, plan: { mode: 'off' } },
    ],
    [
      'a header that is not true or false is refused',
      input({ 'x-gateway-cache': 'yes' }),
      { ok: false, header: 'x-gateway-cache', message: 'The x-gateway-cache header must be true or false.' },
    ],
  ];
  for (const [name, given, expected] of cases) {
    test(name, () => assert.deepEqual(planCache(given), expected));
  }
  for (const ttl of ['0', '-5', '1.5', 'soon', '']) {
    test(`a TTL of ${JSON.stringify(ttl)} is refused, saying what it takes`, () => {
      const planned = planCache(input({ 'x-gateway-cache': 'true', 'x-gateway-cache-ttl': ttl }));
      assert.deepEqual(planned, {
        ok: false,
        header: 'x-gateway-cache-ttl',
        message: 'The x-gateway-cache-ttl header must be a whole number of seconds from 1 to 86400.',
      });
    });
  }
});
