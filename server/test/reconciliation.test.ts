import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Reconciliation } from '../../contract/schemas/routing';
import { anthropicMessageJson } from './fakeProviderFormats';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Our ledger against the providers' bills (issue 30, docs/gateway.md#reconciliation): a credential with its
 * provider's admin key is reconciled against the provider's own usage and cost report, read in its real format
 * (OpenAI's organization Usage and Costs APIs, Anthropic's Usage and Cost Admin API), per UTC day and model.
 */
interface Seen {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** The providers' APIs for one test: completions answered with fixed usage, reports with what `report` says. */
function providerApis() {
  const seen: Seen[] = [];
  const state = {
    report: {
      openaiUsage: [] as object[],
      openaiCosts: [] as object[],
      anthropicUsage: [] as object[],
      anthropicCosts: [] as object[],
    },
    reportStatus: 200,
  };
  const page = (data: object[], query: URLSearchParams, unix: boolean) => {
    // Two pages when there are two buckets: the reader must follow next_page.
    const second = query.get('page') === 'next';
    const [first, rest] = [data.slice(0, 1), data.slice(1)];
    return {
      ...(unix && { object: 'page' }),
      data: second ? rest : first,
      has_more: !second && rest.length > 0,
      next_page: !second && rest.length > 0 ? 'next' : null,
    };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname.endsWith('/chat/completions')) {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        return json(200, {
          id: 'c',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        });
      }
      if (req.method === 'POST' && url.pathname.endsWith('/messages')) {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        return json(200, anthropicMessageJson(body.model, 'ok', { input_tokens: 100, output_tokens: 20 }));
      }
      if (state.reportStatus !== 200) return json(state.reportStatus, { error: { message: 'invalid admin key' } });
      const { report } = state;
      if (url.pathname.endsWith('/organization/usage/completions'))
        return json(200, page(report.openaiUsage, url.searchParams, true));
      if (url.pathname.endsWith('/organization/costs'))
        return json(200, page(report.openaiCosts, url.searchParams, true));
      if (url.pathname.endsWith('/organizations/usage_report/messages')) {
        return json(200, page(report.anthropicUsage, url.searchParams, false));
      }
      if (url.pathname.endsWith('/organizations/cost_report'))
        return json(200, page(report.anthropicCosts, url.searchParams, false));
      json(404, { error: { message: `no ${url.pathname}` } });
    });
  });
  return { server, seen, state };
}

let apis: ReturnType<typeof providerApis>;
let base: string;
let ctx: GatewayTestContext;
before(async () => {
  apis = providerApis();
  await new Promise<void>((resolve) => apis.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(apis.server.address() as AddressInfo).port}/v1`;
  ctx = await createGatewayContext({ RECONCILE_TOLERANCE_PERCENT: '2' }, []);
});
after(async () => {
  await ctx.close();
  apis.server.closeAllConnections();
  await new Promise((resolve) => apis.server.close(resolve));
});

const today = new Date().toISOString().slice(0, 10);
const todayUnix = Date.parse(`${today}T00:00:00Z`) / 1000;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

let admin: TestUser;
let key: string;
const credentialIds: Record<string, string> = {};
beforeEach(async () => {
  await ctx.reset();
  apis.seen.length = 0;
  apis.state.reportStatus = 200;
  // The demo's admin login is an administrator (ADMIN_LOGINS).
  admin = await ctx.user('admin');
  const teamId = await ctx.team(admin, 'Acme', 0);
  await ctx.topUp(teamId, 1_000_000);
  key = await ctx.key(admin);
  // $10 / $30 per 1M tokens: 3 calls of 100 + 20 tokens bill 0.3 + 0.18 cents... rounded down per request, so 0.
  // Dearer, so a day's cost is whole cents: $1,000 / $3,000 per 1M -> 10 + 6 cents a call.
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 1_000, completion: 3_000 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 1_000, completion: 3_000 });
  for (const [provider, usageKey] of [
    ['openai', 'sk-admin-openai-0000'],
    ['anthropic', 'sk-ant-admin01-anthropic-1111'],
  ] as const) {
    const created = await ctx.request('POST', '/v1/admin/routing/credentials', {
      as: admin,
      body: {
        provider,
        name: `${provider} main`,
        secret: `sk-${provider}-secret-9999`,
        base_url: base,
        usage_key: usageKey,
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.usage_key_hint, `…${usageKey.slice(-4)}`);
    assert.doesNotMatch(created.text, new RegExp(usageKey));
    credentialIds[provider] = created.body.id;
  }
  await ctx.route('team/openai', [{ provider: 'openai', model: 'gpt-4o', credentialId: credentialIds.openai }]);
  await ctx.route('team/anthropic', [
    { provider: 'anthropic', model: 'claude-sonnet-4', credentialId: credentialIds.anthropic },
  ]);
  for (const model of ['team/openai', 'team/anthropic']) {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.chat(key, { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 50 });
      assert.equal(res.status, 200, await res.text());
    }
  }
  await ctx.app.gateway.settled();
});

/** Both providers' reports for today: OpenAI's agrees with ours, Anthropic's counts 30 output tokens more. */
function reportsForToday() {
  apis.state.report = {
    openaiUsage: [
      {
        object: 'bucket',
        start_time: todayUnix - 86_400,
        end_time: todayUnix,
        results: [],
      },
      {
        object: 'bucket',
        start_time: todayUnix,
        end_time: todayUnix + 86_400,
        results: [
          {
            object: 'organization.usage.completions.result',
            input_tokens: 300,
            output_tokens: 60,
            input_cached_tokens: 0,
            num_model_requests: 3,
            project_id: null,
            user_id: null,
            api_key_id: null,
            model: 'gpt-4o-2024-08-06',
            batch: null,
          },
        ],
      },
    ],
    openaiCosts: [
      {
        object: 'bucket',
        start_time: todayUnix,
        end_time: todayUnix + 86_400,
        results: [
          {
            object: 'organization.costs.result',
            amount: { value: 0.3, currency: 'usd' },
            line_item: 'gpt-4o-2024-08-06, input',
            project_id: null,
          },
          {
            object: 'organization.costs.result',
            amount: { value: 0.18, currency: 'usd' },
            line_item: 'gpt-4o-2024-08-06, output',
            project_id: null,
          },
        ],
      },
    ],
    anthropicUsage: [
      {
        starting_at: `${today}T00:00:00Z`,
        ending_at: `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
        results: [
          {
            uncached_input_tokens: 300,
            cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
            cache_read_input_tokens: 0,
            output_tokens: 90,
            server_tool_use: { web_search_requests: 0 },
            api_key_id: null,
            workspace_id: null,
            model: 'claude-sonnet-4-20250514',
            service_tier: null,
            context_window: null,
          },
        ],
      },
    ],
    anthropicCosts: [
      {
        starting_at: `${today}T00:00:00Z`,
        ending_at: `${today}T23:59:59Z`,
        results: [
          {
            currency: 'USD',
            amount: '30.0',
            workspace_id: null,
            description: 'Claude Sonnet 4 Usage - Input Tokens',
            cost_type: 'tokens',
            context_window: '0-200k',
            model: 'claude-sonnet-4-20250514',
            service_tier: 'standard',
            token_type: 'uncached_input_tokens',
          },
          {
            currency: 'USD',
            amount: '27.0',
            workspace_id: null,
            description: 'Claude Sonnet 4 Usage - Output Tokens',
            cost_type: 'tokens',
            context_window: '0-200k',
            model: 'claude-sonnet-4-20250514',
            service_tier: 'standard',
            token_type: 'output_tokens',
          },
        ],
      },
    ],
  };
}

async function reconcile() {
  const run = await ctx.request('POST', '/v1/admin/routing/reconciliation/run', { as: admin });
  assert.equal(run.status, 200, run.text);
  const listed = await ctx.request('GET', '/v1/admin/routing/reconciliation?days=2', { as: admin });
  assert.equal(listed.status, 200, listed.text);
  return { run: run.body, listed: listed.body as Reconciliation };
}

describe('reconciliation', () => {
  test("each day and model, ours beside the provider's; a day where the provider counts more is flagged", async () => {
    reportsForToday();
    const { run, listed } = await reconcile();
    assert.deepEqual(run, {
      credentials: 2,
      failed: 0,
      rows: 2,
      from: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
      to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    const byProvider = (id: string) => listed.rows.find((row) => row.credential_id === id)!;

    const openai = byProvider(credentialIds.openai);
    assert.equal(openai.day, today);
    assert.equal(openai.model, 'gpt-4o');
    assert.deepEqual(openai.ours, {
      requests: 3,
      input_tokens: 300,
      output_tokens: 60,
      cached_tokens: 0,
      cost_cents: 48,
    });
    assert.deepEqual(openai.theirs, { input_tokens: 300, output_tokens: 60, cached_tokens: 0, cost_cents: 48 });
    assert.deepEqual(openai.differences, []);

    const anthropic = byProvider(credentialIds.anthropic);
    assert.equal(anthropic.model, 'claude-sonnet-4');
    assert.deepEqual(anthropic.ours, {
      requests: 3,
      input_tokens: 300,
      output_tokens: 60,
      cached_tokens: 0,
      cost_cents: 48,
    });
    assert.deepEqual(anthropic.theirs, { input_tokens: 300, output_tokens: 90, cached_tokens: 0, cost_cents: 57 });
    assert.deepEqual(anthropic.differences, [
      'output tokens: ours 60, theirs 90',
      'the provider charged more than the gateway billed',
    ]);
    assert.equal(listed.tolerance_percent, 2);
  });

  test('each report is read with its admin key, by day and model, every page followed', async () => {
    reportsForToday();
    await reconcile();
    const openaiUsage = apis.seen.filter((s) => s.path === '/v1/organization/usage/completions');
    assert.equal(openaiUsage.length, 2, 'two pages');
    assert.equal(openaiUsage[0].headers.authorization, 'Bearer sk-admin-openai-0000');
    assert.equal(openaiUsage[0].query.get('bucket_width'), '1d');
    assert.equal(openaiUsage[0].query.get('group_by'), 'model');
    const anthropicUsage = apis.seen.find((s) => s.path === '/v1/organizations/usage_report/messages')!;
    assert.equal(anthropicUsage.headers['x-api-key'], 'sk-ant-admin01-anthropic-1111');
    assert.equal(anthropicUsage.headers['anthropic-version'], '2023-06-01');
    assert.deepEqual(anthropicUsage.query.getAll('group_by[]'), ['model']);
    assert.equal(
      anthropicUsage.query.get('starting_at'),
      `${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    );
  });

  test('a report the provider refuses is that credential’s failure, shown with it; the others still reconcile', async () => {
    reportsForToday();
    apis.state.reportStatus = 401;
    const { run, listed } = await reconcile();
    assert.equal(run.failed, 2);
    assert.equal(listed.rows.length, 0);
    const credentials = await ctx.request('GET', '/v1/admin/routing/credentials', { as: admin });
    for (const credential of credentials.body.credentials) {
      assert.match(credential.reconcile_error, /answered 401/);
      assert.ok(credential.reconciled_at);
    }
  });

  test('a day with traffic the provider has not reported yet shows our side against zero, flagged', async () => {
    apis.state.report = { openaiUsage: [], openaiCosts: [], anthropicUsage: [], anthropicCosts: [] };
    const { listed } = await reconcile();
    assert.equal(listed.rows.length, 2);
    assert.ok(listed.rows.every((row) => row.differences.includes('input tokens: ours 300, theirs 0')));
    assert.ok(listed.rows.every((row) => row.day === today && row.theirs.cost_cents === null));
    void yesterday;
  });

  test('the usage key: set, replaced, removed, never shown; bad input is a 400 with a sentence', async () => {
    const path = `/v1/admin/routing/credentials/${credentialIds.openai}/usage-key`;
    const replaced = await ctx.request('PUT', path, { as: admin, body: { usage_key: 'sk-admin-replaced-7777' } });
    assert.equal(replaced.status, 200);
    assert.equal(replaced.body.usage_key_hint, '…7777');
    assert.doesNotMatch(replaced.text, /replaced-7777/);
    const removed = await ctx.request('PUT', path, { as: admin, body: { usage_key: null } });
    assert.equal(removed.body.usage_key_hint, null);
    const bad = await ctx.request('PUT', path, { as: admin, body: { usage_key: 'short' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /The usage key must be 8 to 1,000 characters/);
    const days = await ctx.request('GET', '/v1/admin/routing/reconciliation?days=0', { as: admin });
    assert.equal(days.status, 400);
    const member = await ctx.user('member');
    assert.equal((await ctx.request('POST', '/v1/admin/routing/reconciliation/run', { as: member })).status, 403);
  });
});
