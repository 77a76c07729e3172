import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { BACKEND_SCENARIOS, runScenario, type ScenarioBackend } from '../../__tests__/support/backendScenarios';
import { appendLedgerEntry } from '../ledger/ledger';
import { createTestContext, type TestContext, type TestUser } from './helpers';

// The real server answers the scenarios the browser tests' fake backend answers (__tests__/contract/
// backendScenarios.test.ts runs the same ones over MSW): a rule the fake writes differently fails there or here.
let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let users: Record<'alice' | 'admin', TestUser>;
beforeEach(async () => {
  await ctx.reset();
  users = { alice: await ctx.user('alice'), admin: await ctx.user('admin') };
  // As in the fake's seed: alice owns a team with credit on its ledger.
  const team = await ctx.team(users.alice, 'Acme AI');
  await ctx.db.tx((q) =>
    appendLedgerEntry(q, { teamId: team, type: 'topup', amountCents: 5_000, description: 'Seed' }),
  );
});

function server(): ScenarioBackend {
  let as: TestUser | undefined;
  return {
    async signInAs(login) {
      as = users[login];
    },
    async call(method, path, body) {
      const res = await ctx.request(method as 'GET', path, { as, body });
      return { status: res.status, body: res.body };
    },
  };
}

for (const scenario of BACKEND_SCENARIOS) {
  test(scenario.name, async () => {
    assert.deepEqual(await runScenario(server(), scenario), []);
  });
}
