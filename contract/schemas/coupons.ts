import { Type, type Static } from 'typebox';
import { formatMoney } from '../money';
import { BooleanQuery, DateTimeString, formatCount, Nullable } from './common';
import { Extension } from './extension';

/** Coupons: administration under /v1/admin/coupons and redemption by a team (docs/api-contract.md). */
export const Coupon = Type.Object({
  id: Type.String(),
  code: Type.String(),
  /** Dollars. */
  amount: Type.Number(),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  expires_at: Nullable(Type.String()),
  max_uses: Type.Integer(),
  current_uses: Type.Integer(),
  created_at: Type.String(),
});
export type Coupon = Static<typeof Coupon>;

const Code = Type.String({
  pattern: '^\\s*[A-Za-z0-9_-]{3,32}\\s*$',
  errorMessage: 'The coupon code must be 3 to 32 letters, digits, hyphens or underscores.',
});
// At least a cent: a smaller amount would be stored as 0 cents.
const MAX_COUPON_DOLLARS = 1_000_000;
const AmountUsd = Type.Number({
  minimum: 0.01,
  maximum: MAX_COUPON_DOLLARS,
  errorMessage: `The amount must be from $0.01 to ${formatMoney(MAX_COUPON_DOLLARS)}.`,
});
const MAX_COUPON_USES = 10_000_000;
const MaxUses = Type.Integer({
  minimum: 1,
  maximum: MAX_COUPON_USES,
  errorMessage: `Max uses must be a whole number from 1 to ${formatCount(MAX_COUPON_USES)}.`,
});
const Description = Nullable(
  Type.String({ maxLength: 500, errorMessage: 'The description must be at most 500 characters.' }),
);
/** null clears the expiry. */
const ExpiresAt = Nullable(DateTimeString('The expiry'));

export const CouponCreateBody = Type.Object({
  code: Code,
  amount_usd: AmountUsd,
  description: Type.Optional(Description),
  max_uses: MaxUses,
  expires_at: Type.Optional(ExpiresAt),
});
export type CouponCreateBody = Static<typeof CouponCreateBody>;

export const CouponUpdateBody = Type.Partial(
  Type.Object({
    code: Code,
    amount_usd: AmountUsd,
    description: Description,
    max_uses: MaxUses,
    expires_at: ExpiresAt,
    active: Type.Boolean({ errorMessage: 'active must be true or false' }),
  }),
);
export type CouponUpdateBody = Static<typeof CouponUpdateBody>;

export const CouponSort = Type.Union(
  [Type.Literal('created_at'), Type.Literal('code'), Type.Literal('amount'), Type.Literal('expires_at')],
  { errorMessage: 'sort_by must be one of created_at, code, amount, expires_at' },
);
export type CouponSort = Static<typeof CouponSort>;
export const COUPON_SORTS: readonly CouponSort[] = CouponSort.anyOf.map((literal) => literal.const);

export const CouponListQuery = Type.Object({
  active: Type.Optional(BooleanQuery('active')),
  has_uses_remaining: Type.Optional(BooleanQuery('has_uses_remaining')),
  sort_by: Type.Optional(CouponSort),
});
export type CouponListQuery = Static<typeof CouponListQuery>;

export const CouponList = Type.Object({ coupons: Type.Array(Coupon), total: Extension(Type.Integer()) });
export type CouponList = Static<typeof CouponList>;

export const GenerateCodeBody = Type.Object({
  prefix: Type.String({
    pattern: '^[A-Za-z0-9]{0,16}$',
    default: 'SAVE',
    errorMessage: 'The code prefix must be 0 to 16 letters or digits.',
  }),
  length: Type.Integer({
    minimum: 4,
    maximum: 32,
    default: 8,
    errorMessage: 'The code length must be a whole number from 4 to 32.',
  }),
});
export type GenerateCodeBody = Static<typeof GenerateCodeBody>;

export const GeneratedCode = Type.Object({ code: Type.String() });
export type GeneratedCode = Static<typeof GeneratedCode>;

/** A team's validate and redeem calls. */
export const CouponCodeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64, errorMessage: 'Please enter a coupon code' }),
});

export const CouponValidation = Type.Object({
  valid: Extension(Type.Literal(true)),
  coupon: Type.Pick(Coupon, ['code', 'amount', 'description', 'expires_at']),
  amount: Type.Number(),
});
export type CouponValidation = Static<typeof CouponValidation>;

/** Dollars: the amount credited and the team's balance after it. */
export const RedeemReply = Type.Object({
  success: Type.Literal(true),
  amount: Type.Number(),
  new_balance: Type.Number(),
});
export type RedeemReply = Static<typeof RedeemReply>;

export const CouponRedemption = Type.Object({
  id: Type.String(),
  code: Type.String(),
  amount: Type.Number(),
  redeemed_at: Type.String(),
  user_email: Nullable(Type.String()),
});
export type CouponRedemption = Static<typeof CouponRedemption>;

export const Redemptions = Type.Object({ redemptions: Type.Array(CouponRedemption), total: Type.Integer() });
export type Redemptions = Static<typeof Redemptions>;
