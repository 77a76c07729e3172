import type { FastifyBaseLogger } from 'fastify';
import { claimDue, settleTry } from '../../db/deliveryQueue';
import type { Db } from '../../db/types';
import { DELIVERY_RETRY, nextTryAt, type RetrySchedule } from '../../lib/retry';
import { createWorker } from '../../lib/worker';
import { WEBHOOKS_QUEUED_CHANNEL } from '../fire';
import { DestinationError, postWebhook, webhookUrl, type DestinationOptions } from './destination';
import { signatureHeaders } from './signature';

const BATCH = 10;
const POLL_MS = 5_000;

export interface DelivererOptions extends DestinationOptions {
  retry?: RetrySchedule;
  pollMs?: number;
}

interface ClaimedDelivery {
  id: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string | null;
  secret: string | null;
  usable: boolean;
}

const CLAIMED_COLUMNS = `id, payload::text AS body, attempts, created_at,
  (SELECT e.url FROM webhook_endpoints e WHERE e.id = endpoint_id) AS url,
  (SELECT e.secret FROM webhook_endpoints e WHERE e.id = endpoint_id) AS secret,
  COALESCE((SELECT e.enabled AND e.deleted_at IS NULL FROM webhook_endpoints e WHERE e.id = endpoint_id), false)
    AS usable`;

/**
 * Sends the queued webhook deliveries (docs/alerts.md#webhooks): each try signed (Standard Webhooks), to the checked
 * address (destination.ts); a 2xx answer is success, anything else (another status, a refusal, a timeout) is tried
 * again with exponential backoff until 24 hours after the delivery was queued, then the delivery has failed. Every
 * try is recorded for the owner. Every instance runs one; a delivery is claimed by one at a time.
 */
export function createDeliverer(db: Db, log: FastifyBaseLogger, options: DelivererOptions) {
  const retry = options.retry ?? DELIVERY_RETRY;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const started = Date.now();
    let answer: { statusCode: number; excerpt: string } | null = null;
    let error: string | null = null;
    if (!delivery.usable || !delivery.url || !delivery.secret) {
      error = 'The endpoint was removed or turned off.';
    } else {
      try {
        const headers = signatureHeaders(delivery.secret, delivery.id, new Date(), delivery.body);
        answer = await postWebhook(webhookUrl(delivery.url), delivery.body, headers, options);
        if (answer.statusCode < 200 || answer.statusCode >= 300) error = `answered ${answer.statusCode}`;
      } catch (caught) {
        if (!(caught instanceof DestinationError)) log.error({ err: caught }, 'a webhook delivery failed');
        error = caught instanceof Error ? caught.message : String(caught);
      }
    }
    // A removed or disabled endpoint is not tried again.
    const retryAt =
      error !== null && delivery.usable
        ? nextTryAt(retry, new Date(delivery.created_at), delivery.attempts, new Date())
        : null;
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING`,
        [delivery.id, delivery.attempts, answer?.statusCode ?? null, error, Date.now() - started],
      );
      await settleTry(
        q,
        'webhook_deliveries',
        delivery.id,
        error === null ? { done: 'succeeded' } : retryAt ? { retryAt, error } : { failed: error },
        { last_status_code: answer?.statusCode ?? null, response_excerpt: answer?.excerpt ?? null },
      );
    });
  }

  const worker = createWorker(
    async () => {
      const due = await claimDue<ClaimedDelivery>(db, 'webhook_deliveries', CLAIMED_COLUMNS, BATCH);
      await Promise.all(due.map(attempt));
      return due.length;
    },
    options.pollMs ?? POLL_MS,
    (error) => log.error({ err: error }, 'the webhook deliverer failed'),
  );
  const listening = db
    .listen(WEBHOOKS_QUEUED_CHANNEL, { message: worker.kick, missed: worker.kick, failed: () => undefined })
    .catch(() => async () => undefined);
  worker.kick();

  /** Tries a delivery this instance has just queued as claimed (Send test), now, and waits for the answer. */
  async function tryNow(deliveryId: string): Promise<void> {
    const [delivery] = await db.query<ClaimedDelivery>(
      `SELECT ${CLAIMED_COLUMNS} FROM webhook_deliveries WHERE id = $1 AND status = 'sending'`,
      [deliveryId],
    );
    if (delivery) await attempt(delivery);
  }

  return {
    listening: listening.then(() => undefined),
    kick: worker.kick,
    tryNow,
    idle: worker.idle,
    async close() {
      await (
        await listening
      )();
      await worker.close();
    },
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;
