// Deterministic seed data for the fake backend, built relative to a given "now" (FAKE_NOW after every reset).
import type { Coupon } from '../../../contract/schemas/coupons';
import type { PricingTier } from '../../../contract/schemas/pricing';
import type {
  FakeActivity,
  FakeApiKey,
  FakeCreditEntry,
  FakePayment,
  FakeRedemption,
  FakeState,
  FakeUsageRow,
} from './state';
import { seedRouting } from './routingSeed';
import { seedRequests } from './requestLogSeed';
import { NEW_KEY_STATE, periodResetsAt } from './keys';
import { seedAlerts } from './alertSeed';

export const ACME_TEAM_ID = 'team-acme';
export const SANDBOX_PAYMENT_PATH = '/v1/payments/sandbox';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** ISO time `ms` milliseconds before `now` (negative values are in the future). */
const ago = (now: Date, ms: number): string => new Date(now.getTime() - ms).toISOString();
const ahead = (now: Date, ms: number): string => ago(now, -ms);
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

function seedUsers(): FakeState['users'] {
  return [
    { id: 'user-alice', login: 'alice', name: 'Alice Anderson', email: 'alice@example.com', is_admin: false },
    { id: 'user-bob', login: 'bob', name: 'Bob Brown', email: 'bob@example.com', is_admin: false },
    { id: 'user-admin', login: 'admin', name: 'Ada Admin', email: 'admin@example.com', is_admin: true },
    { id: 'user-carol', login: 'carol', name: 'Carol Chen', email: 'carol@example.com', is_admin: false },
  ];
}

/**
 * Production: $12.34 of a $50.00 monthly limit, with rate limits, an allow-list and a note. Staging (Bob's): its
 * daily $20.00 spent, so 'Limit reached'. Old laptop: no controls.
 */
function seedApiKeys(now: Date): FakeApiKey[] {
  const key = { team_id: ACME_TEAM_ID, key: null, ...NEW_KEY_STATE };
  return [
    {
      ...key,
      id: 'key-production',
      name: 'Production',
      key_prefix: 'sk-prod1a2b',
      is_active: true,
      created_at: ago(now, 20 * DAY),
      last_used_at: ago(now, 1 * HOUR),
      user_id: 'user-alice',
      user_name: 'Alice Anderson',
      user_email: 'alice@example.com',
      spend_limit_cents: 5000,
      limit_period: 'monthly',
      period_spend_cents: 1234,
      period_resets_at: periodResetsAt('monthly', now),
      rpm_limit: 60,
      tpm_limit: 100_000,
      allowed_models: ['claude-sonnet-4', 'team/default-smart'],
      note: 'Used by the production API servers.',
    },
    {
      ...key,
      id: 'key-staging',
      name: 'Staging',
      key_prefix: 'sk-stag3c4d',
      is_active: true,
      created_at: ago(now, 5 * DAY),
      last_used_at: null,
      user_id: 'user-bob',
      user_name: null,
      user_email: 'bob@example.com',
      spend_limit_cents: 2000,
      limit_period: 'daily',
      period_spend_cents: 2000,
      period_resets_at: periodResetsAt('daily', now),
    },
    {
      ...key,
      id: 'key-old-laptop',
      name: 'Old laptop',
      key_prefix: 'sk-oldl5e6f',
      is_active: false,
      created_at: ago(now, 90 * DAY),
      last_used_at: ago(now, 30 * DAY),
      user_id: 'user-alice',
      user_name: 'Alice Anderson',
      user_email: 'alice@example.com',
    },
  ];
}

/** Balance = 250 + 25 + 25 - 10 - 50 + 5.5 + 500 = 745.50 dollars. */
function seedCredits(now: Date): FakeCreditEntry[] {
  const entry = (
    id: string,
    type: FakeCreditEntry['type'],
    amount: number,
    description: string,
    ageMs: number,
  ): FakeCreditEntry => ({ id, team_id: ACME_TEAM_ID, type, amount, description, created_at: ago(now, ageMs) });
  return [
    entry('credit-1', 'topup', 250, 'Credit top-up (order ord-001)', 60 * DAY),
    entry('credit-2', 'topup', 25, 'Coupon FOREVER25 redeemed', 45 * DAY),
    entry('credit-3', 'refund', 25, 'Refund for failed requests', 30 * DAY),
    entry('credit-4', 'adjustment', -10, 'Manual balance correction', 20 * DAY),
    entry('credit-5', 'transfer', -50, 'Transfer to Research team', 10 * DAY),
    entry('credit-6', 'adjustment', 5.5, 'Goodwill credit', 3 * DAY),
    entry('credit-7', 'topup', 500, 'Credit top-up (order ord-009)', 1 * DAY),
  ];
}

interface PaymentSeed {
  status: FakePayment['status'];
  cents: number;
  ageMs: number;
  expiresAt?: string | null;
  withUrl?: boolean;
  failureReason?: string;
}

/** A seeded document's number: `INV-2026-000001`, as the server numbers them (server/invoicing/numbering.ts). */
export const seedDocumentNumber = (series: 'INV' | 'CN', sequence: number) =>
  `${series}-2026-${String(sequence).padStart(6, '0')}`;

function seedPayment(now: Date, index: number, seed: PaymentSeed, documents: Documents): FakePayment {
  const orderId = `ord-${String(index).padStart(3, '0')}`;
  const createdAt = ago(now, seed.ageMs);
  const settledAt = new Date(new Date(createdAt).getTime() + 5 * MINUTE).toISOString();
  const pending = seed.status === 'pending';
  const paid = seed.status === 'completed' || seed.status === 'refunded';
  const money = (cents: number) => ({ cents, currency: 'USD' as const });
  return {
    team_id: ACME_TEAM_ID,
    order_id: orderId,
    status: seed.status,
    amount: money(seed.cents),
    refunded: money(seed.status === 'refunded' ? seed.cents : 0),
    documents: [
      ...(paid ? [documents.issue('invoice', settledAt, seed.cents)] : []),
      ...(seed.status === 'refunded'
        ? [documents.issue('credit_note', ahead(new Date(settledAt), DAY), seed.cents)]
        : []),
    ],
    description: 'Credit top-up for Acme AI',
    created_at: createdAt,
    completed_at: seed.status === 'completed' || seed.status === 'refunded' ? settledAt : null,
    failed_at: seed.status === 'failed' ? settledAt : null,
    expires_at:
      seed.expiresAt === undefined
        ? new Date(new Date(createdAt).getTime() + 30 * MINUTE).toISOString()
        : seed.expiresAt,
    payment_url: pending && seed.withUrl !== false ? `http://localhost${SANDBOX_PAYMENT_PATH}/${orderId}` : null,
    failure_reason: seed.failureReason ?? null,
  };
}

/** Numbers each series in the order documents are issued, as the server does. */
class Documents {
  private last = { invoice: 0, credit_note: 0 };
  issue(kind: 'invoice' | 'credit_note', issuedAt: string, cents: number) {
    this.last[kind] += 1;
    const number = seedDocumentNumber(kind === 'invoice' ? 'INV' : 'CN', this.last[kind]);
    return { kind, number, issued_at: issuedAt, total: { cents, currency: 'USD' as const } };
  }
}

/** 12 payments, ord-001 (oldest) .. ord-012 (newest); the completed and refunded ones have their documents. */
function seedPayments(now: Date): FakePayment[] {
  const seeds: PaymentSeed[] = [
    { status: 'completed', cents: 25_000, ageMs: 60 * DAY },
    { status: 'completed', cents: 1_000, ageMs: 50 * DAY },
    { status: 'failed', cents: 2_500, ageMs: 40 * DAY, failureReason: 'Insufficient funds' },
    { status: 'completed', cents: 5_000, ageMs: 35 * DAY },
    { status: 'completed', cents: 10_000, ageMs: 25 * DAY },
    { status: 'refunded', cents: 2_500, ageMs: 15 * DAY },
    { status: 'expired', cents: 500, ageMs: 7 * DAY },
    { status: 'failed', cents: 10_000, ageMs: 2 * DAY, failureReason: 'Card declined' },
    { status: 'completed', cents: 50_000, ageMs: 1 * DAY },
    { status: 'pending', cents: 2_000, ageMs: 5 * HOUR, expiresAt: null, withUrl: false },
    { status: 'pending', cents: 1_500, ageMs: 2 * HOUR },
    { status: 'pending', cents: 5_000, ageMs: 10 * MINUTE, expiresAt: ahead(now, 20 * MINUTE) },
  ];
  const documents = new Documents();
  return seeds.map((seed, index) => seedPayment(now, index + 1, seed, documents));
}

function seedCoupons(now: Date): Coupon[] {
  const coupon = (fields: Omit<Coupon, 'created_at'>, ageDays: number): Coupon => ({
    ...fields,
    created_at: ago(now, ageDays * DAY),
  });
  return [
    coupon(
      {
        id: 'coupon-welcome10',
        code: 'WELCOME10',
        amount: 10,
        description: 'Welcome bonus',
        active: true,
        expires_at: ahead(now, 60 * DAY),
        max_uses: 100,
        current_uses: 12,
      },
      50,
    ),
    coupon(
      {
        id: 'coupon-spring5',
        code: 'SPRING5',
        amount: 5,
        description: 'Spring campaign (paused)',
        active: false,
        expires_at: ahead(now, 30 * DAY),
        max_uses: 50,
        current_uses: 3,
      },
      40,
    ),
    coupon(
      {
        id: 'coupon-launch50',
        code: 'LAUNCH50',
        amount: 50,
        description: 'Launch week',
        active: true,
        expires_at: ahead(now, 10 * DAY),
        max_uses: 5,
        current_uses: 5,
      },
      30,
    ),
    coupon(
      {
        id: 'coupon-oldpromo',
        code: 'OLDPROMO',
        amount: 20,
        description: null,
        active: true,
        expires_at: ago(now, 5 * DAY),
        max_uses: 10,
        current_uses: 2,
      },
      120,
    ),
    coupon(
      {
        id: 'coupon-forever25',
        code: 'FOREVER25',
        amount: 25,
        description: 'Evergreen credit',
        active: true,
        expires_at: null,
        max_uses: 1000,
        current_uses: 1,
      },
      70,
    ),
  ];
}

function seedRedemptions(now: Date): FakeRedemption[] {
  return [
    {
      id: 'redemption-1',
      team_id: ACME_TEAM_ID,
      coupon_id: 'coupon-forever25',
      code: 'FOREVER25',
      amount: 25,
      redeemed_at: ago(now, 45 * DAY),
      user_email: 'alice@example.com',
    },
  ];
}

type TierSeed = Pick<PricingTier, 'id' | 'provider' | 'model' | 'prompt_cost_per_1m' | 'completion_cost_per_1m'> &
  Partial<PricingTier>;

function tier(now: Date, seed: TierSeed): PricingTier {
  return {
    tier_name: 'standard',
    tier_order: 1,
    tier_description: null,
    min_tokens: 0,
    max_tokens: null,
    cache_create_cost_per_1m: null,
    cache_read_cost_per_1m: null,
    supports_caching: false,
    cache_min_tokens: null,
    cache_ttl_minutes: null,
    notes: null,
    cache_hit_percent: 0,
    batch_percent: 50,
    effective_time: ago(now, 90 * DAY),
    expiry_time: null,
    created_at: ago(now, 90 * DAY),
    ...seed,
  };
}

function seedPricing(now: Date): PricingTier[] {
  const caching = { supports_caching: true, cache_min_tokens: 1024, cache_ttl_minutes: 5 };
  return [
    tier(now, {
      id: 'pricing-sonnet-standard',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      tier_description: 'Prompts up to 200K tokens',
      max_tokens: 200_000,
      prompt_cost_per_1m: 3,
      completion_cost_per_1m: 15,
      cache_create_cost_per_1m: 3.75,
      cache_read_cost_per_1m: 0.3,
      ...caching,
    }),
    tier(now, {
      id: 'pricing-sonnet-long',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      tier_name: 'long-context',
      tier_order: 2,
      min_tokens: 200_001,
      prompt_cost_per_1m: 6,
      completion_cost_per_1m: 22.5,
      cache_create_cost_per_1m: 7.5,
      cache_read_cost_per_1m: 0.6,
      ...caching,
    }),
    tier(now, {
      id: 'pricing-gpt-4o',
      provider: 'openai',
      model: 'gpt-4o',
      prompt_cost_per_1m: 2.5,
      completion_cost_per_1m: 10,
      expiry_time: ahead(now, 30 * DAY),
      notes: 'Price change scheduled',
    }),
    tier(now, {
      id: 'pricing-gpt-4o-mini-old',
      provider: 'openai',
      model: 'gpt-4o-mini',
      prompt_cost_per_1m: 0.15,
      completion_cost_per_1m: 0.6,
      effective_time: ago(now, 200 * DAY),
      expiry_time: ago(now, 10 * DAY),
      created_at: ago(now, 200 * DAY),
    }),
    tier(now, {
      id: 'pricing-gemini-pro-next',
      provider: 'google',
      model: 'gemini-2.5-pro',
      prompt_cost_per_1m: 1.25,
      completion_cost_per_1m: 10,
      effective_time: ahead(now, 7 * DAY),
      created_at: ago(now, 1 * DAY),
    }),
    tier(now, {
      id: 'pricing-gemini-flash',
      provider: 'google',
      model: 'gemini-2.5-flash',
      prompt_cost_per_1m: 0.075,
      completion_cost_per_1m: 0.3,
    }),
    tier(now, {
      id: 'pricing-llama',
      provider: 'openrouter',
      model: 'llama-3.1-70b',
      prompt_cost_per_1m: 0.4,
      completion_cost_per_1m: 0.4,
    }),
  ];
}

/** Six models, each used by one member; cents per day in the current month (today is a partial day). */
export const SEED_MODELS = [
  { model: 'claude-sonnet-4', provider: 'anthropic', user_id: 'user-alice', cents: 800, requests: 40, tokens: 2500 },
  { model: 'gpt-4o', provider: 'openai', user_id: 'user-bob', cents: 600, requests: 30, tokens: 2000 },
  { model: 'gemini-2.5-pro', provider: 'google', user_id: 'user-alice', cents: 400, requests: 25, tokens: 3000 },
  { model: 'claude-haiku-3.5', provider: 'anthropic', user_id: 'user-bob', cents: 200, requests: 60, tokens: 1200 },
  { model: 'gpt-4o-mini', provider: 'openai', user_id: 'user-alice', cents: 100, requests: 80, tokens: 1000 },
  { model: 'llama-3.1-70b', provider: 'openrouter', user_id: 'user-bob', cents: 50, requests: 10, tokens: 1500 },
] as const;

/** Claude Sonnet costs 650 cents a day in earlier months and 600 today, so the month to date is exactly $320.50. */
function sonnetCents(day: Date, now: Date): number {
  if (isoDate(day) === isoDate(now)) return 600;
  return day.getUTCMonth() === now.getUTCMonth() ? 800 : 650;
}

/** The last 30 days up to and including today. */
function seedUsage(now: Date): FakeUsageRow[] {
  const rows: FakeUsageRow[] = [];
  for (let back = 29; back >= 0; back -= 1) {
    const day = new Date(now.getTime() - back * DAY);
    for (const seed of SEED_MODELS) {
      rows.push({
        team_id: ACME_TEAM_ID,
        date: isoDate(day),
        user_id: seed.user_id,
        model: seed.model,
        provider: seed.provider,
        request_count: seed.requests,
        total_tokens: seed.requests * seed.tokens,
        cost_cents: seed.model === 'claude-sonnet-4' ? sonnetCents(day, now) : seed.cents,
      });
    }
  }
  return rows;
}

function seedActivities(now: Date): FakeActivity[] {
  const item = (id: string, type: string, message: string, ageMs: number): FakeActivity => ({
    id,
    team_id: ACME_TEAM_ID,
    type,
    message,
    timestamp: ago(now, ageMs),
  });
  return [
    item('act-1', 'api_key_created', 'API key "Staging" created', 5 * MINUTE),
    item('act-2', 'request_failed', 'Request to gpt-4o failed: upstream timeout', 45 * MINUTE),
    item('act-3', 'high_cost_request', 'High cost request: $4.20 on claude-sonnet-4', 3 * HOUR),
    item('act-4', 'mystery_event', 'Something unusual happened', 20 * HOUR),
    item('act-5', 'api_key_first_used', 'API key "Production" used for the first time', 2 * DAY),
    item('act-6', 'first_model_usage', 'First use of gemini-2.5-pro', 3 * DAY),
    item('act-7', 'api_key_deactivated', 'API key "Old laptop" deactivated', 10 * DAY),
    item('act-8', 'team_updated', 'Monthly budget set to $500.00', 20 * DAY),
    item('act-9', 'team_created', 'Team "Acme AI" created', 300 * DAY),
  ];
}

export function buildSeed(now: Date): FakeState {
  return {
    users: seedUsers(),
    signInProviders: [],
    teams: [
      { id: ACME_TEAM_ID, name: 'Acme AI', budget_limit: 500, current_usage: 320.5, created_at: ago(now, 300 * DAY) },
    ],
    memberships: [
      { team_id: ACME_TEAM_ID, user_id: 'user-alice', role: 'owner', created_at: ago(now, 300 * DAY) },
      // Bob's cap: $150.00 a month, of which the seed's usage rows hold this month's spend.
      {
        team_id: ACME_TEAM_ID,
        user_id: 'user-bob',
        role: 'member',
        created_at: ago(now, 100 * DAY),
        monthly_cap_cents: 15_000,
      },
    ],
    invites: [],
    apiKeys: seedApiKeys(now),
    cacheEntries: [
      { team_id: ACME_TEAM_ID, api_key_id: 'key-production' },
      { team_id: ACME_TEAM_ID, api_key_id: 'key-production' },
      { team_id: ACME_TEAM_ID, api_key_id: 'key-staging' },
      { team_id: ACME_TEAM_ID, api_key_id: null },
    ],
    revokedKeys: [
      {
        team_id: ACME_TEAM_ID,
        id: 'key-legacy',
        name: 'Legacy key',
        key_prefix: 'sk-lega7g8h',
        is_active: false,
        revoked_at: ago(now, 30 * DAY),
      },
    ],
    credits: seedCredits(now),
    payments: seedPayments(now),
    billingDetails: {
      [ACME_TEAM_ID]: {
        legal_name: 'Acme AI Ltd',
        address: '42 Innovation Way\nCambridge CB2 1TN\nUnited Kingdom',
        tax_id: 'GB123456789',
        updated_at: ago(now, 80 * DAY),
      },
    },
    coupons: seedCoupons(now),
    redemptions: seedRedemptions(now),
    pricing: seedPricing(now),
    ...seedRouting(now),
    usage: seedUsage(now),
    requests: seedRequests(now, ACME_TEAM_ID),
    activities: seedActivities(now),
    ...seedAlerts(now, ACME_TEAM_ID),
    // As the demo: Acme AI redacts personal data and blocks secrets (server/seed/demo.ts).
    guardrailPolicies: {
      [ACME_TEAM_ID]: { detectors: { secret: 'block', email: 'redact', card: 'redact' }, patterns: [] },
    },
    guardrailFloor: { detectors: { card: 'block' }, patterns: [] },
    keyGuardrailPolicies: {},
    // As the demo: the gateway's own MCP server, a cent a call, which every key of Acme AI may call (docs/mcp.md).
    mcpServers: [
      {
        id: 'mcp-demo',
        scope: 'operator',
        team_id: null,
        name: 'demo',
        url: 'builtin:demo',
        transport: 'builtin',
        auth: 'none',
        secret_hint: null,
        oauth_client_id: null,
        oauth_issuer: null,
        oauth_scope: null,
        price_cents: 1,
        tool_prices: { word_count: 2 },
        created_at: ago(now, 30 * DAY),
        updated_at: ago(now, 30 * DAY),
        tools: [
          { name: 'echo', title: 'Echo', description: 'Returns its text argument unchanged.' },
          { name: 'add', title: 'Add', description: 'Adds two numbers.' },
          { name: 'word_count', title: 'Word count', description: 'Counts the words of a text.' },
        ],
      },
    ],
    mcpDefaults: { [ACME_TEAM_ID]: 'all' },
    mcpCapture: { [ACME_TEAM_ID]: true },
    keyMcpAccess: {},
    dashboardStats: {
      total_api_keys: 3,
      api_keys_change: '+1',
      requests_today: 245,
      requests_change: '+12.5%',
      avg_response_time: 842,
      response_time_change: '-8.3%',
      active_models: 6,
      models_change: '+2',
    },
    disabledUsers: {},
  };
}
