import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { randomToken } from '../../lib/random';
import type { IncomingNotification, PaymentProvider, ProviderStatus } from '../provider';

/** What happened to the payer's click at the sandbox provider. */
export type SandboxDecision = 'recorded' | 'already-decided' | 'expired' | 'unknown';

/** The header a sandbox notification is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older than this is refused, so a captured notification cannot be replayed for long. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Built-in provider for demos and tests: its checkout page is served by this server (routes.ts) and records the
 * payer's choice in sandbox_checkouts, which fetchStatus reads back like a provider's API. After a decision it
 * notifies us the way a real provider's webhook does: a signed body naming the order.
 */
export function createSandboxProvider(db: Db, notificationSecret: string = randomToken(32)) {
  const sign = (timestamp: number, rawBody: string) =>
    createHmac('sha256', notificationSecret).update(`${timestamp}.${rawBody}`).digest('hex');

  const provider = {
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
    verifyNotification({ headers, rawBody }) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const parts = new Map(
        (typeof header === 'string' ? header : '').split(',').map((part) => part.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
        return null;
      const expected = Buffer.from(sign(timestamp, rawBody), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const body: unknown = JSON.parse(rawBody);
        const orderId = (body as { order_id?: unknown } | null)?.order_id;
        return typeof orderId === 'string' ? orderId : null;
      } catch {
        return null;
      }
    },
  } satisfies PaymentProvider;

  return {
    ...provider,
    /** The payer's click: only the first decision counts, and none after the link's expiry. */
    async decide(orderId: string, outcome: 'completed' | 'failed', failureReason?: string): Promise<SandboxDecision> {
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
    /** The webhook the sandbox sends after a decision, signed as verifyNotification expects. */
    notification(orderId: string, now = Date.now()): IncomingNotification {
      const rawBody = JSON.stringify({ type: 'checkout.decided', order_id: orderId });
      const timestamp = Math.floor(now / 1000);
      return {
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(timestamp, rawBody)}`,
        },
        rawBody,
      };
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
