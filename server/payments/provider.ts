/**
 * What a payment provider must offer (docs/server.md, Payments). Everything provider-specific lives in a folder of its
 * own below server/payments/ (today: sandbox/); adding a provider is a new folder plus a line in createProvider.
 */

export type ProviderStatus = { status: 'pending' | 'completed' | 'failed'; failureReason: string | null };

/** A request the provider sent us (a webhook), as it arrived: its signature covers the exact bytes of the body. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface PaymentProvider {
  /** Stored with each payment, so the reconciler asks the provider that took it. */
  readonly name: string;
  /** The provider is told when the link expires and must refuse payment after that moment. */
  createCheckout(input: { orderId: string; baseUrl: string; expiresAt: Date }): Promise<{ paymentUrl: string }>;
  /** The provider's word on an order; the one input that moves a payment (see applyProviderStatus). */
  fetchStatus(orderId: string): Promise<ProviderStatus>;
  /**
   * The order a genuine notification is about, or null when its signature does not verify. A notification only says
   * "ask about this order": its claims are never trusted, the status is fetched from the provider.
   */
  verifyNotification(notification: IncomingNotification): string | null;
}
