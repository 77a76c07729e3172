import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import {
  apiKeyPath,
  REQUEST_LOG_CSV_PATH,
  REQUEST_LOG_KEYS_PATH,
  REQUEST_LOG_PATH,
  requestLogEntryPath,
  withParams,
} from '../../contract/apiPaths';
import { REQUEST_LOG_CSV_COLUMNS, REQUEST_LOG_SORT_FIELDS } from '../../contract/schemas/requestLog';
import { CSV_BATCH_ROWS } from './requestLogRoutes';
import { hashApiKey } from '../keys/apiKeys';
import { recordUsageBatch, type UsageEvent } from '../credit/writeBills';
import { createGatewayContext, type GatewayTestContext } from '../test/gatewayHelpers';
import type { TestUser } from '../test/helpers';

/**
 * The request log through HTTP against the real server (docs/governance.md#request-log): every filter, every sort
 * both ways with ties in the sort value, keyset paging, cursor validation, team isolation, the entry, the CSV export
 * and a real gateway request's row.
 */
let ctx: GatewayTestContext;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let teamId: string;
let keyA: { id: string; secret: string };
let keyB: string;
let foreignEventId: string;

interface Fixture {
  id: string;
  created_at: number;
  api_key_id: string | null;
  user_id: string;
  model: string;
  status: 'success' | 'error';
  cost_cents: number;
  latency_ms: number;
  total_tokens: number;
}
let fixture: Fixture[] = [];

const BASE = Date.parse('2026-01-10T00:00:00Z');
const MODELS = ['gpt-4o', 'claude-sonnet-4', 'gemini-2.5-pro', 'gpt-4o-mini'];

/** Keys written directly: the key routes are being reworked for issue 19 on another branch. */
async function createKey(user: TestUser, name: string) {
  const secret = `sk-${randomBytes(24).toString('hex')}`;
  const [row] = await ctx.db.query<{ id: string }>(
    'INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [teamId, user.id, name, secret.slice(0, 12), hashApiKey(secret)],
  );
  return { id: row.id, secret };
}

before(async () => {
  ctx = await createGatewayContext({}, ['openai']);
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  outsider = await ctx.user('outsider');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.join(member, teamId);
  await ctx.topUp(teamId, 100_000);
  keyA = await createKey(owner, 'key a');
  keyB = (await createKey(member, 'key b')).id;
  // 30 events with ties in every sort value: two per minute, costs 0-3, latencies in 7 steps, tokens in 15.
  const events: UsageEvent[] = Array.from({ length: 30 }, (_, i) => ({
    teamId,
    userId: i % 2 ? member.id : owner.id,
    apiKeyId: i % 3 === 0 ? keyB : keyA.id,
    model: MODELS[i % 4],
    provider: 'openai',
    promptTokens: 10 * (i % 5),
    completionTokens: i % 3,
    costCents: i % 4,
    latencyMs: 100 + (i % 7) * 10,
    status: i % 5 === 0 ? 'error' : 'success',
    errorCode: i % 5 === 0 ? 'upstream_error' : null,
    errorMessage: i % 5 === 0 ? 'The model provider could not be reached or failed to answer.' : null,
    createdAt: new Date(BASE + Math.floor(i / 2) * 60_000),
  }));
  await recordUsageBatch(ctx.db, events);
  fixture = await ctx.db.query<Fixture>(
    `SELECT id::text, extract(epoch FROM created_at) * 1000 AS created_at, api_key_id, user_id, model, status,
            cost_cents, latency_ms, prompt_tokens + completion_tokens AS total_tokens
     FROM usage_events WHERE team_id = $1`,
    [teamId],
  );
  const otherTeam = await ctx.team(outsider, 'Other', 0);
  await recordUsageBatch(ctx.db, [
    { ...events[0], teamId: otherTeam, userId: outsider.id, apiKeyId: null, createdAt: new Date(BASE + 60_000) },
  ]);
  [{ id: foreignEventId }] = await ctx.db.query<{ id: string }>(
    'SELECT id::text FROM usage_events WHERE team_id = $1',
    [otherTeam],
  );
});
after(() => ctx.close());

const get = (params: Record<string, string | number | undefined>, as: TestUser = member) =>
  ctx.request('GET', withParams(REQUEST_LOG_PATH, params), { as });

/** Every page of a query, following next_cursor. */
async function allPages(params: Record<string, string | number | undefined>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await get({ ...params, cursor });
    assert.equal(res.status, 200, res.text);
    ids.push(...res.body.rows.map((row: { id: string }) => row.id));
    cursor = res.body.next_cursor ?? undefined;
    if (!cursor) return ids;
  }
  throw new Error('paging never ended');
}

/** The fixture's ids in a sort's order, the id breaking ties the same way. */
function expected(field: keyof Fixture, order: 'asc' | 'desc', keep: (row: Fixture) => boolean = () => true) {
  const sign = order === 'asc' ? 1 : -1;
  return fixture
    .filter(keep)
    .sort((a, b) => sign * (Number(a[field]) - Number(b[field]) || Number(a.id) - Number(b.id)))
    .map((row) => row.id);
}

describe('sorting and keyset paging', () => {
  for (const sort of REQUEST_LOG_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      test(`${sort} ${order}: pages of 7 hold every row once, in order, ties broken by id`, async () => {
        assert.deepEqual(await allPages({ sort, order, limit: 7 }), expected(sort, order));
      });
    }
  }

  test('the default is newest first, 50 a page; next_cursor is null on the last page', async () => {
    const res = await get({});
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.rows.map((row: { id: string }) => row.id),
      expected('created_at', 'desc'),
    );
    assert.equal(res.body.next_cursor, null);
    const exact = await get({ limit: 30 });
    assert.equal(exact.body.next_cursor, null, 'a page that ends exactly at the last row is the last page');
  });
});

describe('filters', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const cases: [string, () => Record<string, string | number>, (row: Fixture) => boolean][] = [
    [
      'from (inclusive) and to (exclusive)',
      () => ({ from: iso(BASE + 3 * 60_000), to: iso(BASE + 9 * 60_000) }),
      (row) => row.created_at >= BASE + 3 * 60_000 && row.created_at < BASE + 9 * 60_000,
    ],
    ['api_key_id', () => ({ api_key_id: keyB }), (row) => row.api_key_id === keyB],
    ['user_id', () => ({ user_id: owner.id }), (row) => row.user_id === owner.id],
    ['model', () => ({ model: 'claude-sonnet-4' }), (row) => row.model === 'claude-sonnet-4'],
    ['status error', () => ({ status: 'error' }), (row) => row.status === 'error'],
    ['status success', () => ({ status: 'success' }), (row) => row.status === 'success'],
    ['min_cost_cents', () => ({ min_cost_cents: 2 }), (row) => row.cost_cents >= 2],
  ];
  for (const [name, params, keep] of cases) {
    test(`${name}, newest first and by cost, paged`, async () => {
      const want = expected('created_at', 'desc', keep);
      assert.ok(want.length > 0 && want.length < fixture.length, 'the filter keeps some rows and drops others');
      assert.deepEqual(await allPages({ ...params(), limit: 4 }), want);
      assert.deepEqual(
        await allPages({ ...params(), sort: 'cost_cents', order: 'asc', limit: 4 }),
        expected('cost_cents', 'asc', keep),
      );
    });
  }

  test('filters combine', async () => {
    assert.deepEqual(
      await allPages({ user_id: member.id, status: 'success', min_cost_cents: 1 }),
      expected(
        'created_at',
        'desc',
        (row) => row.user_id === member.id && row.status === 'success' && row.cost_cents >= 1,
      ),
    );
  });

  test('bad filter values are 400 with a message', async () => {
    for (const [params, message] of [
      [{ status: 'failed' }, /status must be one of success, error/],
      [{ api_key_id: 'nope' }, /api_key_id must be a key id/],
      [{ from: 'yesterday' }, /from must be an ISO 8601 date and time\./],
      [{ min_cost_cents: -1 }, /min_cost_cents/],
      [{ sort: 'model' }, /sort must be one of/],
      [{ limit: 201 }, /limit must be an integer from 1 to 200/],
    ] as const) {
      const res = await get(params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.match(res.body.message, message);
    }
  });
});

describe('cursors', () => {
  test('a cursor that is not ours, or from another sort or order, is 400', async () => {
    const first = await get({ sort: 'cost_cents', limit: 5 });
    const cursor = first.body.next_cursor as string;
    assert.ok(cursor);
    const forged = Buffer.from(JSON.stringify({ s: 'cost_cents', o: 'desc', v: "1'; DROP TABLE x", i: 3 })).toString(
      'base64url',
    );
    for (const params of [
      { cursor: 'not-a-cursor!' },
      { cursor: forged, sort: 'cost_cents' },
      { cursor: Buffer.from('[1,2]').toString('base64url') },
      { cursor, sort: 'latency_ms' },
      { cursor, sort: 'cost_cents', order: 'asc' },
      { cursor },
    ]) {
      const res = await get(params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.match(res.body.message, /cursor is not one this server gave/);
    }
    assert.equal((await get({ cursor, sort: 'cost_cents', limit: 5 })).status, 200);
  });
});

describe('team scope', () => {
  test("another team's events are never listed, exported or shown; unknown ids are 404", async () => {
    const ids = await allPages({});
    assert.ok(!ids.includes(foreignEventId));
    assert.equal((await ctx.request('GET', requestLogEntryPath(foreignEventId), { as: owner })).status, 404);
    for (const id of ['999999999', 'abc', '1e3', '99999999999999999999']) {
      const res = await ctx.request('GET', requestLogEntryPath(id), { as: owner });
      assert.equal(res.status, 404, id);
    }
    const theirs = await get({}, outsider);
    assert.deepEqual(
      theirs.body.rows.map((row: { id: string }) => row.id),
      [foreignEventId],
    );
    const csv = await ctx.request('GET', REQUEST_LOG_CSV_PATH, { as: outsider });
    assert.equal(csv.text.trim().split('\r\n').length, 2);
  });

  test('401 without a session; 404 NO_TEAM without a team', async () => {
    assert.equal((await ctx.request('GET', REQUEST_LOG_PATH)).status, 401);
    assert.equal((await ctx.request('GET', REQUEST_LOG_CSV_PATH)).status, 401);
    const loner = await ctx.user('loner');
    const res = await get({}, loner);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'NO_TEAM');
  });
});

describe("the key filter's choices", () => {
  test("every key of the team, a revoked one too (its requests stay), live keys first; never another team's", async () => {
    const revoked = await createKey(owner, 'key gone');
    await recordUsageBatch(ctx.db, [
      {
        teamId,
        userId: owner.id,
        apiKeyId: revoked.id,
        model: 'gpt-4o',
        provider: 'openai',
        promptTokens: 1,
        completionTokens: 1,
        costCents: 0,
        latencyMs: 100,
        status: 'success',
        errorCode: null,
        errorMessage: null,
        createdAt: new Date(BASE - 60_000),
      },
    ]);
    try {
      assert.equal((await ctx.request('DELETE', apiKeyPath(revoked.id), { as: owner })).status, 200);
      const res = await ctx.request('GET', REQUEST_LOG_KEYS_PATH, { as: member });
      assert.equal(res.status, 200, res.text);
      const keys = res.body as { id: string; name: string; is_active: boolean; revoked_at: string | null }[];
      assert.deepEqual(
        keys.map(({ name, is_active, revoked_at }) => [name, is_active, revoked_at === null]),
        [
          ['key b', true, true],
          ['key a', true, true],
          ['key gone', false, false],
        ],
      );
      assert.ok(Date.now() - Date.parse(keys[2].revoked_at as string) < 60_000);
      // The revoked key's request is still found by its key.
      const rows = await get({ api_key_id: revoked.id });
      assert.equal(rows.body.rows.length, 1);
      assert.deepEqual((await ctx.request('GET', REQUEST_LOG_KEYS_PATH, { as: outsider })).body, []);
      assert.equal((await ctx.request('GET', REQUEST_LOG_KEYS_PATH)).status, 401);
    } finally {
      // The other tests count the fixture's events.
      await ctx.db.query('DELETE FROM usage_events WHERE api_key_id = $1', [revoked.id]);
    }
  });
});

describe('a gateway request in the log', () => {
  test('an answered and a failed request, with key, member, tokens and the error message its client got', async () => {
    await ctx.tier({ provider: 'openai', model: 'good', prompt: 1, completion: 1 });
    await ctx.tier({ provider: 'openai', model: 'down', prompt: 1, completion: 1 });
    ctx.upstream.handler = (request, res) => {
      if (request.body.model === 'down') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'secret upstream detail', type: 'server_error' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 1,
          model: 'good',
          choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
        }),
      );
    };
    const ok = await ctx.chat(keyA.secret, { model: 'good', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(ok.status, 200);
    const failed = await ctx.chat(keyA.secret, { model: 'down', messages: [{ role: 'user', content: 'hi' }] });
    const clientError = ((await failed.json()) as { error: { message: string; code: string } }).error;
    await ctx.app.gateway.settled();
    const res = await get({ from: new Date(Date.now() - 60_000).toISOString(), limit: 2 }, owner);
    const [down, good] = res.body.rows;
    assert.equal(good.model, 'good');
    assert.equal(good.status, 'success');
    assert.equal(good.key_name, 'key a');
    assert.equal(good.user_email, 'owner@example.com');
    assert.equal(good.endpoint, 'chat.completions');
    assert.deepEqual([good.prompt_tokens, good.completion_tokens, good.error_message], [11, 7, null]);
    assert.equal(down.status, 'error');
    assert.equal(down.error_code, clientError.code);
    assert.equal(down.error_message, clientError.message);
    const detail = await ctx.request('GET', requestLogEntryPath(down.id), { as: member });
    assert.equal(detail.status, 200);
    assert.deepEqual(detail.body, down);
    assert.match(detail.body.key_prefix, /^sk-/);

    // Each row keeps the x-request-id its caller got, and the log is searched by it, whatever the time.
    assert.equal(good.request_id, ok.headers.get('x-request-id'));
    assert.equal(down.request_id, failed.headers.get('x-request-id'));
    const found = await get({ request_id: ` ${String(failed.headers.get('x-request-id'))} ` }, owner);
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(
      found.body.rows.map((row: { id: string }) => row.id),
      [down.id],
    );
    assert.deepEqual((await get({ request_id: 'no-such-request' }, owner)).body.rows, []);
    assert.equal((await get({ request_id: 'x'.repeat(201) }, owner)).status, 400);
  });
});

describe('CSV export', () => {
  const lines = (text: string) => text.split('\r\n').slice(0, -1);

  test('header, attachment name, quoting and the formula guard', async () => {
    await ctx.db.query(`UPDATE api_keys SET name = $1 WHERE id = $2`, ['=HYPERLINK("http://x"),"quoted"', keyB]);
    const res = await ctx.request(
      'GET',
      withParams(REQUEST_LOG_CSV_PATH, {
        api_key_id: keyB,
        from: '2026-01-10T00:00:00.000Z',
        to: '2026-01-11T00:00:00.000Z',
      }),
      { as: owner },
    );
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="requests-2026-01-10-2026-01-11.csv"');
    const [header, ...rows] = lines(res.text);
    assert.equal(header, REQUEST_LOG_CSV_COLUMNS.join(','));
    assert.equal(rows.length, expected('created_at', 'desc', (row) => row.api_key_id === keyB).length);
    assert.ok(rows[0].includes(`,"'=HYPERLINK(""http://x""),""quoted""",`), rows[0]);
    await ctx.db.query(`UPDATE api_keys SET name = 'key b' WHERE id = $1`, [keyB]);
  });

  test('the whole filtered result, across several batches, each row once and in order', async () => {
    const count = 2 * CSV_BATCH_ROWS + 1;
    await ctx.db.query(
      `INSERT INTO usage_events (team_id, user_id, model, provider, cost_cents, created_at)
       SELECT $1, $2, 'bulk', 'openai', g % 3, $3::timestamptz - g * interval '1 second'
       FROM generate_series(1, $4) g`,
      [teamId, owner.id, new Date(BASE), count],
    );
    const res = await ctx.request('GET', withParams(REQUEST_LOG_CSV_PATH, { model: 'bulk', sort: 'cost_cents' }), {
      as: member,
    });
    assert.equal(res.status, 200);
    const rows = lines(res.text).slice(1);
    assert.equal(rows.length, count);
    const keys = rows.map((line) => {
      const cells = line.split(',');
      return [Number(cells[REQUEST_LOG_CSV_COLUMNS.indexOf('cost_cents')]), Number(cells[0])];
    });
    assert.equal(new Set(keys.map(([, id]) => id)).size, count);
    for (let i = 1; i < keys.length; i++) {
      const [cost, id] = keys[i];
      const [prevCost, prevId] = keys[i - 1];
      assert.ok(cost < prevCost || (cost === prevCost && id < prevId), `row ${i} out of order`);
    }
    await ctx.db.query(`DELETE FROM usage_events WHERE model = 'bulk'`);
  });

  test('the export waits for a slow client and stops when it hangs up', async () => {
    const batches = 12;
    await ctx.db.query(
      `INSERT INTO usage_events (team_id, user_id, model, provider, created_at)
       SELECT $1, $2, 'hangup', 'openai', $3::timestamptz - g * interval '1 second' FROM generate_series(1, $4) g`,
      [teamId, owner.id, new Date(BASE), batches * CSV_BATCH_ROWS],
    );
    // Counts the export's statements: the routes share this Db object.
    let queries = 0;
    const query = ctx.db.query.bind(ctx.db);
    ctx.db.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.includes('e.model = $2')) queries++;
      return query(sql, ...(rest as []));
    }) as typeof ctx.db.query;
    try {
      const request = http.get(`${ctx.origin}${withParams(REQUEST_LOG_CSV_PATH, { model: 'hangup' })}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      response.pause();
      await sleep(500);
      const whilePaused = queries;
      assert.ok(whilePaused >= 1);
      assert.ok(whilePaused < batches, `a client that reads nothing holds the export back (${whilePaused} batches)`);
      request.destroy();
      await sleep(500);
      assert.ok(queries <= whilePaused + 1, `the export stopped (${queries} batches after ${whilePaused})`);
    } finally {
      ctx.db.query = query;
    }
    assert.equal((await get({ limit: 1 })).status, 200);
    await ctx.db.query(`DELETE FROM usage_events WHERE model = 'hangup'`);
  });
});
