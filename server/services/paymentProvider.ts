import type { Db } from '../db/types';

export type ProviderStatus = { status: 'pending' | 'completed' | 'failed'; failureReason: string | null };

/** What a payment provider must offer; a real one would call its HTTP API where the sandbox uses a table. */
export interface PaymentProvider {
  readonly name: string;
  /** The provider is told when the link expires and must refuse payment after that moment. */
  createCheckout(input: { orderId: string; baseUrl: string; expiresAt: Date }): Promise<{ paymentUrl: string }>;
  fetchStatus(orderId: string): Promise<ProviderStatus>;
}

/** What happened to the payer's click at the sandbox provider. */
export type SandboxDecision = 'recorded' | 'already-decided' | 'expired' | 'unknown';

/**
 * Built-in provider for demos and tests: its checkout page is served by this server and records the payer's choice
 * in sandbox_checkouts, which fetchStatus reads back like a provider's API.
 */
export function createSandboxProvider(db: Db): PaymentProvider & {
  decide(orderId: string, outcome: 'completed' | 'failed', failureReason?: string): Promise<SandboxDecision>;
} {
  return {
    name: 'sandbox',
    async createCheckout({ orderId, baseUrl, expiresAt }) {
      await db.query(`INSERT INTO sandbox_checkouts (order_id, status, expires_at) VALUES ($1, 'pending', $2)`, [
        orderId,
        expiresAt,
      ]);
      return { paymentUrl: `${baseUrl}/v1/payments/sandbox/${orderId}` };
    },
    async fetchStatus(orderId) {
      const [row] = await db.query<ProviderStatus & { failure_reason: string | null }>(
        'SELECT status, failure_reason FROM sandbox_checkouts WHERE order_id = $1',
        [orderId],
      );
      return row
        ? { status: row.status, failureReason: row.failure_reason }
        : { status: 'pending', failureReason: null };
    },
    /** The payer's click: only the first decision counts, and none after the link's expiry. */
    async decide(orderId, outcome, failureReason) {
      const rows = await db.query(
        `UPDATE sandbox_checkouts SET status = $2, failure_reason = $3, updated_at = now()
         WHERE order_id = $1 AND status = 'pending' AND expires_at > now() RETURNING order_id`,
        [orderId, outcome, outcome === 'failed' ? (failureReason ?? 'Payment declined by the payer') : null],
      );
      if (rows.length > 0) return 'recorded';
      const [row] = await db.query<{ status: string }>('SELECT status FROM sandbox_checkouts WHERE order_id = $1', [
        orderId,
      ]);
      if (!row) return 'unknown';
      return row.status === 'pending' ? 'expired' : 'already-decided';
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
