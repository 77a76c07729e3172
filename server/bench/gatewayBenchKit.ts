/**
 * What the gateway benchmarks share: the fake provider, the trivial proxy, the load generator, the bench team and its
 * key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { REPO_ROOT, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { hashApiKey } from '../keys/apiKeys';
import type { InterleavedResult, LoadOptions, LoadResult } from './loadGenerator';

/** A backlog this deep (a second at 1,000 req/s) means the rate is lost; dropping beyond it keeps runs short. */
export const MAX_IN_FLIGHT = 1_000;
export const KEY = `sk-bench${randomBytes(16).toString('hex')}`;

/**
 * Node's own options for the children (BENCH_CHILD_NODE_ARGS, space-separated): `--cpu-prof --cpu-prof-dir=DIR`
 * profiles the trivial proxy and the provider as `--cpu-prof` on this process profiles our gateway (NODE_OPTIONS
 * may not carry --cpu-prof).
 */
const CHILD_NODE_ARGS = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A TypeScript file of this repository (`file` relative to its root) in a child process, stdout piped. */
export const tsx = (file: string, args: string[] = []) =>
  spawn(process.execPath, [...CHILD_NODE_ARGS, '--import', 'tsx', path.join(REPO_ROOT, file), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });

/** Starts a server/bench child that prints its port on its first line; resolves with `http://127.0.0.1:PORT/v1`. */
async function startServerChild(file: string, args: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = tsx(path.join('server', 'bench', file), args);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/v1`, child };
}

export const startProvider = () => startServerChild('fakeProvider.ts');

/** The floor of this stack: a Fastify proxy to `providerUrl` that does nothing else (trivialProxy.ts). */
export const startTrivialProxy = (providerUrl: string) => startServerChild('trivialProxy.ts', [providerUrl]);

/** Runs `file` (relative to the repository) with one JSON argument; resolves with the JSON of its last stdout line. */
export function jsonFromChild<T>(file: string, argument: unknown): Promise<T> {
  const child = tsx(file, [JSON.stringify(argument)]);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as T)
        : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}

const runLoadGenerator = (options: LoadOptions) =>
  jsonFromChild<LoadResult>(path.join('server', 'bench', 'loadGenerator.ts'), options);

/** Open-loop load on `url` (a full endpoint URL) from a child process. */
export function loadOn(
  url: string,
  headers: Record<string, string>,
  body: string,
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  return runLoadGenerator({
    url,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    rate,
    seconds,
    maxInFlight: MAX_IN_FLIGHT,
  });
}

/** One request at a time on `url` for `seconds`, from a child process: a lone client's latency. */
export function serialOn(url: string, headers: Record<string, string>, body: string, seconds: number) {
  return runLoadGenerator({
    url,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    rate: 0,
    seconds,
    maxInFlight: 1,
    serial: true,
  });
}

/**
 * The bench team, its key and the price of `bench-model`. Resolves with the team's id and the key: an .mts importer
 * may get its own copy of this module, with another KEY, so it must use the one returned.
 */
export async function prepare(db: Db): Promise<{ teamId: string; key: string }> {
  await migrate(db);
  const [user] = await db.query<{ id: string }>(`INSERT INTO users (login) VALUES ('bench') RETURNING id`);
  // A balance no run can exhaust, and no budget: every request is admitted and billed.
  const [team] = await db.query<{ id: string }>(
    `INSERT INTO teams (name, credit_balance_cents) VALUES ('Bench', 1000000000000) RETURNING id`,
  );
  // A spending limit, an expiry and the member cap set, none binding, so admission checks them (docs/governance.md);
  // no allow-list, as the endpoint benchmark calls several models and routes; no per-minute limits, since a key with
  // one is admitted by its own statement in either admission mode (docs/deploy.md#credit-leases), and the rows
  // compare the two modes.
  await db.query(
    `INSERT INTO team_members (team_id, user_id, role, monthly_cap_cents) VALUES ($1, $2, 'owner', 1000000000000)`,
    [team.id, user.id],
  );
  await db.query(
    `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash, spend_limit_cents, limit_period, expires_at)
     VALUES ($1, $2, 'bench', $3, $4, 1000000000000, 'monthly', now() + interval '1 day')`,
    [team.id, user.id, KEY.slice(0, 12), hashApiKey(KEY)],
  );
  await db.query(
    `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, min_tokens, prompt_micros_per_1m,
       completion_micros_per_1m, effective_time) VALUES ('openai', 'bench-model', 'bench', 1, 0, 2500000, 10000000, now() - interval '1 hour')`,
  );
  return { teamId: team.id, key: KEY };
}

/**
 * Whether the team has at least `expected` requests billed as answered (usage events with status success) within
 * `timeoutMs`: bills are written in batches after the replies.
 */
export async function billedWithin(db: Db, teamId: string, expected: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM usage_events WHERE team_id = $1 AND status = 'success'`,
      [teamId],
    );
    if (Number(n) >= expected) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The gateway under benchmark: no rate limit, no logs, the given providers pointed at the fake one. */
export async function startGateway(db: Db, env: Record<string, string>) {
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig(
    {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      LOG_FORMAT: 'json',
      RATE_LIMIT_ENABLED: 'false',
      JWT_SECRET: secret,
      DIST_DIR: os.tmpdir(),
      GATEWAY_ECHO: 'false',
      ...env,
    },
    ['--demo'],
  );
  const app = await buildApp({ config: { ...config, jwtSecret: secret }, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/**
 * Each target one request at a time, taking turns in a random order every round, for `seconds` after `warmupRounds`
 * rounds not counted, from a child process (loadGenerator.ts runInterleaved).
 */
export function interleavedOn(
  targets: { url: string; headers: Record<string, string>; body: string }[],
  warmupRounds: number,
  seconds: number,
) {
  return jsonFromChild<InterleavedResult>(path.join('server', 'bench', 'loadGenerator.ts'), {
    targets: targets.map((target) => ({
      ...target,
      headers: { 'content-type': 'application/json', ...target.headers },
    })),
    warmupRounds,
    seconds,
  });
}
