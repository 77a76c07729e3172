import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app';
import type { Db } from '../db/types';
import { createTestContext, testConfig, type TestContext, type TestUser } from './helpers';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const signedIn: [Method, string][] = [
  ['GET', '/v1/auth/me'],
  ['GET', '/v1/teams/'],
  ['POST', '/v1/teams/'],
  ['GET', '/v1/teams/members'],
  ['POST', '/v1/teams/invite'],
  ['DELETE', `/v1/teams/members/${SOME_ID}`],
  ['PUT', '/v1/teams/budget'],
  ['GET', '/v1/teams/dashboard'],
  ['GET', '/v1/teams/usage-stats'],
  ['GET', '/v1/dashboard/stats'],
  ['GET', '/v1/dashboard/activity'],
  ['GET', '/v1/api-keys/'],
  ['POST', '/v1/api-keys/'],
  ['DELETE', `/v1/api-keys/${SOME_ID}`],
];
const teamScoped = (teamId: string): [Method, string][] => [
  ['GET', `/v1/teams/${teamId}/credits/balance`],
  ['GET', `/v1/teams/${teamId}/credits/balance/detailed`],
  ['GET', `/v1/teams/${teamId}/credits/history`],
  ['GET', `/v1/teams/${teamId}/credits/usage-breakdown`],
  ['POST', `/v1/teams/${teamId}/payments/create-link`],
  ['GET', `/v1/teams/${teamId}/payments/ord_x/status`],
  ['GET', `/v1/teams/${teamId}/payments/history`],
  ['POST', `/v1/teams/${teamId}/payments/ord_x/check`],
  ['POST', `/v1/teams/${teamId}/coupons/validate`],
  ['POST', `/v1/teams/${teamId}/coupons/redeem`],
  ['GET', `/v1/teams/${teamId}/coupons/redemptions`],
];
const adminOnly: [Method, string][] = [
  ['POST', '/v1/admin/coupons'],
  ['GET', '/v1/admin/coupons'],
  ['GET', `/v1/admin/coupons/${SOME_ID}`],
  ['PUT', `/v1/admin/coupons/${SOME_ID}`],
  ['DELETE', `/v1/admin/coupons/${SOME_ID}`],
  ['POST', '/v1/admin/coupons/generate-code'],
  ['GET', '/v1/admin/pricing'],
  ['POST', '/v1/admin/pricing/tiers'],
  ['DELETE', `/v1/admin/pricing/${SOME_ID}`],
  ['GET', '/v1/admin/routing/routes'],
  ['POST', '/v1/admin/routing/routes'],
  ['PUT', `/v1/admin/routing/routes/${SOME_ID}`],
  ['DELETE', `/v1/admin/routing/routes/${SOME_ID}`],
  ['POST', `/v1/admin/routing/routes/${SOME_ID}/deployments`],
  ['PUT', `/v1/admin/routing/routes/${SOME_ID}/deployments/${SOME_ID}`],
  ['DELETE', `/v1/admin/routing/routes/${SOME_ID}/deployments/${SOME_ID}`],
  ['GET', '/v1/admin/routing/credentials'],
  ['POST', '/v1/admin/routing/credentials'],
  ['DELETE', `/v1/admin/routing/credentials/${SOME_ID}`],
  ['GET', '/v1/admin/routing/health'],
];

let ctx: TestContext;
let member: TestUser;
let teamId: string;
let otherTeamId: string;
before(async () => {
  ctx = await createTestContext();
  member = await ctx.user('member');
  teamId = await ctx.team(member);
  otherTeamId = await ctx.team(await ctx.user('stranger'));
});
after(() => ctx.close());

describe('every protected route', () => {
  test('401 NO_TOKEN, INVALID_TOKEN and TOKEN_EXPIRED', async () => {
    const expired = await ctx.token(member.id, -1);
    const routes = [...signedIn, ...teamScoped(teamId), ...adminOnly];
    for (const [method, url] of routes) {
      const cases: [Record<string, string>, string][] = [
        [{}, 'NO_TOKEN'],
        [{ authorization: 'Bearer x.y.z' }, 'INVALID_TOKEN'],
        [{ authorization: `Bearer ${expired}` }, 'TOKEN_EXPIRED'],
      ];
      for (const [headers, code] of cases) {
        const res = await ctx.request(method, url, { headers: { 'content-type': 'application/json', ...headers } });
        assert.equal(res.status, 401, `${method} ${url}`);
        assert.equal(res.body.code, code, `${method} ${url}`);
      }
    }
  });

  test("403 on another team's routes and on admin routes for non-admins", async () => {
    for (const [method, url] of [...teamScoped(otherTeamId), ...adminOnly]) {
      const res = await ctx.request(method, url, { as: member, body: {} });
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.body.code, 'FORBIDDEN');
    }
  });
});

describe('failures', () => {
  test('unexpected errors answer 500 INTERNAL_ERROR without internals; /readyz reports 503', async () => {
    const broken: Db = {
      engine: 'pglite',
      query: async () => {
        throw new Error('connection to 10.0.0.5 refused: password authentication failed');
      },
      tx: async () => {
        throw new Error('boom');
      },
      exec: async () => undefined,
      listen: async () => {
        throw new Error('boom');
      },
      close: async () => undefined,
    };
    const app = await buildApp({ config: testConfig(), db: broken });
    try {
      const res = await app.inject({ url: '/v1/auth/me', headers: { authorization: `Bearer ${member.token}` } });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
      const ready = await app.inject({ url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      assert.doesNotMatch(ready.body, /10\.0\.0\.5/);
    } finally {
      await app.close();
    }
  });
});
