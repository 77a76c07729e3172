import assert from 'node:assert/strict';
import { after, before, beforeEach, mock, test } from 'node:test';
import { USAGE_STATS_PATH, withParams } from '../../contract/apiPaths';
import { utcDay } from '../lib/time';
import { deleteEventsBefore, startRetention } from './retention';
import { recordUsageBatch } from '../credit/writeBills';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

/** Request log retention (docs/governance.md#request-log): old events go in batches; the reports keep every day. */
let ctx: TestContext;
let owner: TestUser;
let teamId: string;
const DAY = 86_400_000;

before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner);
  const now = Date.now();
  await recordUsageBatch(
    ctx.db,
    [120, 100, 91, 89, 10, 0].map((daysAgo, i) => ({
      teamId,
      userId: owner.id,
      apiKeyId: null,
      model: 'gpt-4o',
      provider: 'openai',
      promptTokens: 100,
      completionTokens: 10,
      costCents: 10 + i,
      latencyMs: 100,
      createdAt: new Date(now - daysAgo * DAY),
    })),
  );
});

const eventAges = async () =>
  (
    await ctx.db.query<{ days: number }>(
      'SELECT round(extract(epoch FROM now() - created_at) / 86400) AS days FROM usage_events ORDER BY created_at',
    )
  ).map((row) => Number(row.days));

const report = async () => {
  const today = new Date();
  const res = await ctx.request(
    'GET',
    withParams(USAGE_STATS_PATH, {
      start_date: utcDay(new Date(today.getTime() - 130 * DAY)),
      end_date: utcDay(today),
    }),
    { as: owner },
  );
  assert.equal(res.status, 200);
  return res.body;
};

test('events older than the cutoff are deleted batch by batch; recent ones and the reports stay', async () => {
  const before = await report();
  assert.equal(before.total_requests, 6);
  const deleted = await deleteEventsBefore(ctx.db, new Date(Date.now() - 90 * DAY), { batchSize: 1, pauseMs: 0 });
  assert.equal(deleted, 3);
  assert.deepEqual(await eventAges(), [89, 10, 0]);
  assert.deepEqual(await report(), before);
  assert.equal(await deleteEventsBefore(ctx.db, new Date(Date.now() - 90 * DAY)), 0, 'a second pass finds nothing');
});

test('the job started with the server deletes past the configured days and stops when asked', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  try {
    const job = startRetention(ctx.db, 30, ctx.app.log);
    assert.equal((await eventAges()).length, 6, 'nothing is deleted before the first pass is due');
    mock.timers.tick(60_000);
    await job.stop();
  } finally {
    mock.timers.reset();
  }
  assert.deepEqual(await eventAges(), [10, 0]);
});
