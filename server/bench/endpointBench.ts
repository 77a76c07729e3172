/**
 * The endpoint rows of npm run bench:gateway: each API the gateway speaks, and a fallback, against the same fake
 * provider called directly at the matching path, at a moderate fixed rate (BENCH_ENDPOINT_RATE, default 100 req/s,
 * for BENCH_ENDPOINT_SECONDS, default 5, each) on PGlite. "Added" is the gateway's percentile minus the direct
 * run's: translation, routing and billing, and for the fallback row the failed try's round trip.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { KEY, loadOn, prepare, startGateway } from './gatewayBenchKit';
import type { LoadResult } from './loadGenerator';
import { ms } from './pathBench';

const RATE = Number(process.env.BENCH_ENDPOINT_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_ENDPOINT_SECONDS ?? 5);

const chat = (model: string) => ({ model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 16 });
const openAiKey = { authorization: `Bearer ${KEY}` };
const anthropicKey = { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' };

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: object;
  /** The provider's path and body the direct run calls. */
  direct: { path: string; body: object };
}

const CASES: Case[] = [
  {
    name: 'chat/completions → OpenAI',
    path: '/chat/completions',
    headers: openAiKey,
    body: chat('openai/bench-model'),
    direct: { path: '/chat/completions', body: chat('bench-model') },
  },
  {
    name: 'messages → Anthropic (native)',
    path: '/messages',
    headers: anthropicKey,
    body: chat('anthropic/bench-model'),
    direct: { path: '/messages', body: chat('bench-model') },
  },
  {
    name: 'chat/completions → Anthropic (translated)',
    path: '/chat/completions',
    headers: openAiKey,
    body: chat('anthropic/bench-model'),
    direct: { path: '/messages', body: chat('bench-model') },
  },
  {
    name: 'messages → OpenAI (translated)',
    path: '/messages',
    headers: anthropicKey,
    body: chat('openai/bench-model'),
    direct: { path: '/chat/completions', body: chat('bench-model') },
  },
  {
    name: 'embeddings → OpenAI',
    path: '/embeddings',
    headers: openAiKey,
    body: { model: 'openai/bench-embed', input: 'ping' },
    direct: { path: '/embeddings', body: { model: 'bench-embed', input: 'ping' } },
  },
  {
    name: 'responses → OpenAI',
    path: '/responses',
    headers: openAiKey,
    body: { model: 'openai/bench-model', input: 'ping', max_output_tokens: 16 },
    direct: { path: '/responses', body: { model: 'bench-model', input: 'ping', max_output_tokens: 16 } },
  },
  {
    name: 'fallback: 503, then the next deployment',
    path: '/chat/completions',
    headers: openAiKey,
    body: chat('bench/flaky'),
    direct: { path: '/chat/completions', body: chat('bench-model') },
  },
];

async function prepareRoutes(db: Db) {
  await db.query(
    `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, min_tokens, prompt_micros_per_1m,
       completion_micros_per_1m, effective_time)
     SELECT provider, model, 'bench', 1, 0, 2500000, 10000000, now() - interval '1 hour'
     FROM (VALUES ('anthropic', 'bench-model'), ('openai', 'bench-embed'), ('openai', 'bench-unavailable')) m(provider, model)`,
  );
  // The failing deployment never cools down here, so every request of the row pays for its failed try.
  await db.query(
    `WITH r AS (INSERT INTO model_routes (name, max_retries, backoff_ms, cooldown_failures)
                VALUES ('bench/flaky', 0, 0, 10000) RETURNING id)
     INSERT INTO route_deployments (route_id, rank, provider, model)
     SELECT id, 1, 'openai', 'bench-unavailable' FROM r UNION ALL SELECT id, 2, 'openai', 'bench-model' FROM r`,
  );
}

export interface EndpointRow {
  name: string;
  direct: LoadResult;
  gateway: LoadResult;
}

export async function measureEndpoints(providerUrl: string, log: (line: string) => void): Promise<EndpointRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-endpoints-'));
  const db = await openPglite(dataDir);
  const rows: EndpointRow[] = [];
  try {
    await prepare(db);
    await prepareRoutes(db);
    const app = await startGateway(db, {
      OPENAI_API_KEY: 'sk-bench-provider',
      OPENAI_BASE_URL: providerUrl,
      ANTHROPIC_API_KEY: 'sk-bench-provider',
      ANTHROPIC_BASE_URL: providerUrl,
    });
    const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
    try {
      for (const c of CASES) {
        const body = JSON.stringify(c.body);
        const directBody = JSON.stringify(c.direct.body);
        await loadOn(`${gatewayUrl}${c.path}`, c.headers, body, RATE, 1);
        const direct = await loadOn(`${providerUrl}${c.direct.path}`, {}, directBody, RATE, SECONDS);
        const gateway = await loadOn(`${gatewayUrl}${c.path}`, c.headers, body, RATE, SECONDS);
        await app.gateway.settled();
        log(`  ${c.name}: direct p50 ${direct.p50.toFixed(2)} ms, gateway p50 ${gateway.p50.toFixed(2)} ms`);
        rows.push({ name: c.name, direct, gateway });
      }
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function printEndpointRows(rows: EndpointRow[]) {
  console.log(
    `\nEndpoints, PGlite, ${RATE} req/s for ${SECONDS} s each; "added" is the gateway's percentile minus the same ` +
      `provider path called directly.\n`,
  );
  console.log(
    '| Endpoint → provider | Direct p50 | Direct p99 | Gateway p50 | Gateway p99 | Added p50 | Added p99 | Failed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, direct, gateway } of rows) {
    const failed = gateway.errors + gateway.non2xx + gateway.dropped;
    console.log(
      `| ${name} | ${ms(direct.p50)} | ${ms(direct.p99)} | ${ms(gateway.p50)} | ${ms(gateway.p99)} | ` +
        `${ms(gateway.p50 - direct.p50)} | ${ms(gateway.p99 - direct.p99)} | ${failed} |`,
    );
  }
}
