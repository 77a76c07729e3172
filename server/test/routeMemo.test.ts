import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Tier, TierIndex } from '../credit/tiers';
import { createRouteMemo, perRoute, steadySpan } from '../gateway/routeMemo';
import { resolveRoute, type Reachability } from '../gateway/routing/resolve';

/** The memo of resolved routes (routeMemo.ts): the same answer as resolving each time, with less work. */
const tier = (model: string, effectiveMs: number, expiryMs: number | null): Tier => ({
  provider: 'openai',
  model,
  promptMicros: 1_000_000,
  completionMicros: 2_000_000,
  cacheReadMicros: null,
  cacheCreateMicros: null,
  cacheHitPercent: 0,
  batchPercent: 50,
  minTokens: 0,
  maxTokens: null,
  effectiveMs,
  expiryMs,
});
const indexOf = (...tiers: Tier[]): TierIndex => {
  const index: TierIndex = new Map();
  for (const t of tiers) index.set(`${t.provider}/${t.model}`, [...(index.get(`${t.provider}/${t.model}`) ?? []), t]);
  return index;
};

describe('steadySpan', () => {
  const cases: [string, Tier[], number, { since: number; until: number }][] = [
    ['no tiers: forever', [], 50, { since: -Infinity, until: Infinity }],
    ['an active tier without expiry: since it began', [tier('a', 10, null)], 50, { since: 10, until: Infinity }],
    ['a tier not yet effective: until it begins', [tier('a', 100, null)], 50, { since: -Infinity, until: 100 }],
    ['an active tier that expires: until it does', [tier('a', 10, 80)], 50, { since: 10, until: 80 }],
    ['an expired tier: since it expired', [tier('a', 10, 40)], 50, { since: 40, until: Infinity }],
    [
      'the nearest edges of several',
      [tier('a', 10, 90), tier('b', 30, 70), tier('c', 60, null)],
      50,
      { since: 30, until: 60 },
    ],
    [
      'a tier that begins now is active now: its start is behind',
      [tier('a', 50, null)],
      50,
      { since: 50, until: Infinity },
    ],
    ['a tier that expires now is expired now', [tier('a', 10, 50)], 50, { since: 50, until: Infinity }],
  ];
  for (const [name, tiers, now, expected] of cases)
    test(name, () => assert.deepEqual(steadySpan(indexOf(...tiers), now), expected));
});

describe('createRouteMemo', () => {
  const reach = (routing: Reachability['routing']): Reachability => ({ providers: new Set(['openai']), routing });
  const table = (): Reachability['routing'] =>
    ({ routes: new Map(), credentials: new Map() }) as Reachability['routing'];

  test('resolves a name once while the tables and the tiers in force stand', () => {
    const memo = createRouteMemo<object>();
    const index = indexOf(tier('gpt', 0, null));
    const routing = table();
    let resolved = 0;
    const resolve = () => (resolved++, resolveRoute('gpt', index, reach(routing), 1_000));
    const first = memo.resolve('gpt', index, routing, 1_000, resolve);
    assert.ok(first);
    assert.equal(memo.resolve('gpt', index, routing, 2_000, resolve), first);
    assert.equal(resolved, 1);
    // Another table or index (an admin's edit, the timed reload): resolved again.
    assert.notEqual(memo.resolve('gpt', index, table(), 2_000, resolve), first);
    assert.notEqual(memo.resolve('gpt', indexOf(tier('gpt', 0, null)), routing, 2_000, resolve), null);
    assert.equal(resolved, 3);
  });

  test('a tier that expires takes its model out at that moment, with no reload', () => {
    const memo = createRouteMemo<object>();
    const index = indexOf(tier('gpt', 0, 5_000));
    const routing = table();
    const at = (now: number) =>
      memo.resolve('gpt', index, routing, now, () => resolveRoute('gpt', index, reach(routing), now));
    assert.ok(at(4_999));
    assert.equal(at(5_000), null);
    assert.equal(at(9_000), null);
  });

  test('a tier that comes into force later is used from that moment', () => {
    const memo = createRouteMemo<object>();
    const index = indexOf(tier('gpt', 0, null), { ...tier('gpt', 3_000, null), promptMicros: 9_000_000 });
    const routing = table();
    const at = (now: number) =>
      memo.resolve('gpt', index, routing, now, () => resolveRoute('gpt', index, reach(routing), now)) as {
        candidates: Map<string, { tiers: Tier[] }>;
      };
    assert.equal([...at(2_000).candidates.values()][0].tiers.length, 1);
    assert.equal([...at(3_000).candidates.values()][0].tiers.length, 2);
    // A clock set back (tests, a corrected host) is not served what was resolved for the later time.
    assert.equal([...at(1_000).candidates.values()][0].tiers.length, 1);
  });

  test('an unknown name is not kept, so a client cannot fill memory with names', () => {
    const memo = createRouteMemo<object>();
    const index = indexOf();
    const routing = table();
    let resolved = 0;
    for (let i = 0; i < 3; i++) memo.resolve('nope', index, routing, 0, () => (resolved++, null));
    assert.equal(resolved, 3);
  });
});

describe('perRoute', () => {
  test('computes once per route object and key', () => {
    let computed = 0;
    const of = perRoute((route: { name: string }, key: string) => (computed++, `${route.name}:${key}`));
    const a = { name: 'a' };
    assert.equal(of(a, 'chat'), 'a:chat');
    assert.equal(of(a, 'chat'), 'a:chat');
    assert.equal(of(a, 'embeddings'), 'a:embeddings');
    assert.equal(of({ name: 'a' }, 'chat'), 'a:chat');
    assert.equal(computed, 3);
  });
  test('keeps a null answer too (a route that does not offer the door)', () => {
    let computed = 0;
    const of = perRoute((_route: object, _key: string) => (computed++, null));
    const route = {};
    of(route, 'x');
    of(route, 'x');
    assert.equal(computed, 1);
  });
});
