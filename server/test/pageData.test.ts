import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { firstQueryPlan, type FirstQuery } from '../../contract/firstQueries';
import { pageAnswers } from '../lib/pageData';

// Every answer names a team, so a plan's second step (the team's balance) runs too.
const BODY = { id: 'team-1', team: { id: 'team-1' } };

test('a page carries its answers in the order its plan asks, whatever order they come back in', async () => {
  const route = '/dashboard';
  const asked: string[] = [];
  const plan = firstQueryPlan(route);
  assert.ok(plan);
  await plan(
    async (query: FirstQuery) => {
      asked.push(query.path);
      return BODY;
    },
    { today: new Date() },
  );
  assert.ok(asked.length >= 4, 'the dashboard asks several questions side by side');

  // The first question asked is answered last: each answer waits less than the one asked before it.
  const app = Fastify();
  let arrivals = 0;
  app.get('/*', async () => {
    await sleep(20 * (10 - arrivals++));
    return BODY;
  });
  try {
    const answers = await pageAnswers(app, route, { cookie: 'jwt=x' });
    assert.deepEqual(
      answers.map((answer) => answer.path),
      asked,
    );
  } finally {
    await app.close();
  }
});
