import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com): each message carries `webhook-id` (the same on every try),
 * `webhook-timestamp` (seconds) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`
 * under the endpoint's secret, `whsec_` and the base64 of its key bytes. The receiver checks it with the
 * `standardwebhooks` package or the same few lines (server/test/alertWebhooks.test.ts checks ours with the package).
 */
const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

export function signatureHeaders(secret: string, messageId: string, timestamp: Date, body: string) {
  const seconds = Math.floor(timestamp.getTime() / 1000);
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${seconds}.${body}`).digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': `v1,${signature}`,
  };
}
