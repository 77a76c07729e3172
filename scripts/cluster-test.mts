// npm run test:cluster: two instances behind HAProxy on PostgreSQL and Redis, checked from outside as a client sees
// them (docs/deploy.md#what-the-cluster-test-proves). Exit 0 when every check holds.
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { startProvider } from '../server/bench/gatewayBenchKit';
import { CACHE_KEY_PREFIX } from '../server/cache/redisCacheStore';
import { openPostgres } from '../server/db/postgres';
import type { Db } from '../server/db/types';
import { dollarsToMicros } from '../server/lib/money';
import { appendLedgerEntry, balanceCents, derivedBalanceCents } from '../server/ledger/ledger';
import { startCluster, type Cluster } from './cluster/cluster.mts';
import { calls, chat, count, servers, steadyLoad, teamWithKey } from './cluster/client.mts';
import { REPO_ROOT, signInCookie } from './lib/demoServer.mts';
import { adminUserPath } from '../contract/apiPaths';

/** Completion tokens cost exactly 1 cent each, so `max_tokens: WORST` is a 7-cent worst case (and bill). */
const WORST = 7;
const MODEL = 'openai/bench-full';
const INSTANCES = 2;
/**
 * Each instance admits against its own credit lease only what the lease has free (docs/deploy.md#credit-leases), so
 * the team never goes below zero; an instance refuses once its lease and what is left together have less than a
 * worst case, so less than one worst case per instance is left unused.
 */
const UNUSED_BOUND_CENTS = INSTANCES * WORST;
/** An instance silent this long has its holds and leases given back by a live one (SILENT_INSTANCE_SECONDS), which
 * notices at its next heartbeat (every 5 s). */
const RELEASE_WITHIN_MS = 30_000 + 5_000 + 5_000;

let cluster: Cluster;
let provider: ChildProcess;
let db: Db;

before(async () => {
  // Slow enough that hundreds of requests are in flight together, and a kill lands on some of them.
  process.env.FAKE_PROVIDER_DELAY_MS = '150';
  const fake = await startProvider();
  provider = fake.child;
  const port = Number(process.env.CLUSTER_TEST_PORT ?? 18080);
  cluster = await startCluster({
    instances: INSTANCES,
    port,
    postgresPort: port - 12_000 + 5,
    redisPort: port - 12_000 + 6,
    statsPort: port + 100,
    workDir: path.join(os.tmpdir(), `amg-cluster-test-${process.pid}`),
    distDir: path.join(REPO_ROOT, 'dist'),
    env: { OPENAI_API_KEY: 'sk-fake-provider', OPENAI_BASE_URL: fake.url, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
  });
  db = openPostgres(cluster.databaseUrl, { max: 2 });
  // Before any gateway call, so every instance's first load of the pricing already has it.
  await db.query(
    `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, min_tokens, prompt_micros_per_1m,
       completion_micros_per_1m, effective_time)
     VALUES ('openai', 'bench-full', 'cluster test', 1, 0, 0, $1, now() - interval '1 hour')`,
    [dollarsToMicros(10_000)],
  );
});

after(async () => {
  await db?.close();
  await cluster?.stop();
  provider?.kill();
});

const topUp = (teamId: string, cents: number) =>
  db.tx((q) => appendLedgerEntry(q, { teamId, type: 'topup', amountCents: cents, description: 'cluster test' }));

/** Resolves once no hold is left: every admitted request is billed or given back. */
async function holdsReleased(teamId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ reserved: number; holds: number }>(
      `SELECT reserved_cents AS reserved, (SELECT count(*) FROM gateway_reservations WHERE team_id = $1) AS holds
       FROM teams WHERE id = $1`,
      [teamId],
    );
    if (row.reserved === 0 && row.holds === 0) return Date.now();
    if (Date.now() > deadline) assert.fail(`holds still open after ${timeoutMs} ms: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const billedRequests = async (teamId: string) =>
  (
    await db.query<{ n: number }>(`SELECT count(*) AS n FROM usage_events WHERE team_id = $1 AND status = 'success'`, [
      teamId,
    ])
  )[0].n;

test('HAProxy spreads requests over both instances', async () => {
  const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${cluster.url}/readyz`)));
  const names = new Set(answers.map((response) => response.headers.get('x-served-by')));
  assert.deepEqual([...names].sort(), ['instance-1', 'instance-2']);
});

test('$1.00 and 200 concurrent calls over both instances never overdraw it', async () => {
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-credit');
  await topUp(teamId, 100);
  const body = { model: MODEL, messages: [{ role: 'user', content: 'go' }], max_tokens: WORST };
  const answers = await calls(200, 200, () => chat(cluster.url, key, body));
  await holdsReleased(teamId);

  const admitted = count(answers, (a) => a.status === 200);
  const refused = count(answers, (a) => a.status === 402 && a.code === 'insufficient_credits');
  assert.equal(
    admitted + refused,
    200,
    `unexpected answers: ${JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 402))}`,
  );
  assert.deepEqual(servers(answers), ['instance-1', 'instance-2']);
  const balance = await balanceCents(db, teamId);
  assert.equal(balance, 100 - admitted * WORST, 'each admitted call billed its 7 cents exactly once');
  assert.ok(balance >= 0, `overdrawn by ${-balance} cents`);
  assert.ok(balance < UNUSED_BOUND_CENTS, `${balance} cents unused, more than a worst case per instance`);
  assert.equal(await derivedBalanceCents(db, teamId), balance, 'the ledger agrees with the balance');
  assert.equal(await billedRequests(teamId), admitted);
  console.log(`# $1.00: ${admitted} admitted, ${refused} refused, balance ${balance} cents`);
});

test("a key's 60 requests per minute admit 60 across both instances, not 120", async () => {
  // All 100 calls must fall in one UTC minute: start early in a minute.
  const second = new Date().getUTCSeconds();
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-rpm', { rpm_limit: 60 });
  await topUp(teamId, 10_000);
  const body = { model: MODEL, messages: [{ role: 'user', content: 'go' }], max_tokens: 1 };
  const answers = await calls(100, 10, () => chat(cluster.url, key, body));
  assert.equal(
    count(answers, (a) => a.status === 200),
    60,
  );
  assert.equal(
    count(answers, (a) => a.status === 429 && a.code === 'rate_limit_exceeded'),
    40,
  );
  assert.deepEqual(servers(answers), ['instance-1', 'instance-2']);
});

test('an answer cached by one instance is a hit on the other (the cache is in the Redis they share)', async () => {
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-cache');
  await topUp(teamId, 10_000);
  const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'cache me' }], max_tokens: 1 });
  const send = (instance: { url: string }) =>
    fetch(`${instance.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-gateway-cache': 'true' },
      body,
    });
  const [first, second] = cluster.instances;
  const miss = await send(first);
  const missText = await miss.text();
  assert.equal(miss.status, 200, missText);
  assert.equal(miss.headers.get('x-gateway-cache-status'), 'miss');
  // The first instance stores the answer once it has sent it: the other asks once it is there.
  const redis = new Redis(cluster.redisUrl);
  try {
    const deadline = Date.now() + 5_000;
    while ((await redis.hlen(`${CACHE_KEY_PREFIX}s:${teamId}`)) === 0) {
      if (Date.now() > deadline) assert.fail('the answer was not stored in Redis');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    redis.disconnect();
  }
  // With REDIS_URL set, the cache is in Redis (CACHE_STORE's default), not the database.
  assert.equal((await db.query(`SELECT 1 FROM response_cache WHERE team_id = $1`, [teamId])).length, 0);
  const hit = await send(second);
  assert.equal(hit.status, 200);
  assert.equal(hit.headers.get('x-gateway-cache-status'), 'hit');
  assert.equal(hit.headers.get('x-gateway-cached-request-id'), miss.headers.get('x-request-id'));
  assert.equal(await hit.text(), missText);
});

test('a user disabled on one instance: the other refuses their key within a second, and serves it once enabled', async () => {
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-disable');
  await topUp(teamId, 10_000);
  const body = { model: MODEL, messages: [{ role: 'user', content: 'go' }], max_tokens: 1 };
  // Each instance has admitted the key, so each holds a credit lease for its team.
  for (const instance of cluster.instances) assert.equal((await chat(instance.url, key, body)).status, 200);
  const [user] = await db.query<{ id: string }>(`SELECT id FROM users WHERE login = 'cluster-disable'`);
  const admin = await signInCookie(cluster.url, 'admin');

  // Through HAProxy, as Admin -> Users does: the instance that changed it says so, and the test watches the other.
  const setDisabled = async (disabled: boolean) => {
    const response = await fetch(`${cluster.url}${adminUserPath(user.id)}`, {
      method: 'PATCH',
      headers: { cookie: admin, origin: cluster.url, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled }),
    });
    assert.equal(response.status, 200, await response.text());
    const servedBy = response.headers.get('x-served-by');
    const changed = cluster.instances.find((instance) => instance.name === servedBy)!;
    const other = cluster.instances.find((instance) => instance !== changed)!;
    return { changed, other, at: Date.now() };
  };

  const disabled = await setDisabled(true);
  assert.equal((await chat(disabled.changed.url, key, body)).status, 401, 'refused where the user was disabled');
  const refusedAfter = await firstAnswer(disabled.other.url, key, body, 401, disabled.at);
  assert.ok(refusedAfter <= 1_000, `the other instance refused the key ${refusedAfter} ms after the user was disabled`);

  const enabled = await setDisabled(false);
  const servedAfter = await firstAnswer(enabled.other.url, key, body, 200, enabled.at);
  assert.ok(servedAfter <= 1_000, `the other instance served the key again ${servedAfter} ms after Enable`);
  await holdsReleased(teamId);
  console.log(
    `# disable: refused on the other instance after ${refusedAfter} ms, served again ${servedAfter} ms after Enable`,
  );
});

/** Calls `url` every 20 ms until it answers `status`; how long after `since` that was (fails after 5 s). */
async function firstAnswer(url: string, key: string, body: object, status: number, since: number) {
  for (;;) {
    if ((await chat(url, key, body)).status === status) return Date.now() - since;
    if (Date.now() - since > 5_000) assert.fail(`${url} did not answer ${status} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('SIGTERM drains an instance: no request fails, everything it admitted is billed, it exits 0', async () => {
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-drain');
  await topUp(teamId, 100_000);
  const body = { model: MODEL, messages: [{ role: 'user', content: 'go' }], max_tokens: 1 };
  const instance = cluster.instances[1];
  let exitCode: number | null = -1;
  const stopped = new Promise((resolve) => setTimeout(resolve, 1_000))
    .then(async () => (exitCode = await instance.terminate()))
    .then(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  const answers = await steadyLoad(16, () => chat(cluster.url, key, body), stopped);
  await holdsReleased(teamId);

  assert.equal(exitCode, 0);
  const failed = answers.filter((a) => a.status !== 200);
  assert.deepEqual(failed, [], 'no request fails while an instance drains');
  assert.equal(await billedRequests(teamId), answers.length);
  console.log(
    `# drain: ${answers.length} requests, 0 failed, ${count(answers, (a) => a.servedBy === instance.name)} on the drained instance`,
  );

  // Ready again, it is back in rotation once HAProxy has seen two good health checks (500 ms apart).
  await instance.start();
  const deadline = Date.now() + 10_000;
  let back: string | null = null;
  while (back !== instance.name && Date.now() < deadline) back = (await chat(cluster.url, key, body)).servedBy;
  assert.equal(back, instance.name, 'HAProxy sends to the restarted instance again');
});

test('kill -9 of an instance under load: only its requests in flight fail, its holds come back, every bill is kept', async () => {
  const { teamId, key } = await teamWithKey(cluster.url, 'cluster-kill');
  await topUp(teamId, 100_000);
  const body = { model: MODEL, messages: [{ role: 'user', content: 'go' }], max_tokens: 1 };
  const victim = cluster.instances[0];
  const WORKERS = 16;
  let killedAt = 0;
  const killed = new Promise((resolve) => setTimeout(resolve, 1_500))
    .then(() => victim.kill())
    .then(() => (killedAt = Date.now()));
  const stopped = killed.then(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
  const answers = await steadyLoad(WORKERS, () => chat(cluster.url, key, body), stopped);

  const ok = count(answers, (a) => a.status === 200);
  const failed = answers.length - ok;
  // At most the requests the dead instance held when it died: one per client at most. Said with each failure's
  // status, code, instance and time from the kill, so a failure tells whether HAProxy sent requests to the dead
  // instance after it died.
  const failures = answers
    .filter((a) => a.status !== 200)
    .map((a) => `${a.status} ${a.code ?? '-'} ${a.servedBy ?? 'no instance'} ${a.at - killedAt} ms`);
  assert.ok(
    failed <= WORKERS,
    `${failed} requests failed, more than the ${WORKERS} that could be in flight:\n${failures.join('\n')}`,
  );
  const afterKill = answers.slice(-WORKERS * 4);
  assert.ok(
    afterKill.every((a) => a.status === 200 && a.servedBy === cluster.instances[1].name),
    'the other instance serves everything once the dead one is out',
  );

  // Not restarted, its holds and leases are given back by the live instance once it has been silent long enough.
  const releasedAt = await holdsReleased(teamId, RELEASE_WITHIN_MS);
  // Restarted (same id and data directory), it writes the bills it had answered but not yet written.
  await victim.start();
  await holdsReleased(teamId);
  assert.ok((await billedRequests(teamId)) >= ok, 'every request answered 200 is billed');
  console.log(
    `# kill -9: ${answers.length} requests, ${failed} failed (in flight on the dead instance), its holds given back ${((releasedAt - killedAt) / 1000).toFixed(1)} s after it died`,
  );
});
