// The shared fake backend follows docs/api-contract.md: shapes, auth rules, mutations and reset.
import type { ApiKey, CreatedApiKey } from '../contract/schemas/apiKeys';
import type { CreditEntry, Payment, PaymentLink } from '../contract/schemas/billing';
import type { Coupon } from '../contract/schemas/coupons';
import type { PricingTier } from '../contract/schemas/pricing';
import type { Team, TeamDashboard, TeamMember } from '../contract/schemas/teams';
import type { UsageStats } from '../contract/schemas/usage';
import { ACME_TEAM_ID, FAKE_NOW, fakeDb } from './support/fakeBackend';
import { API_ORIGIN } from './support/handlers';
import { contractViolations } from './support/handlers/contract';

interface Reply<T> {
  status: number;
  body: T;
}

interface ErrorBody {
  code: string;
  message: string;
}

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
  const response = await fetch(`${API_ORIGIN}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const get = <T>(path: string) => call<T>('GET', path);
const post = <T>(path: string, body?: unknown) => call<T>('POST', path, body);
const team = (rest: string) => `/v1/teams/${ACME_TEAM_ID}${rest}`;

describe('auth and access rules', () => {
  it('answers /v1/auth/me for the signed-in user (alice after reset)', async () => {
    const { status, body } = await get('/v1/auth/me');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'user-alice',
      login: 'alice',
      name: 'Alice Anderson',
      email: 'alice@example.com',
      is_admin: false,
      team_id: ACME_TEAM_ID,
      team_role: 'owner',
    });
  });

  it('answers 401 NO_TOKEN when nobody is signed in', async () => {
    fakeDb.signInAs(null);
    const replies = await Promise.all([get<ErrorBody>('/v1/auth/me'), get<ErrorBody>('/v1/teams/')]);
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('NO_TOKEN');
    }
  });

  it('answers 404 NO_TEAM on team routes for a user without a team', async () => {
    fakeDb.signInAs('carol');
    const { status, body } = await get<ErrorBody>('/v1/teams/dashboard');
    expect(status).toBe(404);
    expect(body.code).toBe('NO_TEAM');
  });

  it('forbids another team, owner-only actions for members and admin routes for non-admins', async () => {
    expect((await get<ErrorBody>('/v1/teams/team-other/credits/balance')).body.code).toBe('FORBIDDEN');
    expect((await get<ErrorBody>('/v1/admin/coupons')).status).toBe(403);
    fakeDb.signInAs('bob');
    const invite = await post<ErrorBody>('/v1/teams/invite', { email: 'dan@example.com' });
    expect(invite).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: expect.any(String) } });
  });

  it("refuses a bad value with the contract's sentence in a 400 VALIDATION_ERROR", async () => {
    const { status, body } = await call<ErrorBody>('PUT', '/v1/teams/budget', { budget_limit: -1 });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The monthly budget must be an amount from $0.00 to $1,000,000,000.00.',
    });
  });
});

describe('teams', () => {
  it('serves the seeded team, members and dashboard', async () => {
    const { body: acme } = await get<Team>('/v1/teams/');
    expect(acme).toMatchObject({ id: ACME_TEAM_ID, name: 'Acme AI', budget_limit: 500, current_usage: 320.5 });
    expect(acme.budget_utilization).toBe(64.1);
    expect(acme.member_count).toBe(2);

    const { body: members } = await get<TeamMember[]>('/v1/teams/members');
    expect(members.map((member) => [member.id, member.role])).toEqual([
      ['user-alice', 'owner'],
      ['user-bob', 'member'],
    ]);

    const { body: dashboard } = await get<TeamDashboard>('/v1/teams/dashboard');
    expect(dashboard.is_owner).toBe(true);
    expect(dashboard.current_month_stats.total_cost).toBe(320.5);
    expect(dashboard.current_month_stats.top_models[0]).toEqual({
      name: 'claude-sonnet-4',
      request_count: 600,
      total_cost: 118,
    });
  });

  it('creates a team whose creator is the owner', async () => {
    fakeDb.signInAs('carol');
    const created = await post<Team>('/v1/teams/', { name: 'Carol Co', budget_limit: 100 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Carol Co', budget_limit: 100, current_usage: 0, member_count: 1 });
    const { body: dashboard } = await get<TeamDashboard>('/v1/teams/dashboard');
    expect(dashboard.is_owner).toBe(true);
    expect((await post<ErrorBody>('/v1/teams/', { name: 'Again', budget_limit: 1 })).status).toBe(409);
  });

  it('updates the budget, stores invites and removes members', async () => {
    const budget = await call<Team>('PUT', '/v1/teams/budget', { budget_limit: 1000 });
    expect(budget.body.budget_utilization).toBe(32.05);
    expect(await post('/v1/teams/invite', { email: 'dan@example.com' })).toEqual({
      status: 201,
      body: { email: 'dan@example.com', status: 'pending' },
    });
    expect(fakeDb.state.invites).toHaveLength(1);
    expect((await call('DELETE', '/v1/teams/members/user-bob')).body).toEqual({ success: true });
    expect((await get<Team>('/v1/teams/')).body.member_count).toBe(1);
    expect((await call<ErrorBody>('DELETE', '/v1/teams/members/user-alice')).status).toBe(403);
  });

  it('filters usage stats by an inclusive date range and defaults to the last 30 days', async () => {
    const { body: month } = await get<UsageStats>('/v1/teams/usage-stats?start_date=2026-11-01&end_date=2026-11-15');
    expect(Object.keys(month.daily_usage)).toHaveLength(15);
    expect(month.total_cost_cents).toBe(32050);
    expect(month.current_usage_cents).toBe(32050);
    expect(month.budget_limit_cents).toBe(50000);

    const { body: all } = await get<UsageStats>('/v1/teams/usage-stats');
    expect(all).toMatchObject({ start_date: '2026-10-17', end_date: '2026-11-15', total_cost_cents: 62050 });
    expect(Object.keys(all.usage_by_model)).toHaveLength(6);
    expect(Object.keys(all.usage_by_member).sort()).toEqual(['user-alice', 'user-bob']);
    expect(all.usage_by_member['user-bob']).toMatchObject({ user_email: 'bob@example.com', total_cost_cents: 25500 });
  });
});

describe('dashboard and API keys', () => {
  it('returns stats with signed change strings and the newest activity first', async () => {
    const { body: stats } = await get<{ api_keys_change: string; response_time_change: string }>('/v1/dashboard/stats');
    expect(stats.api_keys_change).toMatch(/^[+-]/);
    expect(stats.response_time_change).toMatch(/^-/);
    const { body } = await get<{ activities: { id: string; type: string }[] }>('/v1/dashboard/activity?limit=5');
    expect(body.activities.map((activity) => activity.id)).toEqual(['act-1', 'act-2', 'act-3', 'act-4', 'act-5']);
    expect(body.activities.map((activity) => activity.type)).toContain('mystery_event');
  });

  it('creates a key shown once, lists it first and revokes it', async () => {
    const created = await post<CreatedApiKey>('/v1/api-keys/', { name: 'CI' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^sk-[A-Za-z0-9]{40}$/);
    expect(created.body.key_prefix).toBe(created.body.key.slice(0, 11));

    const { body: keys } = await get<ApiKey[]>('/v1/api-keys/');
    expect(keys.map((key) => key.name)).toEqual(['CI', 'Staging', 'Production', 'Old laptop']);
    expect(keys[0]).not.toHaveProperty('key');

    expect((await call('DELETE', `/v1/api-keys/${created.body.id}`)).body).toEqual({ success: true });
    expect((await get<ApiKey[]>('/v1/api-keys/')).body).toHaveLength(3);
  });

  it('refuses key creation without a team', async () => {
    fakeDb.setTeamless('alice');
    const { status, body } = await post<ErrorBody>('/v1/api-keys/', { name: 'CI' });
    expect(status).toBe(400);
    expect(body.message).toBe('You must belong to a team to create API keys');
  });
});

describe('key controls, rotation and member caps (docs/governance.md)', () => {
  const patch = <T>(path: string, body?: unknown) => call<T>('PATCH', path, body);

  it('creates a key with controls and answers its period', async () => {
    const { status, body } = await post<CreatedApiKey>('/v1/api-keys/', {
      name: 'Limited',
      spend_limit_cents: 500,
      limit_period: 'monthly',
      allowed_models: ['echo/echo-1'],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      spend_limit_cents: 500,
      limit_period: 'monthly',
      period_spend_cents: 0,
      period_resets_at: '2026-12-01T00:00:00.000Z',
      rpm_limit: null,
      allowed_models: ['echo/echo-1'],
      note: '',
      user_id: 'user-alice',
      previous_key_prefix: null,
    });
  });

  it.each([
    [
      { name: 'x', spend_limit_cents: 0 },
      'The spending limit must be an amount from $0.01 to $1,000,000,000.00, or none.',
    ],
    [{ name: 'x', rpm_limit: 1.5 }, 'Requests per minute must be a whole number from 1 to 1,000,000, or none.'],
    [{ name: 'x', limit_period: 'yearly' }, 'The reset period must be one of: none, daily, weekly, monthly.'],
    [{ name: 'x', expires_at: 'tomorrow' }, 'The expiry must be an ISO 8601 date and time.'],
    [{ name: 'x', expires_at: '2026-11-15T11:00:00Z' }, 'The expiry must be in the future.'],
    [{ name: 'x', note: 'n'.repeat(501) }, 'The note must be at most 500 characters.'],
    [{ name: 'x', allowed_models: [''] }, 'Each allowed model must be 1 to 200 characters.'],
  ])('refuses a create with %p: %s', async (body, message) => {
    expect(await post('/v1/api-keys/', body)).toEqual({ status: 400, body: { code: 'VALIDATION_ERROR', message } });
  });

  it('updates only the fields sent, and refuses an empty update', async () => {
    const { status, body } = await patch<ApiKey>('/v1/api-keys/key-production', { rpm_limit: null, note: 'n' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ rpm_limit: null, note: 'n', spend_limit_cents: 5000, tpm_limit: 100_000 });
    expect(await patch('/v1/api-keys/key-production', {})).toEqual({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'Change at least one field before saving.' },
    });
  });

  it("lets the key's creator or the team owner edit, rotate or revoke it, nobody else", async () => {
    fakeDb.signInAs('bob');
    expect((await patch('/v1/api-keys/key-staging', { note: 'mine' })).status).toBe(200);
    const refused = {
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: "Only the key's creator or the team owner can edit, rotate or revoke this key.",
      },
    };
    expect(await patch('/v1/api-keys/key-production', { note: 'not mine' })).toEqual(refused);
    expect(await post('/v1/api-keys/key-production/rotate', { grace_seconds: 0 })).toEqual(refused);
    expect(await call('DELETE', '/v1/api-keys/key-production')).toEqual(refused);
    fakeDb.signInAs('alice');
    expect((await patch('/v1/api-keys/key-staging', { note: 'owner' })).status).toBe(200);
  });

  it("answers why a key's calls are refused from its limit, its creator's cap and the team (contract/keyBlock.ts)", async () => {
    const blocks = async () =>
      Object.fromEntries(
        (await get<ApiKey[]>('/v1/api-keys/')).body.map((key) => [key.name, [key.blocked_by, key.blocked_until]]),
      );
    expect(await blocks()).toEqual({
      Production: [null, null],
      Staging: ['key_budget_exceeded', '2026-11-16T00:00:00.000Z'],
      'Old laptop': [null, null],
    });
    Object.assign(fakeDb.state.memberships[1], { monthly_cap_cents: 12_750 });
    Object.assign(fakeDb.state.apiKeys[1], { period_spend_cents: 0 });
    expect((await blocks()).Staging).toEqual(['member_budget_exceeded', '2026-12-01T00:00:00.000Z']);
    fakeDb.team().current_usage = 500;
    expect((await blocks()).Production).toEqual(['budget_exceeded', '2026-12-01T00:00:00.000Z']);
    fakeDb.state.credits.push({ ...fakeDb.state.credits[0], id: 'credit-drain', amount: -745.5 });
    expect((await blocks()).Production).toEqual(['insufficient_credits', null]);
  });

  it('rotates: a new secret, the old prefix valid for the grace period, then none', async () => {
    const before = fakeDb.state.apiKeys.find((key) => key.id === 'key-production');
    const { status, body } = await post<CreatedApiKey>('/v1/api-keys/key-production/rotate', { grace_seconds: 3600 });
    expect(status).toBe(200);
    expect(body.key).toMatch(/^sk-/);
    expect(body).toMatchObject({
      id: 'key-production',
      key_prefix: body.key.slice(0, 11),
      previous_key_prefix: 'sk-prod1a2b',
      previous_key_expires_at: '2026-11-15T13:00:00.000Z',
      rotated_at: FAKE_NOW.toISOString(),
      spend_limit_cents: before?.spend_limit_cents,
    });
    fakeDb.setNow('2026-11-15T13:00:00.000Z');
    const [rotated] = (await get<ApiKey[]>('/v1/api-keys/')).body.filter((key) => key.id === 'key-production');
    expect(rotated).toMatchObject({ previous_key_prefix: null, previous_key_expires_at: null });
    expect(await post('/v1/api-keys/key-production/rotate', { grace_seconds: 604_801 })).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'The grace period must be a whole number of seconds from 0 to 604,800 (7 days).',
      },
    });
    expect((await post('/v1/api-keys/key-old-laptop/rotate', { grace_seconds: 0 })).status).toBe(409);
  });

  it("answers each member's cap and month spend; only the owner sets a cap", async () => {
    const members = (await get<TeamMember[]>('/v1/teams/members')).body;
    expect(
      members.map(({ id, monthly_cap_cents, month_spend_cents }) => [id, monthly_cap_cents, month_spend_cents]),
    ).toEqual([
      ['user-alice', null, 19_300],
      ['user-bob', 15_000, 12_750],
    ]);
    expect(await patch('/v1/teams/members/user-bob/cap', { monthly_cap_cents: -1 })).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'The monthly cap must be an amount from $0.00 to $1,000,000,000.00, or none.',
      },
    });
    expect((await patch<TeamMember>('/v1/teams/members/user-bob/cap', { monthly_cap_cents: 0 })).body).toMatchObject({
      id: 'user-bob',
      monthly_cap_cents: 0,
    });
    fakeDb.signInAs('bob');
    expect((await patch('/v1/teams/members/user-bob/cap', { monthly_cap_cents: null })).status).toBe(403);
  });
});

describe('credits and payments', () => {
  it('derives the balance from the ledger and pages the history newest first', async () => {
    expect((await get(team('/credits/balance'))).body).toEqual({ team_id: ACME_TEAM_ID, current_balance: 745.5 });
    const { body } = await get<{ entries: CreditEntry[]; total: number }>(team('/credits/history?limit=2&offset=1'));
    expect(body.total).toBe(7);
    expect(body.entries.map((entry) => entry.id)).toEqual(['credit-6', 'credit-5']);
    expect(body.entries[0]).not.toHaveProperty('team_id');
  });

  it('lists 12 payments newest first covering every status', async () => {
    const { body } = await get<{ payments: Payment[]; count: number }>(team('/payments/history'));
    expect(body.count).toBe(12);
    expect(body.payments[0]?.order_id).toBe('ord-012');
    expect(new Set(body.payments.map((payment) => payment.status))).toEqual(
      new Set(['pending', 'completed', 'failed', 'expired', 'refunded']),
    );
  });

  it('creates a payment link that completes into the balance', async () => {
    const link = await post<PaymentLink>(team('/payments/create-link'), { amount_cents: 2500, description: 'Top-up' });
    expect(link.status).toBe(201);
    expect(link.body).toEqual({
      payment_url: `${API_ORIGIN}/v1/payments/sandbox/ord-013`,
      order_id: 'ord-013',
      amount: { cents: 2500, currency: 'USD' },
      expires_at: new Date(FAKE_NOW.getTime() + 30 * 60_000).toISOString(),
      status: 'pending',
    });
    expect((await get<{ status: string }>(team('/payments/ord-013/status'))).body.status).toBe('pending');

    fakeDb.completePayment('ord-013');
    expect((await get<{ status: string }>(team('/payments/ord-013/status'))).body.status).toBe('completed');
    expect((await get<{ current_balance: number }>(team('/credits/balance'))).body.current_balance).toBe(770.5);
  });

  it('expires a lapsed pending payment on check', async () => {
    expect((await post(team('/payments/ord-011/check'))).body).toEqual({ updated: true, status: 'expired' });
    expect((await post(team('/payments/ord-012/check'))).body).toEqual({ updated: false, status: 'pending' });
  });
});

describe('coupons', () => {
  it.each([
    ['NOPE', 404, 'Coupon not found'],
    ['SPRING5', 400, 'Coupon is inactive'],
    ['OLDPROMO', 400, 'Coupon has expired'],
    ['LAUNCH50', 400, 'Coupon has reached its maximum uses'],
    ['FOREVER25', 409, 'Coupon already redeemed by this team'],
  ])('rejects %s with %i %s', async (code, status, message) => {
    const reply = await post<ErrorBody>(team('/coupons/validate'), { code });
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
  });

  it('validates and redeems WELCOME10 once, adding a topup', async () => {
    const validation = await post(team('/coupons/validate'), { code: 'welcome10' });
    expect(validation.body).toMatchObject({ valid: true, amount: 10, coupon: { code: 'WELCOME10' } });
    const redeemed = await post(team('/coupons/redeem'), { code: 'WELCOME10' });
    expect(redeemed.body).toEqual({ success: true, amount: 10, new_balance: 755.5 });
    expect((await post(team('/coupons/redeem'), { code: 'WELCOME10' })).status).toBe(409);
    const { body } = await get<{ entries: CreditEntry[] }>(team('/credits/history?limit=1'));
    expect(body.entries[0]).toMatchObject({ type: 'topup', amount: 10 });
  });

  it('lets an admin filter, sort, create and deactivate coupons', async () => {
    fakeDb.signInAs('admin');
    const byCode = await get<{ coupons: Coupon[] }>('/v1/admin/coupons?sort_by=code');
    expect(byCode.body.coupons.map((coupon) => coupon.code)).toEqual([
      'FOREVER25',
      'LAUNCH50',
      'OLDPROMO',
      'SPRING5',
      'WELCOME10',
    ]);
    const byExpiry = await get<{ coupons: Coupon[] }>('/v1/admin/coupons?sort_by=expires_at');
    expect(byExpiry.body.coupons.at(-1)?.code).toBe('FOREVER25');
    const usable = await get<{ total: number }>('/v1/admin/coupons?active=true&has_uses_remaining=true');
    expect(usable.body.total).toBe(3);

    const created = await post<Coupon>('/v1/admin/coupons', { code: 'NEW5', amount_usd: 5, max_uses: 2 });
    expect(created.body).toMatchObject({ code: 'NEW5', amount: 5, active: true, current_uses: 0, expires_at: null });
    expect((await post<ErrorBody>('/v1/admin/coupons', { code: 'new5', amount_usd: 5, max_uses: 1 })).status).toBe(409);
    expect((await call<Coupon>('DELETE', `/v1/admin/coupons/${created.body.id}`)).body.active).toBe(false);

    const { body } = await post<{ code: string }>('/v1/admin/coupons/generate-code', { prefix: 'VIP', length: 6 });
    expect(body.code).toMatch(/^VIP[A-HJKMNP-Z2-9]{6}$/);
  });
});

describe('pricing', () => {
  it('filters tiers and deactivates one at the current time', async () => {
    fakeDb.signInAs('admin');
    const active = await get<{ pricings: PricingTier[]; total: number }>('/v1/admin/pricing?active=true');
    expect(active.body.pricings.map((tier) => tier.id)).not.toContain('pricing-gpt-4o-mini-old');
    expect(active.body.pricings.map((tier) => tier.id)).not.toContain('pricing-gemini-pro-next');
    const sonnet = await get<{ total: number }>('/v1/admin/pricing?provider=anthropic&model=SONNET');
    expect(sonnet.body.total).toBe(2);

    const removed = await call<PricingTier>('DELETE', '/v1/admin/pricing/pricing-llama');
    expect(removed.body.expiry_time).toBe(FAKE_NOW.toISOString());
    const inactive = await get<{ pricings: PricingTier[] }>('/v1/admin/pricing?active=false');
    expect(inactive.body.pricings.map((tier) => tier.id)).toContain('pricing-llama');
  });
});

describe('test helpers', () => {
  it('records requests with their query and body', async () => {
    await get(team('/credits/history?limit=10&offset=0'));
    await post('/v1/api-keys/', { name: 'Logged' });
    expect(fakeDb.lastRequest('GET', team('/credits/history'))?.query).toEqual({ limit: '10', offset: '0' });
    expect(fakeDb.lastRequest('post', '/v1/api-keys')?.body).toEqual({ name: 'Logged' });
  });

  it('fails the next matching request on demand', async () => {
    fakeDb.failNext('GET', '/v1/teams/', { status: 503, exact: true });
    expect((await get('/v1/teams/members')).status).toBe(200);
    expect((await get<ErrorBody>('/v1/teams/')).body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    fakeDb.failNext('GET', '/v1/teams/members', { status: 404, message: 'Gone' });
    expect((await get<ErrorBody>('/v1/teams/members')).body).toEqual({ code: 'NOT_FOUND', message: 'Gone' });
    expect((await get('/v1/teams/')).status).toBe(200);
  });

  it('restores the seed on reset', async () => {
    await post('/v1/api-keys/', { name: 'Temporary' });
    fakeDb.signInAs('carol');
    fakeDb.setNow('2030-01-01T00:00:00.000Z');
    fakeDb.addCoupons(20);
    fakeDb.reset();
    expect(fakeDb.state.apiKeys).toHaveLength(3);
    expect(fakeDb.state.coupons).toHaveLength(5);
    expect(fakeDb.requests).toEqual([]);
    expect(fakeDb.currentUser()?.login).toBe('alice');
    expect(fakeDb.now()).toEqual(FAKE_NOW);
  });
});

describe('session routes', () => {
  it('signs out on logout and signs in through dev-login', async () => {
    const logout = await fetch(`${API_ORIGIN}/v1/auth/logout`, { redirect: 'manual' });
    expect([logout.status, logout.headers.get('location')]).toEqual([302, '/login']);
    expect(fakeDb.currentUser()).toBeNull();
    expect((await post('/v1/auth/dev-login', { login: 'bob' })).body).toMatchObject({ id: 'user-bob' });
    expect((await get('/v1/teams/')).status).toBe(200);
  });
});

describe('the contract check on every answer', () => {
  it('fails an answer that does not match its contract schema, naming the route and the field', async () => {
    const [acme] = fakeDb.state.teams;
    acme.name = 42 as unknown as string;
    // MSW logs the thrown error before it answers 500.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { status } = await get('/v1/teams/');
    logged.mockRestore();
    expect(status).toBe(500);
    expect(contractViolations.splice(0)).toEqual([
      "The fake backend's 200 answer to GET /v1/teams/ breaks the contract at '/name': must be string",
    ]);
  });
});
