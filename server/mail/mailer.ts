import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { MailConfig } from './settings';
import { claimDue, settleTry } from '../db/deliveryQueue';
import type { Db } from '../db/types';
import { DELIVERY_RETRY, nextTryAt, type RetrySchedule } from '../lib/retry';
import { createWorker } from '../lib/worker';
import { MAIL_QUEUED_CHANNEL } from './outbox';

/** nodemailer, loaded only with SMTP_URL set: without it nothing is sent, and a start need not load it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodemailer = () => require('nodemailer') as typeof Nodemailer;

/** How many emails one pass claims. */
const BATCH = 20;
const POLL_MS = 5_000;
/** An SMTP server that does not answer within this is tried again later. */
const SMTP_TIMEOUT_MS = 10_000;

export interface MailerOptions {
  retry?: RetrySchedule;
  pollMs?: number;
}

interface QueuedMail {
  id: string;
  recipients: string[];
  subject: string;
  body_text: string;
  attempts: number;
  created_at: Date;
}

/**
 * Sends what the outbox holds: through SMTP_URL's server (nodemailer), tried again with backoff for 24 hours when the
 * server refuses or is down; without SMTP_URL each email is marked 'kept' at once, for an administrator to read in the
 * app. Every instance runs one; a row is claimed by one at a time (db/deliveryQueue.ts).
 */
export function createMailer(config: MailConfig, db: Db, log: FastifyBaseLogger, options: MailerOptions = {}) {
  const retry = options.retry ?? DELIVERY_RETRY;
  const transport = config.smtpUrl
    ? nodemailer().createTransport({
        url: config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : null;

  async function send(mail: QueuedMail): Promise<void> {
    if (!transport) return settleTry(db, 'mail_outbox', mail.id, { done: 'kept' });
    try {
      await transport.sendMail({ from: config.from, to: mail.recipients, subject: mail.subject, text: mail.body_text });
      await settleTry(db, 'mail_outbox', mail.id, { done: 'sent' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = nextTryAt(retry, new Date(mail.created_at), mail.attempts, new Date());
      log.warn({ err: error, mailId: mail.id, attempts: mail.attempts }, 'an email could not be sent');
      await settleTry(db, 'mail_outbox', mail.id, retryAt ? { retryAt, error: reason } : { failed: reason });
    }
  }

  const worker = createWorker(
    async () => {
      const due = await claimDue<QueuedMail>(
        db,
        'mail_outbox',
        'id, recipients, subject, body_text, attempts, created_at',
        BATCH,
      );
      for (const mail of due) await send(mail);
      return due.length;
    },
    options.pollMs ?? POLL_MS,
    (error) => log.error({ err: error }, 'the mailer failed'),
  );
  const listening = db
    .listen(MAIL_QUEUED_CHANNEL, { message: worker.kick, missed: worker.kick, failed: () => undefined })
    .catch(() => async () => undefined);
  worker.kick();

  return {
    /** 'smtp' when mail goes out, 'outbox' when it is kept for administrators to read. */
    mode: transport ? ('smtp' as const) : ('outbox' as const),
    listening: listening.then(() => undefined),
    kick: worker.kick,
    /** Resolves once nothing is being sent (tests). */
    idle: worker.idle,
    async close() {
      await (
        await listening
      )();
      await worker.close();
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
