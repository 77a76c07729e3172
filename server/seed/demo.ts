import { DEMO_OPERATOR, type OperatorDetails } from '../invoicing/settings';
import type { Db, Queryable } from '../db/types';
import { issueCreditNote, issueInvoice, type DocumentRef } from '../invoicing/documents';
import { dollarsToMicros, formatCents } from '../lib/money';
import { randomToken, seededRandom } from '../lib/random';
import { hashApiKey } from '../keys/apiKeys';
import { appendLedgerEntry, type LedgerType } from '../ledger/ledger';
import { rebuildUsageRollup } from '../usage/usage';
import { BUDGET_CENTS, seedUsage } from './demoUsage';
import { SEED_TIERS } from './pricingData';
import { seedRoutes } from './demoRouting';
import { DEMO_SERVER_URL } from '../mcp/demoServer';
import type { GuardrailPolicy } from '../../contract/schemas/guardrails';

/** The demo team's guardrail policy: a newcomer sees a prompt's email and card redacted and a secret refused. */
export const DEMO_GUARDRAILS: GuardrailPolicy = {
  detectors: {
    secret: 'block',
    email: 'redact',
    phone: 'redact',
    card: 'redact',
    iban: 'redact',
    national_id: 'redact',
  },
  patterns: [],
};
import { seedAlertsAndAudit } from './demoAlerts';

const DAY = 86_400_000;
const TARGET_BALANCE_CENTS = 35_000;

export interface SeedOptions {
  now?: Date;
  /** Origin used for the pending payment's checkout link. */
  baseUrl?: string;
  /** The seller on the seeded payments' invoices. */
  operator?: OperatorDetails;
}

/** Arbitrary constant: instances starting together against one database seed it at most once. */
const SEED_LOCK_KEY = 724_311_002;

export async function seedDemoIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [{ count }] = await q.query<{ count: number }>('SELECT count(*) AS count FROM users');
    if (count > 0) return false;
    await seedInto(q, options);
    return true;
  });
}

/**
 * Deterministic demo data relative to `now`: users, the "Acme AI" team, keys, 60 days of usage, ledger entries of
 * every type, payments and coupons in every status, pricing tiers and an activity feed.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}) {
  await db.tx((q) => seedInto(q, options));
}

async function seedInto(
  q: Queryable,
  { now = new Date(), baseUrl = 'http://localhost:8080', operator = DEMO_OPERATOR }: SeedOptions,
) {
  const random = seededRandom(20_260_101);
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);

  const user = async (login: string, name: string, isAdmin: boolean, createdDaysAgo: number) => {
    const [row] = await q.query<{ id: string }>(
      'INSERT INTO users (login, name, email, is_admin, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [login, name, `${login}@example.com`, isAdmin, ago(createdDaysAgo)],
    );
    return row.id;
  };
  await user('admin', 'Ada Admin', true, 120);
  const alice = await user('alice', 'Alice Anderson', false, 95);
  const bob = await user('bob', 'Bob Brown', false, 70);
  // A former contractor an administrator disabled: Admin → Users shows one (docs/governance.md#disabled-users).
  const dan = await user('dan', 'Dan Davis', false, 40);
  await q.query('UPDATE users SET disabled_at = $2 WHERE id = $1', [dan, ago(10)]);

  const [{ id: team }] = await q.query<{ id: string }>(
    'INSERT INTO teams (name, budget_limit_cents, created_at) VALUES ($1, $2, $3) RETURNING id',
    ['Acme AI', BUDGET_CENTS, ago(90)],
  );
  const activity = (userId: string | null, type: string, message: string, at: Date) =>
    q.query('INSERT INTO activity_events (team_id, user_id, type, message, created_at) VALUES ($1, $2, $3, $4, $5)', [
      team,
      userId,
      type,
      message,
      at,
    ]);
  await q.query(
    `INSERT INTO team_members (team_id, user_id, role, created_at) VALUES ($1, $2, 'owner', $3), ($1, $4, 'member', $5)`,
    [team, alice, ago(90), bob, ago(60)],
  );
  await activity(alice, 'team_created', 'Team "Acme AI" was created', ago(90));
  await activity(alice, 'member_invited', 'bob@example.com was invited to the team', ago(61));
  await activity(bob, 'member_joined', 'Bob Brown joined the team', ago(60));
  await q.query(
    `INSERT INTO team_invites (team_id, email, invited_by, created_at) VALUES ($1, 'carol@example.com', $2, $3)`,
    [team, alice, ago(3)],
  );
  await activity(alice, 'member_invited', 'carol@example.com was invited to the team', ago(3));
  await activity(alice, 'team_updated', 'Monthly budget changed from $300.00 to $500.00', ago(20));

  const keys = [
    { name: 'Production', owner: alice, created: 80, active: true, deleted: null, lastUse: 0 },
    // Staging answers repeated requests from the cache (docs/gateway.md#caching): its details dialog says so.
    { name: 'Staging', owner: alice, created: 40, active: true, deleted: null, lastUse: 0, cache: true },
    { name: 'Data pipeline', owner: bob, created: 20, active: true, deleted: null, lastUse: 0 },
    { name: 'Notebook', owner: bob, created: 10, active: true, deleted: null, lastUse: 0 },
    { name: 'Old CI key', owner: bob, created: 70, active: false, deleted: null, lastUse: 35 },
    { name: 'Legacy key', owner: alice, created: 85, active: false, deleted: 30, lastUse: 30 },
  ];
  const keyIds: string[] = [];
  for (const key of keys) {
    const secret = `sk-demo${randomToken(24)}`;
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash, is_active, created_at, deleted_at,
                             cache_enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        team,
        key.owner,
        key.name,
        secret.slice(0, 12),
        hashApiKey(secret),
        key.active,
        ago(key.created),
        key.deleted === null ? null : ago(key.deleted),
        'cache' in key,
      ],
    );
    keyIds.push(row.id);
    await activity(key.owner, 'api_key_created', `API key "${key.name}" was created`, ago(key.created));
    if (key.deleted !== null)
      await activity(alice, 'api_key_deactivated', `API key "${key.name}" was revoked`, ago(key.deleted));
  }

  for (const tier of SEED_TIERS) {
    await q.query(
      `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, tier_description, min_tokens, max_tokens,
         prompt_micros_per_1m, completion_micros_per_1m, cache_create_micros_per_1m, cache_read_micros_per_1m,
         supports_caching, cache_min_tokens, cache_ttl_minutes, notes, effective_time, expiry_time, created_at,
         unit_prices)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb)`,
      [
        tier.provider,
        tier.model,
        tier.tierName,
        tier.tierOrder,
        tier.description,
        tier.minTokens,
        tier.maxTokens,
        dollarsToMicros(tier.prompt),
        dollarsToMicros(tier.completion),
        tier.cacheCreate === null ? null : dollarsToMicros(tier.cacheCreate),
        tier.cacheRead === null ? null : dollarsToMicros(tier.cacheRead),
        tier.cacheRead !== null,
        tier.cacheMinTokens,
        tier.cacheTtlMinutes,
        tier.notes,
        ago(tier.effectiveDaysAgo),
        tier.expiresInDays === null ? null : ago(-tier.expiresInDays),
        ago(Math.max(tier.effectiveDaysAgo, 0) + 1),
        JSON.stringify(
          Object.fromEntries(
            Object.entries(tier.unitPrices).map(([unit, dollars]) => [unit, dollarsToMicros(dollars)]),
          ),
        ),
      ],
    );
  }

  await seedRoutes(q);
  // Acme AI's guardrails (docs/guardrails.md): personal data redacted, secrets blocked, on every key of the team.
  await q.query('INSERT INTO guardrail_policies (team_id, policy) VALUES ($1, $2::jsonb)', [
    team,
    JSON.stringify(DEMO_GUARDRAILS),
  ]);

  // The gateway's own MCP server (docs/mcp.md#the-demo-server), the operator's, at a cent a call (word_count two), and
  // every key of Acme AI may call its tools: `claude mcp add --transport http gateway http://localhost:8080/mcp …`.
  // Acme AI keeps its calls' arguments and results in the request log, through the guardrails above
  // (docs/mcp.md#content-capture).
  await q.query(
    `INSERT INTO mcp_servers (name, url, transport, price_cents, tool_prices) VALUES ('demo', $1, 'builtin', 1, $2::jsonb)`,
    [DEMO_SERVER_URL, JSON.stringify({ word_count: 2 })],
  );
  await q.query(`UPDATE teams SET mcp_default_access = 'all', mcp_capture_content = true WHERE id = $1`, [team]);

  const usageCents = await seedUsage(q, { team, keyIds, keys, now, random, activity });
  // Bob's "Data pipeline" key has reached its monthly spending limit: the limit is exactly this month's spend (the
  // gateway never bills a key past its limit, so the demo must not show one passed either), so the demo shows a limit
  // reached and its 429 key_budget_exceeded.
  await q.query(
    `UPDATE api_keys k SET limit_period = 'monthly', spend_period_start = key_period_start('monthly', $2),
       period_spend_cents = s.spent, spend_limit_cents = GREATEST(1, s.spent),
       note = 'Nightly batch jobs; capped at its monthly limit'
     FROM (SELECT COALESCE(sum(cost_cents), 0) AS spent FROM usage_events
           WHERE api_key_id = $1 AND created_at >= key_period_start('monthly', $2)) s
     WHERE k.id = $1`,
    [keyIds[keys.findIndex((key) => key.name === 'Data pipeline')], now],
  );

  // Bob is at the monthly cap Alice set for him (exactly his spend this month, as above), so the demo shows a
  // member at their cap: his dashboard says so, his "Notebook" key (no limit of its own) is refused with 429
  // member_budget_exceeded, and Team Settings shows 'Cap reached this month'.
  const [{ cap }] = await q.query<{ cap: number }>(
    `UPDATE team_members m SET monthly_cap_cents = GREATEST(1, s.spent)
     FROM (SELECT COALESCE(sum(cost_cents), 0) AS spent FROM usage_events
           WHERE team_id = $1 AND user_id = $2 AND created_at >= key_period_start('monthly', $3)) s
     WHERE m.team_id = $1 AND m.user_id = $2 RETURNING m.monthly_cap_cents AS cap`,
    [team, bob, now],
  );
  await activity(alice, 'member_cap_changed', `bob@example.com now has a monthly cap of ${formatCents(cap)}`, ago(2));

  // Ledger: one entry of every type the server writes (never 'other', which the dashboard labels 'Unknown'); the opening top-up is sized so the balance lands near TARGET_BALANCE_CENTS.
  const ledger = async (
    type: LedgerType,
    cents: number,
    description: string,
    at: Date,
    paymentId: string | null = null,
    document: DocumentRef | null = null,
  ) =>
    appendLedgerEntry(q, {
      teamId: team,
      type,
      amountCents: cents,
      description,
      createdAt: at,
      paymentId,
      documentId: document?.id ?? null,
      createdBy: alice,
    });
  const payment = async (
    order: string,
    cents: number,
    status: string,
    created: Date,
    extra: { completed?: Date; failed?: Date; refunded?: Date; reason?: string; expires?: Date; url?: string } = {},
  ) => {
    const expires = extra.expires ?? new Date(created.getTime() + 30 * 60_000);
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO payments (team_id, order_id, provider, provider_checkout_id, amount_cents, description, status,
         payment_url, failure_reason, created_by, created_at, expires_at, completed_at, failed_at, refunded_at,
         refunded_cents)
       VALUES ($1, $2, 'sandbox', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
               CASE WHEN $5 = 'refunded' THEN $3::bigint ELSE 0 END) RETURNING id`,
      [
        team,
        order,
        cents,
        'Credit top-up for Acme AI',
        status,
        extra.url ?? null,
        extra.reason ?? null,
        alice,
        created,
        expires,
        extra.completed ?? null,
        extra.failed ?? null,
        extra.refunded ?? null,
      ],
    );
    // The provider's side of the same payment, with the same expiry (the sandbox's checkout id is the order's).
    const providerStatus =
      status === 'completed' || status === 'refunded' ? 'completed' : status === 'failed' ? 'failed' : 'pending';
    await q.query(
      'INSERT INTO sandbox_checkouts (order_id, status, failure_reason, expires_at) VALUES ($1, $2, $3, $4)',
      [order, providerStatus, extra.reason ?? null, expires],
    );
    return row.id;
  };
  /** A seeded completed payment as its invoice and credit note see it. */
  const paid = (id: string, order: string, cents: number) => ({
    id,
    team_id: team,
    order_id: order,
    amount_cents: cents,
    currency: 'USD',
    description: 'Credit top-up for Acme AI',
  });
  // What the team's invoices name as the buyer (the owner edits it on Billing).
  await q.query(
    `INSERT INTO team_billing_details (team_id, legal_name, address, tax_id, updated_by, updated_at)
     VALUES ($1, 'Acme AI Ltd', $2, 'GB123456789', $3, $4)`,
    [team, '42 Innovation Way\nCambridge CB2 1TN\nUnited Kingdom', alice, ago(80)],
  );

  // Every ledger amount below except the opening top-up: transfer, refunded top-up and its refund, adjustment,
  // the later top-up, the thank-you credit and the two coupon redemptions.
  const fixed = 10_000 + 5_000 - 5_000 + 2_500 + 30_000 + 1_000 + 1_000 + 5_000;
  const opening = Math.max(10_000, Math.round((usageCents + TARGET_BALANCE_CENTS - fixed) / 10_000) * 10_000);
  const openingPayment = await payment('ord_demo_opening', opening, 'completed', ago(60), { completed: ago(60) });
  const openingInvoice = await issueInvoice(q, paid(openingPayment, 'ord_demo_opening', opening), operator, ago(60));
  await ledger('topup', opening, 'Credit top-up for Acme AI', ago(60), openingPayment, openingInvoice);
  await activity(alice, 'payment_completed', `Payment of ${formatCents(opening)} completed`, ago(60));
  await ledger('transfer', 10_000, 'Transfer from the Acme research budget', ago(50));
  const refunded = await payment('ord_demo_refunded', 5_000, 'refunded', ago(45), {
    completed: ago(45),
    refunded: ago(40),
  });
  const refundedPaid = paid(refunded, 'ord_demo_refunded', 5_000);
  const refundedInvoice = await issueInvoice(q, refundedPaid, operator, ago(45));
  await ledger('topup', 5_000, 'Credit top-up for Acme AI', ago(45), refunded, refundedInvoice);
  const creditNote = await issueCreditNote(q, {
    payment: refundedPaid,
    cents: 5_000,
    reason: 'Requested by the customer',
    operator,
    issuedAt: ago(40),
  });
  await ledger(
    'refund',
    -5_000,
    'Refund of order ord_demo_refunded: Requested by the customer',
    ago(40),
    refunded,
    creditNote,
  );
  await ledger('adjustment', 2_500, 'Goodwill credit for the October outage', ago(25));
  const topup = await payment('ord_demo_topup', 30_000, 'completed', ago(20), { completed: ago(20) });
  const topupInvoice = await issueInvoice(q, paid(topup, 'ord_demo_topup', 30_000), operator, ago(20));
  await ledger('topup', 30_000, 'Credit top-up for Acme AI', ago(20), topup, topupInvoice);
  await activity(alice, 'payment_completed', 'Payment of $300.00 completed', ago(20));
  await ledger('adjustment', 1_000, 'Beta programme thank-you credit', ago(10));
  await payment('ord_demo_failed', 10_000, 'failed', ago(12), {
    failed: ago(12),
    reason: 'Card declined: insufficient funds',
  });
  await payment('ord_demo_expired', 7_500, 'expired', ago(8));
  // Still 'pending' in the table but past its expiry: it turns 'expired' the first time payments are read.
  await payment('ord_demo_stale', 4_000, 'pending', ago(0, 2), {
    url: `${baseUrl}/v1/payments/sandbox/ord_demo_stale`,
  });
  const liveCreated = new Date(now.getTime() - 5 * 60_000);
  await payment('ord_demo_live', 2_500, 'pending', liveCreated, {
    url: `${baseUrl}/v1/payments/sandbox/ord_demo_live`,
    expires: new Date(liveCreated.getTime() + 30 * 60_000),
  });

  const coupon = async (
    code: string,
    cents: number,
    description: string,
    maxUses: number,
    opts: { active?: boolean; expires?: Date | null; created: number },
  ) => {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO coupons (code, amount_cents, description, active, max_uses, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [code, cents, description, opts.active ?? true, maxUses, opts.expires ?? null, ago(opts.created)],
    );
    return row.id;
  };
  const redeem = async (couponId: string, code: string, cents: number, at: Date) => {
    const [row] = await q.query<{ id: string }>(
      'INSERT INTO coupon_redemptions (coupon_id, team_id, user_id, amount_cents, redeemed_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [couponId, team, alice, cents, at],
    );
    await q.query('UPDATE coupons SET current_uses = current_uses + 1 WHERE id = $1', [couponId]);
    await appendLedgerEntry(q, {
      teamId: team,
      type: 'topup',
      amountCents: cents,
      description: `Coupon ${code} redeemed`,
      couponRedemptionId: row.id,
      createdBy: alice,
      createdAt: at,
    });
    await activity(alice, 'coupon_redeemed', `Coupon ${code} added ${formatCents(cents)} in credits`, at);
  };
  const welcome = await coupon('WELCOME10', 1_000, 'Welcome credit for new teams', 100, {
    expires: ago(-60),
    created: 100,
  });
  await redeem(welcome, 'WELCOME10', 1_000, ago(15));
  const launch = await coupon('LAUNCH50', 5_000, 'Launch week promotion', 1, { created: 90 });
  await redeem(launch, 'LAUNCH50', 5_000, ago(55));
  await coupon('SPRING5', 500, 'Spring promotion', 50, { expires: ago(30), created: 110 });
  await coupon('OLDPROMO', 2_000, 'Retired partner promotion', 10, { active: false, created: 200 });
  await coupon('TEAM25', 2_500, 'Team plan upgrade credit', 5, { created: 5 });

  await rebuildUsageRollup(q, team);
  await seedAlertsAndAudit(q, {
    team,
    alice,
    bob,
    keys: keys.map((key, index) => ({ ...key, id: keyIds[index] })),
    capCents: cap,
    now,
    appUrl: baseUrl,
  });
}
