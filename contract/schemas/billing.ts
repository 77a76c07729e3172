import { Type, type Static } from 'typebox';
import { formatCents } from '../money';
import { Composite, MAX_AMOUNT_CENTS, Nullable } from './common';
import { Extension } from './extension';
import { ADJUSTMENT_AMOUNT_MESSAGE, ADJUSTMENT_REASON_MESSAGE } from '../rules/billing';
export * from '../rules/billing';

/** A team's credits and payments: /v1/teams/{teamId}/... (docs/api-contract.md, Calls: billing). */
export const TeamParams = Type.Object({ teamId: Type.String() });
export const OrderParams = Type.Object({ teamId: Type.String(), orderId: Type.String({ maxLength: 64 }) });

export const Money = Type.Object({ cents: Type.Integer(), currency: Extension(Type.Literal('USD')) });
export type Money = Static<typeof Money>;

export const PaymentStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('completed'),
  Type.Literal('failed'),
  Type.Literal('expired'),
  Type.Literal('refunded'),
]);
export type PaymentStatus = Static<typeof PaymentStatus>;

/** Dollars. */
export const CreditBalance = Type.Object({ team_id: Extension(Type.String()), current_balance: Type.Number() });
export type CreditBalance = Static<typeof CreditBalance>;

export const DetailedCreditBalance = Composite([
  CreditBalance,
  Type.Object({
    total_topups: Type.Number(),
    total_refunds: Type.Number(),
    total_adjustments: Type.Number(),
    total_transfers: Type.Number(),
    total_other: Type.Number(),
    total_usage: Type.Number(),
  }),
]);
export type DetailedCreditBalance = Static<typeof DetailedCreditBalance>;

/** The kinds of credit ledger entry; the wire type stays a string so that a new kind does not break older browsers. */
export type CreditEntryType = 'topup' | 'refund' | 'adjustment' | 'transfer' | 'other';

export const CreditEntry = Type.Object({
  id: Type.String(),
  /** A CreditEntryType. */
  type: Type.String(),
  description: Type.String(),
  /** Dollars. */
  amount: Type.Number(),
  created_at: Type.String(),
});
export type CreditEntry = Static<typeof CreditEntry>;

export const CreditHistory = Type.Object({ entries: Type.Array(CreditEntry), total: Extension(Type.Integer()) });
export type CreditHistory = Static<typeof CreditHistory>;

export const PaymentLinkBody = Type.Object({
  amount_cents: Type.Integer({
    minimum: 100,
    maximum: 100_000_000,
    errorMessage: `The amount must be from $1.00 to ${formatCents(100_000_000)}.`,
  }),
  description: Type.Optional(
    Type.String({ maxLength: 500, errorMessage: 'The description must be at most 500 characters.' }),
  ),
});
export type PaymentLinkBody = Static<typeof PaymentLinkBody>;

export const PaymentLink = Type.Object({
  payment_url: Type.String(),
  order_id: Type.String(),
  amount: Money,
  expires_at: Extension(Type.String()),
  status: Extension(Type.Literal('pending')),
});
export type PaymentLink = Static<typeof PaymentLink>;

export const PaymentStatusReply = Type.Object({
  order_id: Extension(Type.String()),
  status: PaymentStatus,
  failure_reason: Nullable(Type.String()),
  amount: Extension(Money),
});
export type PaymentStatusReply = Static<typeof PaymentStatusReply>;

export const PaymentCheckReply = Type.Object({ updated: Type.Boolean(), status: PaymentStatus });
export type PaymentCheckReply = Static<typeof PaymentCheckReply>;

/** An invoice or credit note of a payment; its PDF is documentPdfPath (contract/apiPaths.ts). */
export const PaymentDocument = Type.Object({
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')]),
  number: Type.String(),
  issued_at: Type.String(),
  total: Money,
});
export type PaymentDocument = Static<typeof PaymentDocument>;

export const Payment = Type.Object({
  order_id: Type.String(),
  status: PaymentStatus,
  amount: Money,
  /** What the provider gave back (refunds); the status turns 'refunded' once it is the whole amount. */
  refunded: Extension(Money),
  /** The payment's invoice once it is completed, then a credit note per refund, oldest first. */
  documents: Extension(Type.Array(PaymentDocument)),
  description: Extension(Type.String()),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
  failed_at: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  payment_url: Nullable(Type.String()),
  failure_reason: Nullable(Type.String()),
});
export type Payment = Static<typeof Payment>;

export const PaymentHistory = Type.Object({ payments: Type.Array(Payment), count: Type.Integer() });
export type PaymentHistory = Static<typeof PaymentHistory>;

/**
 * An administrator's manual credit adjustment (docs/governance.md#manual-adjustments): cents, positive (a credit) or
 * negative (a debit), and why.
 */
export const CreditAdjustmentBody = Type.Object({
  amount_cents: Type.Integer({
    minimum: -MAX_AMOUNT_CENTS,
    maximum: MAX_AMOUNT_CENTS,
    errorMessage: ADJUSTMENT_AMOUNT_MESSAGE,
  }),
  reason: Type.String({ minLength: 1, maxLength: 200, errorMessage: ADJUSTMENT_REASON_MESSAGE }),
});
export type CreditAdjustmentBody = Static<typeof CreditAdjustmentBody>;

export const CreditAdjustmentReply = Type.Object({ team_id: Type.String(), balance_cents: Type.Integer() });
export type CreditAdjustmentReply = Static<typeof CreditAdjustmentReply>;
