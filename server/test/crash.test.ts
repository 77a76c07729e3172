import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openPglite } from '../db/pglite';
import { migratedDataDir } from './helpers';

// @engine embedded-only: `npm start` on a PGlite data directory, whatever TEST_DATABASE_URL says (scripts/serverTestFiles.mjs).

/**
 * kill -9 in the middle of real traffic (coupon redemptions, payments, gateway calls) against `npm start` on the
 * embedded engine, then a restart on the same data directory: every write the server acknowledged is there, every
 * gateway call it answered is billed (once), and no credit hold of the dead run is left.
 */
const TRAFFIC_MS = Number(process.env.CRASH_TRAFFIC_MS ?? 500);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-data-'));
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>x</title>');
/**
 * Each start listens on a port of its own, below Linux's ephemeral range (32768 and up): after a kill -9 the dead
 * run's port can stay taken for a while (a CI run on PostgreSQL failed its restart with EADDRINUSE on 34546, a port
 * the same range also hands out to outgoing connections).
 */
const freshPort = () => 20_000 + Math.floor(Math.random() * 12_000);
let base = '';
after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
});

function start(): { child: ChildProcess; output: () => string; ready: Promise<void>; exited: Promise<unknown> } {
  const port = freshPort();
  base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'main.ts'), '--demo'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      // A batch's lines through the gateway one by one, so a kill lands while some are in flight.
      BATCHES_VIA_PROVIDER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`${base}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  })();
  return { child, output: () => output, ready, exited };
}

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(login: string) {
  const res = await fetch(`${base}/v1/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login }),
  });
  return {
    cookie: res.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('jwt='))!
      .split(';')[0],
  };
}

/**
 * One scenario in three steps, each its own test so none takes most of a minute on a loaded machine (docs/testing.md,
 * "Test times"); node:test runs them in order, and a step whose predecessor failed fails at once.
 */
describe('kill -9 under traffic: acknowledged writes kept, answered gateway calls billed, no hold left', () => {
  const acked = { redeemed: [] as string[], paid: [] as string[], answered: 0 };
  let started = 0;
  let teamId = '';
  let recovered: RegExpExecArray | null = null;
  let restarted = false;

  let first: ReturnType<typeof start>;
  let alice = { cookie: '' };
  let key = '';
  const codes = Array.from({ length: 150 }, (_, i) => `CRASH${i}`);
  /** A batch (docs/batches.md) running beside the traffic: the kill lands among its lines too. */
  const BATCH_LINES = 200;
  let batchId = '';

  test('the first run starts, with a key for the gateway and 150 coupons to redeem', { timeout: 120_000 }, async () => {
    // The first run starts on a migrated cluster, as every test file's database does (helpers.ts): a new cluster's
    // initdb is seconds of the test on a loaded machine, and every end-to-end run starts from nothing.
    await migratedDataDir(path.join(dataDir, 'pglite'));
    first = start();
    await first.ready;
    alice = { cookie: (await signIn('alice')).cookie };
    const admin = { cookie: (await signIn('admin')).cookie };
    const dashboard = await call('GET', '/v1/teams/dashboard', alice);
    teamId = (dashboard.body!.team as { id: string }).id;
    key = (await call('POST', '/v1/api-keys/', alice, { name: 'crash test' })).body!.key as string;
    for (let i = 0; i < codes.length; i += 15) {
      const made = codes
        .slice(i, i + 15)
        .map((code) => call('POST', '/v1/admin/coupons', admin, { code, amount_usd: 0.01, max_uses: 5 }));
      for (const res of await Promise.all(made)) assert.equal(res.status, 201);
    }
    const lines = Array.from({ length: BATCH_LINES }, (_, i) =>
      JSON.stringify({
        custom_id: `b${i}`,
        method: 'POST',
        url: '/v1/chat/completions',
        body: { model: 'echo/echo-1', max_tokens: 8, messages: [{ role: 'user', content: `batch ${i}` }] },
      }),
    );
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob([lines.join('\n')]), 'crash.jsonl');
    const file = (await (
      await fetch(`${base}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form })
    ).json()) as { id: string };
    batchId = (
      await call(
        'POST',
        '/v1/batches',
        { authorization: `Bearer ${key}` },
        {
          input_file_id: file.id,
          endpoint: '/v1/chat/completions',
          completion_window: '24h',
        },
      )
    ).body!.id as string;
    assert.match(batchId, /^batch_/);
  });

  test(
    'the first run is killed while redemptions, payments and gateway calls of every kind are acknowledged',
    { timeout: 120_000 },
    async () => {
      assert.ok(key, 'the first run started');
      let stopping = false;
      const redeem = async () => {
        for (const code of codes) {
          if (stopping) return;
          const res = await call('POST', `/v1/teams/${teamId}/coupons/redeem`, alice, { code }).catch(() => null);
          if (res?.status === 200) acked.redeemed.push(code);
        }
      };
      const pay = async () => {
        while (!stopping) {
          const link = await call('POST', `/v1/teams/${teamId}/payments/create-link`, alice, {
            amount_cents: 100,
          }).catch(() => null);
          if (link?.status !== 201) continue;
          const order = link.body!.order_id as string;
          const res = await call('POST', `/v1/payments/sandbox/${order}/pay`, {}).catch(() => null);
          if (res?.body?.status === 'completed') acked.paid.push(order);
        }
      };
      const chat = async () => {
        while (!stopping) {
          started++;
          const res = await call(
            'POST',
            '/v1/chat/completions',
            { authorization: `Bearer ${key}` },
            {
              model: 'echo/echo-1',
              max_tokens: 8,
              messages: [{ role: 'user', content: 'crash me' }],
            },
          ).catch(() => null);
          if (res?.status === 200) acked.answered++;
        }
      };
      const traffic = [redeem(), pay(), ...Array.from({ length: 16 }, chat)];
      // At least TRAFFIC_MS of traffic, and until each kind has been acknowledged a few times (CI once killed it with 2
      // payments acknowledged), so the crash always lands among writes of every kind; no longer: a fixed 2.5 s of
      // traffic was a fifth of the test's time and proved nothing more.
      const enough = () => acked.answered > 50 && acked.redeemed.length > 5 && acked.paid.length > 3;
      await new Promise((resolve) => setTimeout(resolve, TRAFFIC_MS));
      for (const deadline = Date.now() + 30_000; !enough() && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      first.child.kill('SIGKILL');
      stopping = true;
      await Promise.all(traffic);
      await first.exited;
      assert.ok(enough(), JSON.stringify(acked));
    },
  );

  let second: ReturnType<typeof start> | null = null;
  test(
    "a second run starts on the same data, replaying the journal and giving the dead run's holds back",
    { timeout: 120_000 },
    async () => {
      assert.ok(teamId, 'the first run took traffic');
      second = start();
      await second.ready;
      if (process.env.CRASH_DEBUG) console.log(second.output());
      recovered = /(\d+) gateway bills replayed from the journal, (\d+) credit holds given back/.exec(second.output());
    },
  );

  test(
    'the batch the kill interrupted is taken up by the second run, which then stops',
    { timeout: 120_000 },
    async () => {
      assert.ok(second, 'the second run started');
      try {
        // The second run has the first one's instance id (kept in the data directory): it takes the batch up at once.
        for (let i = 0; i < 600; i++) {
          const batch = await call('GET', `/v1/batches/${batchId}`, { authorization: `Bearer ${key}` });
          if (batch.body?.status === 'completed') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      restarted = true;
    },
  );

  test('every acknowledged write is kept, every answered call billed once, and no hold is left', async () => {
    assert.ok(restarted, "the second run started on the first run's data");
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const redeemed = await db.query<{ code: string }>(
        `SELECT c.code FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
       JOIN credit_ledger l ON l.coupon_redemption_id = r.id WHERE r.team_id = $1`,
        [teamId],
      );
      const redeemedCodes = new Set(redeemed.map((row) => row.code));
      for (const code of acked.redeemed) assert.ok(redeemedCodes.has(code), `redemption of ${code} kept`);

      const paid = await db.query<{ order_id: string; credits: number }>(
        `SELECT p.order_id, (SELECT count(*)::int FROM credit_ledger l WHERE l.payment_id = p.id) AS credits
       FROM payments p WHERE p.status = 'completed' AND p.team_id = $1`,
        [teamId],
      );
      const credited = new Map(paid.map((row) => [row.order_id, row.credits]));
      for (const order of acked.paid) assert.equal(credited.get(order), 1, `payment ${order} credited once`);

      const [usage] = await db.query<{ billed: number; distinct_requests: number }>(
        `SELECT count(*)::int AS billed, count(DISTINCT request_id)::int AS distinct_requests
       FROM usage_events u JOIN api_keys k ON k.id = u.api_key_id
       WHERE k.name = 'crash test' AND u.status = 'success' AND u.batch_id IS NULL`,
      );
      assert.ok(usage.billed >= acked.answered, `${usage.billed} billed, ${acked.answered} answered`);
      assert.ok(usage.billed <= started, `${usage.billed} billed, ${started} sent`);
      assert.equal(usage.distinct_requests, usage.billed, 'no request billed twice');

      // The batch ended: each line answered is billed once, the ones the kill cut off are not, and its hold is back.
      const [batch] = await db.query<{ status: string; done: number; failed: number; billed: number; bills: number }>(
        `SELECT b.status,
           (SELECT count(*)::int FROM gateway_batch_lines l WHERE l.batch_id = b.id AND l.status = 'done') AS done,
           (SELECT count(*)::int FROM gateway_batch_lines l WHERE l.batch_id = b.id AND l.status = 'failed') AS failed,
           (SELECT count(DISTINCT request_id)::int FROM usage_events u WHERE u.batch_id = b.id AND u.status = 'success')
             AS billed,
           (SELECT count(*)::int FROM usage_events u WHERE u.batch_id = b.id AND u.status = 'success') AS bills
         FROM gateway_batches b WHERE b.id = $1`,
        [batchId],
      );
      assert.equal(batch.status, 'completed');
      assert.equal(batch.done + batch.failed, BATCH_LINES);
      assert.equal(batch.bills, batch.done, 'every line answered is billed, once');
      assert.equal(batch.billed, batch.done, 'no line billed twice');

      const [holds] = await db.query<{ open: number; reserved: number }>(
        `SELECT (SELECT count(*)::int FROM gateway_reservations) AS open,
              (SELECT COALESCE(sum(reserved_cents), 0)::int FROM teams) AS reserved`,
      );
      assert.deepEqual(holds, { open: 0, reserved: 0 });
      const [balance] = await db.query<{ stored: number; derived: number }>(
        `SELECT credit_balance_cents AS stored,
              (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger WHERE team_id = $1)
                - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_events WHERE team_id = $1) AS derived
       FROM teams WHERE id = $1`,
        [teamId],
      );
      assert.equal(balance.stored, balance.derived);
      console.log(
        `crash test: ${acked.answered} answered, ${usage.billed} billed; ${acked.redeemed.length} redemptions and ` +
          `${acked.paid.length} payments acknowledged, all kept; recovery: ${recovered?.[1] ?? 0} bills replayed, ` +
          `${recovered?.[2] ?? 0} holds given back; batch: ${batch.done} lines answered, ${batch.failed} cut off`,
      );
    } finally {
      await db.close();
    }
  });
});
