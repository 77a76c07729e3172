import { keyBlock, type KeyBlockFigures } from '../../contract/keyBlock';

const NOW = new Date('2026-11-15T12:00:00.000Z');
const MONTH_END = '2026-12-01T00:00:00.000Z';
const TOMORROW = '2026-11-16T00:00:00.000Z';

/** A key with room everywhere: no expiry, $5.00 of a $20.00 daily limit, a member at $50 of $150, a team in credit. */
const ROOMY: KeyBlockFigures = {
  key: {
    is_active: true,
    expires_at: null,
    spend_limit_cents: 2000,
    period_spend_cents: 500,
    period_resets_at: TOMORROW,
  },
  member: { monthly_cap_cents: 15_000, month_spend_cents: 5_000 },
  team: { credit_balance_cents: 10_000, budget_limit_cents: 50_000, month_spend_cents: 20_000 },
};

const EXPIRED = { key: { expires_at: '2026-11-15T12:00:00.000Z' } };
const KEY_SPENT = { key: { period_spend_cents: 2000 } };
const MEMBER_SPENT = { member: { month_spend_cents: 15_000 } };
const NO_CREDIT = { team: { credit_balance_cents: 0 } };
const BUDGET_SPENT = { team: { month_spend_cents: 50_000 } };
const DISABLED = { member: { disabled: true } };

type Change = { [Part in keyof KeyBlockFigures]?: Partial<KeyBlockFigures[Part]> };

function figures(...changes: Change[]): KeyBlockFigures {
  return changes.reduce<KeyBlockFigures>(
    (all, change) => ({
      key: { ...all.key, ...change.key },
      member: { ...all.member, ...change.member },
      team: { ...all.team, ...change.team },
    }),
    ROOMY,
  );
}

describe('why every call of a key is refused, in the order the gateway checks, and until when', () => {
  it.each<[string, KeyBlockFigures, string | null, string | null]>([
    ['room everywhere', figures(), null, null],
    ['expiry in a minute', figures({ key: { expires_at: '2026-11-15T12:01:00.000Z' } }), null, null],
    ['expired at this instant', figures(EXPIRED), 'key_expired', null],
    ['a cent under its limit', figures({ key: { period_spend_cents: 1999 } }), null, null],
    ['its own limit reached: until its period resets', figures(KEY_SPENT), 'key_budget_exceeded', TOMORROW],
    [
      'a lifetime limit reached: no reset',
      figures(KEY_SPENT, { key: { period_resets_at: null } }),
      'key_budget_exceeded',
      null,
    ],
    [
      'no limit, however much spent',
      figures({ key: { spend_limit_cents: null, period_spend_cents: 10 ** 9 } }),
      null,
      null,
    ],
    ['member cap reached: until the 1st, UTC', figures(MEMBER_SPENT), 'member_budget_exceeded', MONTH_END],
    [
      'a cap of 0 stops the keys at once',
      figures({ member: { monthly_cap_cents: 0, month_spend_cents: 0 } }),
      'member_budget_exceeded',
      MONTH_END,
    ],
    ['no cap', figures({ member: { monthly_cap_cents: null, month_spend_cents: 10 ** 9 } }), null, null],
    ['credit at 0: until someone adds credit', figures(NO_CREDIT), 'insufficient_credits', null],
    ['credit below 0', figures({ team: { credit_balance_cents: -1 } }), 'insufficient_credits', null],
    ['a cent of credit left', figures({ team: { credit_balance_cents: 1 } }), null, null],
    ['team budget reached: until the 1st, UTC', figures(BUDGET_SPENT), 'budget_exceeded', MONTH_END],
    ['no team budget (0)', figures({ team: { budget_limit_cents: 0, month_spend_cents: 10 ** 9 } }), null, null],
    ['its creator disabled by an administrator: no reset', figures(DISABLED), 'key_owner_disabled', null],
    ['an older server that does not say: not disabled', figures({ member: { disabled: undefined } }), null, null],
    [
      'a disabled creator before everything, expiry too',
      figures(BUDGET_SPENT, NO_CREDIT, MEMBER_SPENT, KEY_SPENT, EXPIRED, DISABLED),
      'key_owner_disabled',
      null,
    ],
    [
      'expiry before everything',
      figures(BUDGET_SPENT, NO_CREDIT, MEMBER_SPENT, KEY_SPENT, EXPIRED),
      'key_expired',
      null,
    ],
    [
      'its own limit before the member cap',
      figures(BUDGET_SPENT, NO_CREDIT, MEMBER_SPENT, KEY_SPENT),
      'key_budget_exceeded',
      TOMORROW,
    ],
    [
      'the member cap before the team',
      figures(BUDGET_SPENT, NO_CREDIT, MEMBER_SPENT),
      'member_budget_exceeded',
      MONTH_END,
    ],
    ['credit before the budget', figures(BUDGET_SPENT, NO_CREDIT), 'insufficient_credits', null],
    [
      'an inactive key: not said here (it is Inactive)',
      figures(EXPIRED, NO_CREDIT, { key: { is_active: false } }),
      null,
      null,
    ],
  ])('%s', (_case, input, blockedBy, blockedUntil) => {
    expect(keyBlock(input, NOW)).toEqual({ blocked_by: blockedBy, blocked_until: blockedUntil });
  });
});
