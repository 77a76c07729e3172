import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { REPO_ROOT } from '../config';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { sendJson, sendStream, words } from './fakeUpstream';

/**
 * GET /metrics (docs/operations.md#metrics): after known traffic (answers, streams, a fallback's failed try, a refused
 * model), Prometheus' text format parsed as Prometheus would, and its counters against the request log row by row.
 */
const TOKEN = 'metrics-token-for-the-test-0123';
let ctx: GatewayTestContext;

before(async () => {
  ctx = await createGatewayContext({ METRICS_TOKEN: TOKEN }, ['openai']);
});
after(() => ctx.close());

const scrape = (authorization?: string) =>
  fetch(`${ctx.origin}/metrics`, { headers: authorization ? { authorization } : {} });

async function families() {
  const res = await scrape(`Bearer ${TOKEN}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const byName = (families: ReturnType<typeof parsePrometheusTextFormat>) => {
    const merged = new Map<string, (typeof families)[number]>();
    for (const family of families) {
      const seen = merged.get(family.name);
      if (seen) seen.metrics.push(...family.metrics);
      else merged.set(family.name, family);
    }
    return merged;
  };
  // The parser folds a histogram's labelled series into one; read without its TYPE line, each of _bucket, _sum and
  // _count is a family of its own with its labels (one family per series: merged by name).
  const untyped = text.replace(/^# TYPE \S+ histogram$/gm, '');
  return { text, parsed: byName(parsePrometheusTextFormat(text)), series: byName(parsePrometheusTextFormat(untyped)) };
}

const key = (labels: Record<string, string | number>) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(labels)
        .map(([name, value]) => [name, String(value)])
        .sort(),
    ),
  );

test('the counters are the request log, the histograms count every request, and nothing names a key or a user', async () => {
  const owner = await ctx.user('owner');
  const teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  const apiKey = await ctx.key(owner);
  await ctx.tier({ provider: 'openai', model: 'good', prompt: 1_000, completion: 2_000 });
  await ctx.tier({ provider: 'openai', model: 'broken', prompt: 1_000, completion: 2_000 });
  await ctx.route('team/smart', [
    { model: 'broken', rank: 1 },
    { model: 'good', rank: 2 },
  ]);
  ctx.upstream.handler = (request, res) => {
    if (request.body.model === 'broken') {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'down', type: 'server_error' } }));
    }
    if (request.body.stream) return sendStream(res, request.body.model, words('one two three'), ctx.upstream.usage);
    return sendJson(res, request.body.model, 'hello', ctx.upstream.usage);
  };
  const ask = (model: string, extra: Record<string, unknown> = {}) =>
    ctx.chat(apiKey, { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, ...extra });

  const answered = [
    ...(await Promise.all([ask('openai/good'), ask('openai/good'), ask('openai/good')])),
    await ask('openai/good', { stream: true, stream_options: { include_usage: true } }),
    await ask('openai/good', { stream: true, stream_options: { include_usage: true } }),
    await ask('team/smart'),
    await ask('team/smart', { stream: true, stream_options: { include_usage: true } }),
  ];
  for (const res of answered) {
    assert.equal(res.status, 200);
    await res.text();
  }
  const unknown = await ask('openai/nobody-knows');
  assert.equal(unknown.status, 404);
  await ctx.app.gateway.settled();

  assert.equal((await scrape()).status, 401);
  assert.equal((await scrape('Bearer not-the-token')).status, 401);
  assert.equal((await scrape(TOKEN)).status, 401);

  const { text, parsed, series } = await families();
  const rows = await ctx.db.query<{
    provider: string;
    model: string;
    endpoint: string;
    status: string;
    team_id: string;
    requests: number;
    prompt: number;
    completion: number;
  }>(
    `SELECT provider, model, endpoint, status, team_id, count(*)::int AS requests,
            sum(prompt_tokens)::int AS prompt, sum(completion_tokens)::int AS completion
     FROM usage_events GROUP BY 1, 2, 3, 4, 5`,
  );
  // 7 answers and the fallback's 2 failed tries of `broken`.
  assert.equal(
    rows.reduce((sum, row) => sum + row.requests, 0),
    9,
  );

  const samples = (name: string) =>
    new Map((parsed.get(name)?.metrics ?? []).map((sample) => [key(sample.labels ?? {}), Number(sample.value)]));
  const requests = samples('gateway_requests_total');
  const expected = new Map(
    rows.map((row) => [
      key({ provider: row.provider, model: row.model, endpoint: row.endpoint, status: row.status, team: row.team_id }),
      row.requests,
    ]),
  );
  assert.deepEqual(requests, expected);

  const tokens = samples('gateway_tokens_total');
  for (const row of rows) {
    const where = { provider: row.provider, model: row.model, endpoint: row.endpoint, team: row.team_id };
    assert.equal(tokens.get(key({ ...where, type: 'input' })) ?? 0, row.prompt, `input tokens of ${row.model}`);
    assert.equal(tokens.get(key({ ...where, type: 'output' })) ?? 0, row.completion, `output tokens of ${row.model}`);
  }
  const errors = samples('gateway_errors_total');
  const failed = rows.find((row) => row.status === 'error')!;
  assert.equal(failed.model, 'broken');
  assert.deepEqual(
    [...errors.values()].reduce((a, b) => a + b, 0),
    failed.requests,
  );

  assert.equal(samples('gateway_refused_total').get(key({ endpoint: 'chat.completions', status_code: 404 })), 1);
  assert.equal(samples('gateway_requests_in_flight').get(key({})), 0);
  assert.equal(samples('gateway_credit_holds_open').get(key({})), 0);
  assert.equal(samples('gateway_journal_depth').get(key({})), 0);

  const histogram = (name: string) =>
    new Map(
      (series.get(`${name}_count`)?.metrics ?? []).map((sample) => [key(sample.labels ?? {}), Number(sample.value)]),
    );
  assert.equal(parsed.get('gateway_added_latency_seconds')?.type, 'HISTOGRAM');
  assert.equal(histogram('gateway_added_latency_seconds').get(key({ endpoint: 'chat.completions' })), 7);
  const upstream = histogram('gateway_upstream_latency_seconds');
  assert.equal(upstream.get(key({ provider: 'openai', outcome: 'answered' })), 7);
  assert.equal(upstream.get(key({ provider: 'openai', outcome: 'failed' })), 2);
  const batches = series.get('gateway_settlement_batch_size_sum')?.metrics[0];
  assert.equal(Number(batches?.value), 9, 'every bill was in a settlement batch');
  assert.ok((samples('gateway_cache_reloads_total').get(key({ cache: 'routing' })) ?? 0) >= 1);
  // The broken deployment failed twice in a row: its health shows it (cooling after three).
  assert.deepEqual([...samples('gateway_deployment_consecutive_failures').values()], [2]);
  assert.ok(parsed.has('process_cpu_user_seconds_total'), "Node's process metrics");
  assert.ok(parsed.has('nodejs_eventloop_lag_seconds'));

  // Every series the Grafana dashboard (deploy/) charts is one this endpoint serves.
  const dashboard = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'grafana-dashboard.json'), 'utf8');
  const charted = new Set(
    [...dashboard.matchAll(/\b((?:gateway|process|nodejs)_[a-z0-9_]+)/g)].map(([name]) =>
      series.has(name) ? name : name.replace(/_(bucket|count|sum)$/, ''),
    ),
  );
  assert.ok(charted.size >= 15);
  assert.deepEqual(
    [...charted].filter((name) => !parsed.has(name) && !series.has(name)),
    [],
  );

  const [keyRow] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys');
  assert.ok(!text.includes(keyRow.id), 'no key id');
  assert.ok(!text.includes(owner.id), 'no user id');
});

test("the response cache's hits and what they saved are counted once billed", async () => {
  const owner = await ctx.user('cacher');
  const teamId = await ctx.team(owner, 'Cachers', 0);
  await ctx.topUp(teamId, 100_000);
  const apiKey = await ctx.key(owner);
  await ctx.tier({ provider: 'openai', model: 'kept', prompt: 1_000, completion: 2_000 });
  ctx.upstream.handler = null;
  const body = { model: 'openai/kept', messages: [{ role: 'user', content: 'again' }], max_tokens: 10 };
  for (let i = 0; i < 3; i++) {
    const res = await ctx.chat(apiKey, body, { 'x-gateway-cache': 'true' });
    assert.equal(res.headers.get('x-gateway-cache-status'), i === 0 ? 'miss' : 'hit');
    await res.text();
    await ctx.app.gateway.settled();
  }
  const [{ cost }] = await ctx.db.query<{ cost: number }>(
    'SELECT cost_cents AS cost FROM usage_events WHERE team_id = $1 AND cached_from IS NULL',
    [teamId],
  );
  assert.ok(cost > 0);
  const { parsed } = await families();
  const value = (name: string, labels: Record<string, string>) =>
    Number(parsed.get(name)?.metrics.find((sample) => key(sample.labels ?? {}) === key(labels))?.value ?? 0);
  const where = { provider: 'openai', model: 'kept', team: teamId };
  assert.equal(value('gateway_response_cache_hits_total', { ...where, endpoint: 'chat.completions' }), 2);
  assert.equal(value('gateway_response_cache_saved_cents_total', where), 2 * cost);
});

test('without METRICS_TOKEN there is no /metrics, and nothing is kept', async () => {
  const off = await createGatewayContext({}, ['openai']);
  try {
    const res = await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.statusCode, 404);
    assert.ok(!off.app.routeTable.some((route) => route.url === '/metrics'));
  } finally {
    await off.close();
  }
});

test('a media request counts its billed units by kind, beside its request and its cost', async () => {
  const owner = await ctx.user('media');
  const teamId = await ctx.team(owner, 'Pictures', 0);
  await ctx.topUp(teamId, 10_000);
  const apiKey = await ctx.key(owner);
  await ctx.tier({ provider: 'echo', model: 'image-1', prompt: 0, completion: 0, unitPrices: { image: 0.04 } });
  await ctx.client(apiKey).images.generate({ model: 'echo/image-1', prompt: 'x', n: 3, response_format: 'b64_json' });
  await ctx.app.gateway.settled();
  const { parsed } = await families();
  const where = { provider: 'echo', model: 'image-1', endpoint: 'images.generations', team: teamId };
  const units = (parsed.get('gateway_units_total')?.metrics ?? []).find(
    (sample) => key(sample.labels ?? {}) === key({ ...where, unit: 'image' }),
  );
  assert.equal(Number(units?.value), 3);
  const requests = (parsed.get('gateway_requests_total')?.metrics ?? []).find(
    (sample) => key(sample.labels ?? {}) === key({ ...where, status: 'success' }),
  );
  assert.equal(Number(requests?.value), 1);
});
