import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { AuditAction, AuditEntry } from '../../contract/schemas/audit';
import { recordAudit } from '../audit/audit';
import { deleteAuditEntriesBefore } from '../audit/retention';
import { createTestContext, type TestContext, type TestUser } from './helpers';

/**
 * The audit log (docs/audit.md): every change an owner or administrator makes leaves exactly one entry, written in
 * the change's transaction, with who, from where, and the record before and after; a refused or rolled-back change
 * leaves none; no secret is ever written; nobody edits or deletes an entry but the retention job.
 */
let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let teamId: string;

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  admin = await ctx.user('admin');
  teamId = await ctx.team(owner, 'Acme', 10_000);
  await ctx.join(member, teamId);
});

const USER_AGENT = 'audit-test/1.0';

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  as: TestUser,
  body?: unknown,
  expected?: number,
) {
  const res = await ctx.request(method, url, { as, body, headers: { 'user-agent': USER_AGENT } });
  if (expected !== undefined) assert.equal(res.status, expected, `${method} ${url}: ${res.text}`);
  return res;
}

/** Every entry, oldest first, read straight from the table. */
async function entries(): Promise<AuditEntry[]> {
  const rows = await ctx.db.query<{ json: string }>(`SELECT row_to_json(a)::text AS json FROM audit_log a ORDER BY id`);
  return rows.map((row) => JSON.parse(row.json));
}

/** Runs `change` and returns the entries it added. */
async function added(change: () => Promise<unknown>): Promise<AuditEntry[]> {
  const [{ last }] = await ctx.db.query<{ last: number }>('SELECT COALESCE(max(id), 0) AS last FROM audit_log');
  await change();
  return (await entries()).filter((entry) => Number(entry.id) > last);
}

async function one(action: AuditAction, change: () => Promise<unknown>): Promise<AuditEntry> {
  const entriesAdded = await added(change);
  assert.deepEqual(
    entriesAdded.map((entry) => entry.action),
    [action],
    `exactly one ${action} entry`,
  );
  const [entry] = entriesAdded;
  assert.equal(entry.user_agent, USER_AGENT);
  assert.equal(entry.ip, '127.0.0.1');
  return entry;
}

describe('every change leaves exactly one entry, with its before and after', () => {
  test('team: creation, budget, invites, caps, removal, joining by the invitation link', async () => {
    const newcomer = await ctx.user('newcomer');
    const created = await one('team.created', () =>
      send('POST', '/v1/teams/', newcomer, { name: 'Newco', budget_limit: 25 }, 201),
    );
    assert.equal(created.actor_label, 'newcomer');
    assert.deepEqual(created.after, { name: 'Newco', budget_limit_cents: 2500 });

    const budget = await one('team.budget_changed', () =>
      send('PUT', '/v1/teams/budget', owner, { budget_limit: 250 }, 200),
    );
    assert.equal(budget.team_id, teamId);
    assert.equal(budget.actor_role, 'owner');
    assert.deepEqual([budget.before, budget.after], [{ budget_limit_cents: 10_000 }, { budget_limit_cents: 25_000 }]);

    const cap = await one('member.cap_changed', () =>
      send('PATCH', `/v1/teams/members/${member.id}/cap`, owner, { monthly_cap_cents: 500 }, 200),
    );
    assert.deepEqual([cap.before, cap.after], [{ monthly_cap_cents: null }, { monthly_cap_cents: 500 }]);
    assert.equal(cap.target_id, member.id);

    const invited = await one('member.invited', () =>
      send('POST', '/v1/teams/invite', owner, { email: 'Carol@Example.com' }, 201),
    );
    assert.deepEqual(invited.after, { email: 'carol@example.com', status: 'pending' });
    const cancelled = await one('invite.cancelled', () =>
      send('DELETE', `/v1/teams/invites/${invited.target_id}`, owner, undefined, 200),
    );
    assert.deepEqual(cancelled.before, { email: 'carol@example.com', status: 'pending' });

    const removed = await one('member.removed', () =>
      send('DELETE', `/v1/teams/members/${member.id}`, owner, undefined, 200),
    );
    assert.deepEqual(removed.before, {
      login: 'member',
      email: 'member@example.com',
      role: 'member',
      monthly_cap_cents: 500,
    });
  });

  test('keys: create, edit, rotate, revoke; the secret and its hash are never written', async () => {
    const created = await one('api_key.created', () =>
      send('POST', '/v1/api-keys/', member, { name: 'ci', spend_limit_cents: 500, limit_period: 'monthly' }, 201),
    );
    assert.equal(created.actor_role, 'member');
    assert.equal(created.after?.name, 'ci');
    assert.equal(created.after?.spend_limit_cents, 500);
    const keyId = created.target_id!;
    const edited = await one('api_key.updated', () =>
      send('PATCH', `/v1/api-keys/${keyId}`, owner, { spend_limit_cents: 900, note: 'raised' }, 200),
    );
    assert.deepEqual(
      [edited.before?.spend_limit_cents, edited.after?.spend_limit_cents, edited.after?.note],
      [500, 900, 'raised'],
    );
    let secret = '';
    const rotated = await one('api_key.rotated', async () => {
      secret = (await send('POST', `/v1/api-keys/${keyId}/rotate`, owner, { grace_seconds: 0 }, 200)).body.key;
    });
    assert.equal(rotated.after?.key_prefix, secret.slice(0, 12));
    const revoked = await one('api_key.revoked', () => send('DELETE', `/v1/api-keys/${keyId}`, owner, undefined, 200));
    assert.deepEqual(revoked.after, { is_active: false });

    const all = JSON.stringify(await entries());
    assert.ok(!all.includes(secret), 'the rotated secret');
    const [hash] = await ctx.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [keyId]);
    assert.ok(!all.includes(hash.key_hash), 'the hash');
  });

  test('money: payment links, billing details, coupons redeemed, manual adjustments', async () => {
    const link = await one('payment.link_created', () =>
      send('POST', `/v1/teams/${teamId}/payments/create-link`, owner, { amount_cents: 1500 }, 201),
    );
    assert.equal(link.after?.amount_cents, 1500);
    const details = await one('billing_details.updated', () =>
      send('PUT', `/v1/teams/${teamId}/billing-details`, owner, { legal_name: 'Acme Ltd', address: '1 Road' }, 200),
    );
    assert.deepEqual(
      [details.before, details.after],
      [null, { legal_name: 'Acme Ltd', address: '1 Road', tax_id: '' }],
    );

    const coupon = await one('coupon.created', () =>
      send('POST', '/v1/admin/coupons', admin, { code: 'save5', amount_usd: 5, max_uses: 3 }, 201),
    );
    assert.equal(coupon.actor_role, 'admin');
    assert.equal(coupon.team_id, null);
    const redeemed = await one('coupon.redeemed', () =>
      send('POST', `/v1/teams/${teamId}/coupons/redeem`, member, { code: 'SAVE5' }, 200),
    );
    assert.deepEqual(
      [redeemed.before, redeemed.after],
      [{ balance_cents: 0 }, { balance_cents: 500, amount_cents: 500 }],
    );
    const adjusted = await one('credits.adjusted', () =>
      send(
        'POST',
        `/v1/admin/teams/${teamId}/credits/adjustments`,
        admin,
        { amount_cents: -200, reason: 'Goodwill' },
        201,
      ),
    );
    assert.deepEqual(
      [adjusted.before, adjusted.after],
      [{ balance_cents: 500 }, { balance_cents: 300, amount_cents: -200, reason: 'Goodwill' }],
    );
    const updated = await one('coupon.updated', () =>
      send('PUT', `/v1/admin/coupons/${coupon.target_id}`, admin, { max_uses: 9 }, 200),
    );
    assert.deepEqual([updated.before?.max_uses, updated.after?.max_uses], [3, 9]);
    const deactivated = await one('coupon.deactivated', () =>
      send('DELETE', `/v1/admin/coupons/${coupon.target_id}`, admin, undefined, 200),
    );
    assert.deepEqual([deactivated.before?.active, deactivated.after?.active], [true, false]);
  });

  test('pricing, routes and credentials (whose secret is never written)', async () => {
    const tier = await one('pricing_tier.created', () =>
      send(
        'POST',
        '/v1/admin/pricing/tiers',
        admin,
        { provider: 'openai', model: 'gpt-audit', min_tokens: 0, prompt_cost_per_1m: 1, completion_cost_per_1m: 2 },
        201,
      ),
    );
    assert.equal(tier.after?.prompt_cost_per_1m, 1);
    const ended = await one('pricing_tier.deactivated', () =>
      send('DELETE', `/v1/admin/pricing/${tier.target_id}`, admin, undefined, 200),
    );
    assert.equal(ended.before?.expiry_time, null);
    assert.ok(ended.after?.expiry_time);

    const SECRET = 'sk-upstream-secret-value-1234';
    const credential = await one('credential.created', () =>
      send('POST', '/v1/admin/routing/credentials', admin, { provider: 'openai', name: 'Prod', secret: SECRET }, 201),
    );
    assert.deepEqual(credential.after, {
      provider: 'openai',
      name: 'Prod',
      hint: '…1234',
      base_url: null,
      usage_key_hint: null,
    });
    const route = await one('route.created', () =>
      send('POST', '/v1/admin/routing/routes', admin, { name: 'team/audited' }, 201),
    );
    const deployment = await one('deployment.added', () =>
      send(
        'POST',
        `/v1/admin/routing/routes/${route.target_id}/deployments`,
        admin,
        { provider: 'openai', model: 'gpt-4o', credential_id: credential.target_id },
        201,
      ),
    );
    assert.deepEqual(
      [(deployment.before?.deployments as unknown[]).length, (deployment.after?.deployments as unknown[]).length],
      [0, 1],
    );
    const routeAfter = (await send('GET', '/v1/admin/routing/routes', admin)).body.routes[0];
    const deploymentId = routeAfter.deployments[0].id;
    await one('deployment.updated', () =>
      send('PUT', `/v1/admin/routing/routes/${route.target_id}/deployments/${deploymentId}`, admin, { weight: 3 }, 200),
    );
    await one('route.updated', () =>
      send('PUT', `/v1/admin/routing/routes/${route.target_id}`, admin, { description: 'audited' }, 200),
    );
    await one('deployment.removed', () =>
      send('DELETE', `/v1/admin/routing/routes/${route.target_id}/deployments/${deploymentId}`, admin, undefined, 200),
    );
    await one('route.deleted', () =>
      send('DELETE', `/v1/admin/routing/routes/${route.target_id}`, admin, undefined, 200),
    );
    const usageKey = await one('credential.usage_key_set', () =>
      send(
        'PUT',
        `/v1/admin/routing/credentials/${credential.target_id}/usage-key`,
        admin,
        { usage_key: `${SECRET}-admin` },
        200,
      ),
    );
    assert.equal(usageKey.before?.usage_key_hint, null);
    assert.ok(usageKey.after?.usage_key_hint);
    await one('credential.deleted', () =>
      send('DELETE', `/v1/admin/routing/credentials/${credential.target_id}`, admin, undefined, 200),
    );
    assert.ok(!JSON.stringify(await entries()).includes(SECRET));
  });

  test('alert settings and webhook endpoints (whose signing secret is never written)', async () => {
    const settings = await one('alert_settings.updated', () =>
      send(
        'PUT',
        '/v1/teams/alerts/settings',
        owner,
        {
          budget_thresholds: [90],
          balance_below_cents: 1000,
          runway_days: null,
          key_limit: true,
          member_cap: false,
          extra_recipients: [],
        },
        200,
      ),
    );
    assert.deepEqual(settings.before?.budget_thresholds, [50, 80, 100]);
    assert.deepEqual(settings.after?.budget_thresholds, [90]);
    let secret = '';
    const endpoint = await one('webhook.created', async () => {
      secret = (await send('POST', '/v1/teams/alerts/webhooks', owner, { url: 'http://127.0.0.1:9/x' }, 201)).body
        .secret;
    });
    assert.deepEqual(endpoint.after, { url: 'http://127.0.0.1:9/x', description: '', enabled: true });
    const disabled = await one('webhook.updated', () =>
      send('PATCH', `/v1/teams/alerts/webhooks/${endpoint.target_id}`, owner, { enabled: false }, 200),
    );
    assert.deepEqual([disabled.before?.enabled, disabled.after?.enabled], [true, false]);
    await one('webhook.deleted', () =>
      send('DELETE', `/v1/teams/alerts/webhooks/${endpoint.target_id}`, owner, undefined, 200),
    );
    assert.ok(secret.startsWith('whsec_'));
    assert.ok(!JSON.stringify(await entries()).includes(secret.slice(6)));
  });

  test('sign-ins and "sign out everywhere" (the session token is never written)', async () => {
    let token = '';
    const signedIn = await one('session.signed_in', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/auth/dev-login',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
        payload: JSON.stringify({ login: 'owner' }),
      });
      assert.equal(res.statusCode, 200, res.body);
      token = String(res.cookies.find((cookie) => cookie.name === 'jwt')?.value);
    });
    assert.equal(signedIn.actor_role, 'owner');
    assert.equal(signedIn.team_id, teamId);
    const everywhere = await one('session.signed_out_everywhere', () =>
      send('POST', '/v1/auth/logout-all', owner, undefined, 200),
    );
    assert.deepEqual(everywhere.after, { ended_sessions: 2 });
    assert.ok(!JSON.stringify(await entries()).includes(token));
  });
});

describe('a refused or rolled-back change leaves no entry', () => {
  test('refusals: 400, 403, 404, 409', async () => {
    const none = await added(async () => {
      await send('PUT', '/v1/teams/budget', member, { budget_limit: 5 }, 403);
      await send('PUT', '/v1/teams/budget', owner, { budget_limit: -5 }, 400);
      await send('PATCH', `/v1/teams/members/${admin.id}/cap`, owner, { monthly_cap_cents: 5 }, 404);
      const key = (await send('POST', '/v1/api-keys/', owner, { name: 'mine' }, 201)).body.id;
      await send('PATCH', `/v1/api-keys/${key}`, member, { note: 'not yours' }, 403);
      await send('POST', '/v1/teams/invite', owner, { email: 'member@example.com' }, 409);
      await send('POST', '/v1/admin/coupons', owner, { code: 'X1', amount_usd: 1, max_uses: 1 }, 403);
      await send('PUT', '/v1/teams/alerts/settings', member, {}, 400);
      await send('POST', '/v1/teams/alerts/webhooks', member, { url: 'http://127.0.0.1:9/' }, 403);
      await send('POST', '/v1/admin/routing/routes', admin, { name: '' }, 400);
    });
    assert.deepEqual(
      none.map((entry) => entry.action),
      ['api_key.created'],
      'only the key that was created',
    );
  });

  test('an entry written in a transaction that then rolls back is gone with it', async () => {
    const none = await added(async () => {
      await assert.rejects(
        ctx.db.tx(async (q) => {
          await recordAudit(
            q,
            { userId: owner.id, label: 'owner', role: 'owner', ip: null, userAgent: null },
            { teamId, action: 'team.budget_changed', target: { id: teamId, label: 'Acme' } },
          );
          throw new Error('the change failed after its entry was written');
        }),
      );
    });
    assert.deepEqual(none, []);
  });
});

describe('append-only, with retention', () => {
  test('no statement updates, deletes or truncates an entry', async () => {
    await send('PUT', '/v1/teams/budget', owner, { budget_limit: 7 }, 200);
    for (const sql of [
      `UPDATE audit_log SET actor_label = 'someone else'`,
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
    ]) {
      await assert.rejects(ctx.db.query(sql), /the audit log is append-only/, sql);
    }
    assert.equal((await entries()).filter((entry) => entry.actor_label === 'owner').length >= 1, true);
  });

  test('the retention job deletes entries past their days, and only those', async () => {
    await ctx.db.query(
      `INSERT INTO audit_log (created_at, team_id, actor_label, actor_role, action, target_type)
       SELECT now() - make_interval(days => d), $1, 'old', 'system', 'team.budget_changed', 'team'
       FROM generate_series(400, 402) d`,
      [teamId],
    );
    await send('PUT', '/v1/teams/budget', owner, { budget_limit: 8 }, 200);
    const deleted = await deleteAuditEntriesBefore(ctx.db, new Date(Date.now() - 365 * 86_400_000), {
      batchSize: 2,
      pauseMs: 0,
    });
    assert.equal(deleted, 3);
    const left = await entries();
    assert.ok(left.every((entry) => entry.actor_label !== 'old'));
    assert.ok(left.some((entry) => entry.action === 'team.budget_changed' && entry.actor_label === 'owner'));
    await assert.rejects(ctx.db.query('DELETE FROM audit_log'), /append-only/, 'still guarded after the job');
  });
});

describe('reading it: owners their team, administrators everything', () => {
  beforeEach(async () => {
    const other = await ctx.user('other');
    await ctx.team(other, 'Other');
    await send('PUT', '/v1/teams/budget', other, { budget_limit: 1 }, 200);
    for (let i = 1; i <= 7; i++) await send('PUT', '/v1/teams/budget', owner, { budget_limit: i }, 200);
    await send('POST', '/v1/teams/invite', owner, { email: 'dave@example.com' }, 201);
  });

  test('an owner pages through their team, newest first; a member is refused', async () => {
    const first = await send('GET', '/v1/audit-log?limit=5', owner, undefined, 200);
    assert.equal(first.body.rows.length, 5);
    assert.equal(first.body.rows[0].action, 'member.invited');
    assert.ok(first.body.rows.every((row: AuditEntry) => row.team_id === teamId && row.team_name === 'Acme'));
    const second = await send('GET', `/v1/audit-log?limit=5&cursor=${first.body.next_cursor}`, owner, undefined, 200);
    assert.equal(second.body.rows.length, 3);
    assert.equal(second.body.next_cursor, null);
    const ids = [...first.body.rows, ...second.body.rows].map((row: AuditEntry) => Number(row.id));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.equal((await send('GET', '/v1/audit-log', member)).status, 403);
    assert.equal((await send('GET', `/v1/audit-log/${ids[0]}`, owner)).body.action, 'member.invited');
  });

  test('filters: actor, action, target, time range; an administrator sees every team and may pick one', async () => {
    const budget = await send('GET', '/v1/audit-log?action=team.budget_changed', owner, undefined, 200);
    assert.equal(budget.body.rows.length, 7);
    const invites = await send('GET', '/v1/audit-log?target_type=member', owner, undefined, 200);
    assert.deepEqual(
      invites.body.rows.map((row: AuditEntry) => row.target_label),
      ['dave@example.com'],
    );
    const byTarget = await send('GET', `/v1/audit-log?target_type=team&target_id=${teamId}`, owner, undefined, 200);
    assert.equal(byTarget.body.rows.length, 7);
    assert.equal((await send('GET', '/v1/audit-log?actor=OTHER', owner, undefined, 200)).body.rows.length, 0);
    const future = new Date(Date.now() + 60_000).toISOString();
    assert.equal((await send('GET', `/v1/audit-log?from=${future}`, owner, undefined, 200)).body.rows.length, 0);
    assert.equal((await send('GET', `/v1/audit-log?to=${future}`, owner, undefined, 200)).body.rows.length, 8);

    // Entries outlive the teams earlier tests removed: they are everyone's too.
    const everyone = await send('GET', '/v1/audit-log?action=team.budget_changed&limit=200', admin, undefined, 200);
    const teams = new Set(everyone.body.rows.map((row: AuditEntry) => row.team_name));
    assert.ok(teams.has('Acme') && teams.has('Other'));
    const acmeOnly = await send('GET', `/v1/audit-log?team_id=${teamId}&limit=200`, admin, undefined, 200);
    assert.equal(acmeOnly.body.rows.length, 8);
    const other = await send('GET', '/v1/audit-log?actor=other', admin, undefined, 200);
    assert.deepEqual(
      other.body.rows.map((row: AuditEntry) => row.actor_label),
      ['other'],
    );
    assert.equal(
      (await send('GET', '/v1/audit-log?action=nothing', owner)).body.message.startsWith('action must be one of'),
      true,
    );
    assert.equal((await send('GET', '/v1/audit-log?cursor=bad', owner)).status, 400);
  });

  test('CSV export: the filtered entries, newest first, with before and after as JSON', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/audit-log.csv?action=team.budget_changed',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    assert.equal(res.statusCode, 200);
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="audit-log-start-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'id,created_at,team_name,actor_label,actor_role,action,target_type,target_id,target_label,before,after,ip,user_agent',
    );
    assert.equal(lines.length, 8);
    assert.ok(lines[1].includes('"{""budget_limit_cents"":600}","{""budget_limit_cents"":700}"'));
  });
});
