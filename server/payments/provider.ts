/**
 * What a payment provider must offer (docs/payments.md). Everything provider-specific lives in a folder of its own
 * below server/payments/ (sandbox/, stripe/); adding a provider is a new folder plus a line in createPaymentProvider.
 * A provider speaks in these terms only: the rest of payments never sees its wire format.
 */

/** Where a checkout stands at the provider. */
export type CheckoutState = 'pending' | 'completed' | 'failed' | 'expired';

/** The provider's word on one checkout: the one input that moves a payment (payments/applyEvents.ts). */
export interface CheckoutReport {
  orderId: string;
  state: CheckoutState;
  failureReason: string | null;
  /** The provider's id of the money taken (Stripe's PaymentIntent), which its refunds and disputes name. */
  paymentRef: string | null;
  /** What the provider says it took, checked against what we asked for; null when it does not say. */
  amountCents: number | null;
}

/** What a provider event does to our side, once. */
export type PaymentEffect =
  | { kind: 'checkout'; report: CheckoutReport }
  /** The whole amount refunded so far on the payment (providers report the running total). */
  | { kind: 'refund'; paymentRef: string; refundedCents: number; reason: string }
  | {
      kind: 'dispute';
      paymentRef: string;
      disputeId: string;
      amountCents: number;
      state: 'open' | 'won' | 'lost';
      reason: string;
    }
  | { kind: 'none' };

export interface ProviderEvent {
  /** The provider's id of the event: it is applied once per id. Null: an event that is only a prompt to ask again. */
  id: string | null;
  type: string;
  effect: PaymentEffect;
}

/** A request the provider sent us (a webhook), as it arrived: its signature covers the exact bytes of the body. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface CheckoutInput {
  orderId: string;
  teamId: string;
  amountCents: number;
  description: string;
  /** This server's origin, for the pages the payer comes back to. */
  baseUrl: string;
  /** The provider must refuse payment after this moment. */
  expiresAt: Date;
}

export interface PaymentProvider {
  /** Stored with each payment, so the reconciler and a re-check ask the provider that took it. */
  readonly name: string;
  /** How long a payment link stays payable, as the provider allows (Stripe: 30 minutes to 24 hours ahead). */
  readonly linkMinutes: number;
  /** The payer's page; `checkoutId` is what fetchCheckout takes back. */
  createCheckout(input: CheckoutInput): Promise<{ paymentUrl: string; checkoutId: string }>;
  fetchCheckout(checkout: { orderId: string; checkoutId: string | null }): Promise<CheckoutReport>;
  /** Every checkout created since `since`, a page at a time (the reconciler reads them all). */
  recentCheckouts(since: Date): AsyncIterable<CheckoutReport[]>;
  /**
   * The events a genuine notification carries, or null when its signature does not verify (nothing is then read or
   * written). A malformed body behind a valid signature throws an HttpError (4xx).
   */
  readNotification(notification: IncomingNotification): Promise<ProviderEvent | null>;
}
