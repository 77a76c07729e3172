import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { randomToken } from '../../lib/random';
import type { CheckoutReport, CheckoutState, IncomingNotification, PaymentProvider } from '../provider';

/** What happened to the payer's click at the sandbox provider. */
export type SandboxDecision = 'recorded' | 'already-decided' | 'expired' | 'unknown';

/** The header a sandbox notification is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older than this is refused, so a captured notification cannot be replayed for long. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

interface CheckoutRow {
  order_id: string;
  status: 'pending' | 'completed' | 'failed';
  failure_reason: string | null;
  lapsed: boolean;
}

const CHECKOUT_COLUMNS = 'order_id, status, failure_reason, expires_at <= now() AS lapsed';

/** A pending checkout past its expiry can no longer be paid: the provider calls it expired. */
const report = (row: CheckoutRow): CheckoutReport => {
  const state: CheckoutState = row.status === 'pending' && row.lapsed ? 'expired' : row.status;
  return { orderId: row.order_id, state, failureReason: row.failure_reason, paymentRef: null, amountCents: null };
};

/**
 * Built-in provider for demos and tests: its checkout page is served by this server (routes.ts) and records the
 * payer's choice in sandbox_checkouts, which fetchCheckout reads back like a provider's API. After a decision it
 * notifies us the way a real provider's webhook does: a signed body naming the order, whose status is then fetched.
 */
export function createSandboxProvider(db: Db, notificationSecret: string = randomToken(32)) {
  const sign = (timestamp: number, rawBody: string) =>
    createHmac('sha256', notificationSecret).update(`${timestamp}.${rawBody}`).digest('hex');

  /** The order a genuine notification names, or null. */
  const verifiedOrder = ({ headers, rawBody }: IncomingNotification): string | null => {
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
  };

  const fetchCheckout = async ({ orderId }: { orderId: string }): Promise<CheckoutReport> => {
    const [row] = await db.query<CheckoutRow>(`SELECT ${CHECKOUT_COLUMNS} FROM sandbox_checkouts WHERE order_id = $1`, [
      orderId,
    ]);
    return row ? report(row) : { orderId, state: 'pending', failureReason: null, paymentRef: null, amountCents: null };
  };

  const provider = {
    name: 'sandbox' as const,
    linkMinutes: 30,
    async createCheckout({ orderId, baseUrl, expiresAt }) {
      await db.query(`INSERT INTO sandbox_checkouts (order_id, status, expires_at) VALUES ($1, 'pending', $2)`, [
        orderId,
        expiresAt,
      ]);
      return { paymentUrl: `${baseUrl}/v1/payments/sandbox/${orderId}`, checkoutId: orderId };
    },
    fetchCheckout,
    async *recentCheckouts(since) {
      const rows = await db.query<CheckoutRow>(
        `SELECT ${CHECKOUT_COLUMNS} FROM sandbox_checkouts WHERE expires_at >= $1 OR updated_at >= $1 ORDER BY order_id`,
        [since],
      );
      yield rows.map(report);
    },
    /** A notification only says "ask about this order": its claims are never trusted, the status is fetched. */
    async readNotification(notification) {
      const orderId = verifiedOrder(notification);
      if (orderId === null) return null;
      return {
        id: null,
        type: 'checkout.decided',
        effect: { kind: 'checkout', report: await fetchCheckout({ orderId }) },
      };
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
