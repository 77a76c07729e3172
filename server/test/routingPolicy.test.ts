import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  Cooldowns,
  MAX_BACKOFF_MS,
  RETRYABLE_STATUSES,
  attemptPlan,
  backoffMs,
  isRetryable,
  type AttemptOutcome,
} from '../gateway/routing/policy';
import type { Deployment, ModelRoute, RoutePolicy } from '../gateway/routing/types';
import { seededRandom } from './seededRandom';

const POLICY: RoutePolicy = {
  maxRetries: 2,
  backoffMs: 200,
  cooldownFailures: 3,
  cooldownSeconds: 30,
  unsupportedParams: 'drop',
};

const deployment = (id: string, rank: number, weight = 1): Deployment => ({
  id,
  provider: 'echo',
  model: `${id}-model`,
  credentialId: null,
  rank,
  weight,
});

const route = (...deployments: Deployment[]): ModelRoute => ({
  id: 'r1',
  name: 'echo/r',
  policy: POLICY,
  cache: null,
  semantic: null,
  deployments,
});

/** A random source that replays the given numbers. */
const replay = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

const ids = (plan: Deployment[]) => plan.map((d) => d.id);
const noneCooling = () => false;

describe('attemptPlan', () => {
  const cases: { name: string; route: ModelRoute; cooling?: string[]; random: number[]; plan: string[] }[] = [
    { name: 'one deployment', route: route(deployment('a', 0)), random: [0.9], plan: ['a'] },
    {
      name: 'lower ranks first, whatever the order given',
      route: route(deployment('c', 2), deployment('a', 0), deployment('b', 1)),
      random: [0.5],
      plan: ['a', 'b', 'c'],
    },
    {
      name: 'within a rank, a low draw picks the first by weight',
      route: route(deployment('a', 0, 3), deployment('b', 0, 1)),
      random: [0.1],
      plan: ['a', 'b'],
    },
    {
      name: 'within a rank, a draw past the first weight picks the second',
      route: route(deployment('a', 0, 3), deployment('b', 0, 1)),
      random: [0.8],
      plan: ['b', 'a'],
    },
    {
      name: 'without replacement: the second pick is among those left',
      route: route(deployment('a', 0, 1), deployment('b', 0, 1), deployment('c', 0, 2)),
      random: [0.9, 0.1],
      plan: ['c', 'a', 'b'],
    },
    {
      name: 'a draw of almost 1 still picks someone',
      route: route(deployment('a', 0, 1), deployment('b', 0, 1)),
      random: [0.9999999999999999],
      plan: ['b', 'a'],
    },
    {
      name: 'weight 0 goes last in its rank',
      route: route(deployment('a', 0, 0), deployment('b', 0, 1), deployment('c', 1, 1)),
      random: [0],
      plan: ['b', 'a', 'c'],
    },
    {
      name: 'cooling deployments go after all the others, keeping their order',
      route: route(deployment('a', 0), deployment('b', 1), deployment('c', 2), deployment('d', 3)),
      cooling: ['a', 'c'],
      random: [0],
      plan: ['b', 'd', 'a', 'c'],
    },
    {
      name: 'every deployment cooling: all still tried, in rank order',
      route: route(deployment('b', 1), deployment('a', 0)),
      cooling: ['a', 'b'],
      random: [0],
      plan: ['a', 'b'],
    },
    { name: 'no deployments', route: route(), random: [0], plan: [] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const cooling = new Set(c.cooling ?? []);
      assert.deepEqual(ids(attemptPlan(c.route, (id) => cooling.has(id), replay(...c.random))), c.plan);
    });
  }

  test('weights 3:1 put the first deployment first 75% ± 2% of 10,000 plans', () => {
    const random = seededRandom(20_261_124);
    const weighted = route(deployment('a', 0, 3), deployment('b', 0, 1));
    let first = 0;
    for (let i = 0; i < 10_000; i++) if (attemptPlan(weighted, noneCooling, random.next)[0].id === 'a') first++;
    assert.ok(Math.abs(first / 10_000 - 0.75) <= 0.02, `seed ${random.seed}: a first in ${first} of 10,000`);
  });

  test('a plan holds every deployment once', () => {
    const random = seededRandom(7);
    const many = route(deployment('a', 0, 2), deployment('b', 0, 5), deployment('c', 1, 1), deployment('d', 1, 0));
    for (let i = 0; i < 100; i++) {
      assert.deepEqual(ids(attemptPlan(many, (id) => id === 'b', random.next)).sort(), ['a', 'b', 'c', 'd']);
    }
  });
});

describe('backoffMs', () => {
  const cases: { name: string; policy: Partial<RoutePolicy>; retry: number; random: number; ms: number }[] = [
    { name: 'first retry: up to backoffMs', policy: { backoffMs: 200 }, retry: 1, random: 0.5, ms: 100 },
    { name: 'second retry: up to twice', policy: { backoffMs: 200 }, retry: 2, random: 0.5, ms: 200 },
    { name: 'third retry: up to four times', policy: { backoffMs: 200 }, retry: 3, random: 0.999, ms: 799 },
    { name: 'full jitter: a draw of 0 waits 0', policy: { backoffMs: 200 }, retry: 3, random: 0, ms: 0 },
    { name: 'capped at 10 s', policy: { backoffMs: 1000 }, retry: 10, random: 0.99999, ms: 9999 },
    { name: 'cap applies before jitter', policy: { backoffMs: 1000 }, retry: 10, random: 0.5, ms: 5000 },
    { name: 'backoffMs 0: no wait', policy: { backoffMs: 0 }, retry: 3, random: 0.9, ms: 0 },
  ];
  for (const c of cases) {
    test(c.name, () =>
      assert.equal(
        backoffMs({ ...POLICY, ...c.policy }, c.retry, () => c.random),
        c.ms,
      ),
    );
  }

  test('never above the cap', () => {
    const random = seededRandom(3);
    for (let retry = 1; retry <= 40; retry++) {
      assert.ok(backoffMs({ ...POLICY, backoffMs: 5000 }, retry, random.next) < MAX_BACKOFF_MS);
    }
  });
});

describe('isRetryable', () => {
  const cases: [AttemptOutcome, boolean][] = [
    [{ kind: 'timeout' }, true],
    [{ kind: 'network' }, true],
    ...[408, 425, 429, 500, 502, 503, 504, 529].map((status): [AttemptOutcome, boolean] => [
      { kind: 'status', status },
      true,
    ]),
    ...[400, 401, 403, 404, 409, 413, 415, 422, 501].map((status): [AttemptOutcome, boolean] => [
      { kind: 'status', status },
      false,
    ]),
  ];
  for (const [outcome, retryable] of cases) {
    test(`${JSON.stringify(outcome)} → ${retryable}`, () => assert.equal(isRetryable(outcome), retryable));
  }

  test('the status set is the one isRetryable reads', () => {
    assert.deepEqual([...RETRYABLE_STATUSES].sort(), [408, 425, 429, 500, 502, 503, 504, 529]);
  });
});

describe('Cooldowns', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  test('cools down at the cooldownFailures-th failure in a row, for cooldownSeconds', () => {
    const time = clock();
    const cooldowns = new Cooldowns(time.now);
    cooldowns.failed('a', POLICY);
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), false);
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), true);
    time.advance(29_999);
    assert.equal(cooldowns.isCooling('a'), true);
    time.advance(1);
    assert.equal(cooldowns.isCooling('a'), false);
  });

  test('a success resets the count', () => {
    const cooldowns = new Cooldowns(clock().now);
    cooldowns.failed('a', POLICY);
    cooldowns.failed('a', POLICY);
    cooldowns.succeeded('a');
    cooldowns.failed('a', POLICY);
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), false);
    assert.deepEqual(cooldowns.snapshot(), [{ id: 'a', consecutiveFailures: 2, coolingUntil: null }]);
  });

  test('after the cooldown, one failed probe cools it down again at once', () => {
    const time = clock();
    const cooldowns = new Cooldowns(time.now);
    for (let i = 0; i < 3; i++) cooldowns.failed('a', POLICY);
    time.advance(30_000);
    assert.equal(cooldowns.isCooling('a'), false);
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), true);
    assert.deepEqual(cooldowns.snapshot(), [{ id: 'a', consecutiveFailures: 4, coolingUntil: time.now() + 30_000 }]);
  });

  test('after the cooldown, a successful probe closes the circuit', () => {
    const time = clock();
    const cooldowns = new Cooldowns(time.now);
    for (let i = 0; i < 3; i++) cooldowns.failed('a', POLICY);
    time.advance(30_000);
    cooldowns.succeeded('a');
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), false);
  });

  test('deployments are counted apart; the snapshot lists them by id', () => {
    const time = clock();
    const cooldowns = new Cooldowns(time.now);
    for (let i = 0; i < 3; i++) cooldowns.failed('b', POLICY);
    cooldowns.failed('a', POLICY);
    assert.equal(cooldowns.isCooling('a'), false);
    assert.equal(cooldowns.isCooling('c'), false);
    assert.deepEqual(cooldowns.snapshot(), [
      { id: 'a', consecutiveFailures: 1, coolingUntil: null },
      { id: 'b', consecutiveFailures: 3, coolingUntil: time.now() + 30_000 },
    ]);
  });

  test('cooldownFailures 0 never cools a deployment down', () => {
    const cooldowns = new Cooldowns(clock().now);
    for (let i = 0; i < 5; i++) cooldowns.failed('a', { ...POLICY, cooldownFailures: 0 });
    assert.equal(cooldowns.isCooling('a'), false);
  });

  test('attemptPlan reads the cooldowns', () => {
    const cooldowns = new Cooldowns(clock().now);
    for (let i = 0; i < 3; i++) cooldowns.failed('a', POLICY);
    const plan = attemptPlan(route(deployment('a', 0), deployment('b', 1)), (id) => cooldowns.isCooling(id), replay(0));
    assert.deepEqual(ids(plan), ['b', 'a']);
  });
});
