import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { seedDemoIfEmpty } from '../seed/demo';
import { HOSTILE_STRINGS, REAL_STRINGS, anyValue, deepJson, fromSchema } from './fuzzInputs';
import { createTestContext, type TestContext } from './helpers';
import { runSeed, seededRandom, type Random } from './seededRandom';

/**
 * Every route, thousands of generated requests: bodies, query strings and path parameters shaped by each route's
 * own schema with hostile values mixed in, as every kind of caller. A response of 500 or more, or one slower than
 * HANG_MS, is a failure; afterwards the server must still be ready and the money invariants must hold.
 * FUZZ_REQUESTS sets the count, FUZZ_SEED replays a run (see seededRandom.ts).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4000);
const HANG_MS = 5000;
const SEED = runSeed();

let ctx: TestContext;
let apiKey: string;
const real: Record<string, string[]> = {};
const tokens: Record<string, string> = {};

async function refreshSessions() {
  for (const login of ['alice', 'bob', 'admin', 'drifter']) {
    const [user] = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE login = $1', [login]);
    if (user) tokens[login] = await ctx.token(user.id);
  }
}

before(async () => {
  ctx = await createTestContext({ GATEWAY_ECHO: 'true' });
  await seedDemoIfEmpty(ctx.db, { baseUrl: 'http://localhost:8080' });
  await ctx.user('drifter');
  await refreshSessions();
  const created = await ctx.request('POST', '/v1/api-keys/', {
    body: { name: 'fuzz' },
    headers: { authorization: `Bearer ${tokens.alice}` },
  });
  apiKey = created.body.key;
  const ids = async (sql: string) => (await ctx.db.query<{ id: string }>(sql)).map((row) => String(row.id));
  real.teamId = await ids('SELECT id FROM teams');
  real.id = [
    ...(await ids('SELECT id FROM coupons')),
    ...(await ids('SELECT id FROM pricing_tiers')),
    ...(await ids('SELECT id FROM api_keys')),
    ...(await ids('SELECT id FROM model_routes')),
  ];
  real.deploymentId = await ids('SELECT id FROM route_deployments');
  real.orderId = await ids('SELECT order_id AS id FROM payments');
  real.userId = await ids('SELECT id FROM users');
});
after(() => ctx.close());

const GARBAGE_PARAMS = [
  '%00',
  'a%00b',
  '%ff',
  '%c3%28',
  '..',
  '%2e%2e%2f',
  'null',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
];

/** A lone surrogate has no UTF-8 form: it goes as the bytes a careless encoder would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ed%a0%80';
  }
}

function path(route: RouteOptions, random: Random): string {
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (real[name] && random.chance(0.7)) return random.pick(real[name]);
    return random.chance(0.5) ? random.pick(GARBAGE_PARAMS) : encodeSegment(random.pick(HOSTILE_STRINGS));
  });
  const rest = ['', 'dashboard', 'a/b/c', '%00', '..%2f..%2fetc%2fpasswd', 'main.js%00'];
  // The Gemini door reads a model and a method from its wildcard.
  if (url.startsWith('/v1beta/') && random.chance(0.7)) {
    const model = random.pick(['echo/echo-1', 'echo/flaky', 'nobody/nothing', '', '%2F', 'echo%2Fecho-1']);
    rest.splice(
      0,
      rest.length,
      `${model}:${random.pick(['generateContent', 'streamGenerateContent', 'countTokens', ''])}`,
    );
  }
  return url.replace('*', () => random.pick(rest));
}

function query(route: RouteOptions, random: Random): string {
  if (random.chance(0.05)) return '?' + random.pick(['%ff=%00', 'a[b]=1&a[b]=2', 'limit=1&limit=2', '=&&=', '%']);
  const schema = (route.schema as { querystring?: object } | undefined)?.querystring;
  if (!schema && random.chance(0.8)) return '';
  const value = fromSchema(schema as never, random, REAL_STRINGS);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      params.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function payload(route: RouteOptions, random: Random): string | undefined {
  if (random.chance(0.04)) {
    return random.pick([
      deepJson(5000),
      deepObject(5000),
      `{"model":"echo/echo-1","messages":[{"role":"user","content":${deepJson(3000)}}]}`,
      '{"a":',
      '',
      'null',
      '[]',
      '"string"',
      `"${'z'.repeat(70_000)}"`,
      '{"__proto__":{"polluted":true}}',
    ]);
  }
  const schema = (route.schema as { body?: object } | undefined)?.body;
  return JSON.stringify(fromSchema(schema as never, random, REAL_STRINGS) ?? anyValue(random));
}

function headers(route: RouteOptions, random: Random): Record<string, string> {
  const result: Record<string, string> = {};
  const gateway = route.url === '/v1/chat/completions' || route.url === '/v1/models';
  const who = random.pick(['alice', 'bob', 'admin', 'drifter', null, 'garbage']);
  if (route.url.startsWith('/v1beta/') && random.chance(0.8)) {
    result['x-goog-api-key'] = random.chance(0.8) ? apiKey : random.pick(['sk-nope', 'sk-', 'garbage', '%00']);
  }
  if (gateway && random.chance(0.8)) result.authorization = `Bearer ${random.chance(0.8) ? apiKey : 'sk-nope'}`;
  else if (who === 'garbage')
    result.authorization = `Bearer ${random.pick(HOSTILE_STRINGS.filter((s) => !/[\r\n\0]/.test(s)))}`;
  else if (who) result.authorization = `Bearer ${tokens[who]}`;
  result['content-type'] = random.chance(0.9)
    ? 'application/json'
    : random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', '']);
  return result;
}

async function withTimeout<T>(promise: Promise<T>): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS)));
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The requests go in BATCHES tests of equal size, one after another on one seeded stream: the same seed sends the
 * same requests in the same order as one long test would, and no test takes most of a minute on a loaded machine
 * (docs/testing.md, "Test times").
 */
const BATCHES = 16;
const random = seededRandom(SEED);
const covered = new Set<string>();
const allRoutes = () =>
  ctx.app.routeTable.flatMap((route) => [route.method].flat().map((method) => ({ ...route, method }) as RouteOptions));

for (let batch = 0; batch < BATCHES; batch++) {
  const from = Math.floor((REQUESTS * batch) / BATCHES);
  const to = Math.floor((REQUESTS * (batch + 1)) / BATCHES);
  test(`fuzz: requests ${from + 1}-${to} of ${REQUESTS}, generated over every route, answer below 500 within ${HANG_MS} ms`, async (t) => {
    t.diagnostic(`seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    const routes = allRoutes();
    const failures: string[] = [];
    for (let i = from; i < to && failures.length < 20; i++) {
      if (i % 200 === 0) await refreshSessions();
      const route = random.pick(routes);
      const method = String(route.method) as 'GET';
      const url = path(route, random) + query(route, random);
      const body = ['GET', 'HEAD', 'OPTIONS'].includes(method) ? undefined : payload(route, random);
      const sent = { method, url, headers: headers(route, random), payload: body };
      const res = await withTimeout(ctx.app.inject(sent));
      covered.add(`${method} ${route.url}`);
      if (res === 'hang' || res.statusCode >= 500) {
        const status = res === 'hang' ? 'no answer' : `${res.statusCode} ${res.body.slice(0, 200)}`;
        failures.push(`#${i} ${method} ${url.slice(0, 200)} ${String(body).slice(0, 200)} -> ${status}`);
      }
    }
    assert.deepEqual(failures, [], `seed ${SEED}: requests that answered 5xx or hung:\n${failures.join('\n')}`);
  });
}

test(`fuzz: the ${REQUESTS} requests tried every route`, () => {
  assert.equal(covered.size, allRoutes().length, 'every route was tried');
});

test('after the fuzz: the server is ready and the money invariants hold', async () => {
  await ctx.app.gateway.settled();
  assert.equal((await ctx.app.inject({ url: '/readyz' })).statusCode, 200);
  const teams = await ctx.db.query<{ id: string; balance: number; derived: number; reserved: number; held: number }>(
    `SELECT t.id, t.credit_balance_cents AS balance,
            (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger l WHERE l.team_id = t.id)
              - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_events u WHERE u.team_id = t.id) AS derived,
            t.reserved_cents AS reserved,
            (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r WHERE r.team_id = t.id) AS held
     FROM teams t`,
  );
  for (const team of teams) {
    assert.equal(team.balance, team.derived, `balance = credits - usage for ${team.id}`);
    assert.equal(team.reserved, team.held, `reserved = open holds for ${team.id}`);
    assert.equal(team.held, 0, 'no hold left once every request is settled');
  }
  const coupons = await ctx.db.query<{ code: string; current_uses: number; max_uses: number; redemptions: number }>(
    `SELECT code, current_uses, max_uses,
            (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS redemptions
     FROM coupons c`,
  );
  for (const coupon of coupons) {
    assert.ok(coupon.current_uses <= coupon.max_uses, `${coupon.code}: uses within max`);
    assert.equal(coupon.current_uses, coupon.redemptions, `${coupon.code}: uses = redemptions`);
  }
});
