import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_EXCERPT_BYTES } from '../../../contract/schemas/alerts';
import {
  DestinationError,
  checkedAddress as checkedPublicAddress,
  pinnedLookup,
  watchConnectedAddress,
  type PublicDestinationOptions,
} from '../../lib/publicDestination';

/**
 * Sending to a URL a team owner chose (docs/alerts.md#webhooks), which must not become a way into our own network:
 * the host is resolved once, every address it resolves to must be public (unless the operator allows private ones,
 * WEBHOOKS_ALLOW_PRIVATE), and the connection goes to the address that was checked (a lookup that answers it,
 * so a second resolution cannot point elsewhere), which is checked once more when the socket connects. No redirect
 * is followed, a try ends after WEBHOOK_TIMEOUT_MS, and only the first WEBHOOK_EXCERPT_BYTES of the answer are kept.
 */

export interface DestinationOptions extends PublicDestinationOptions {
  timeoutMs: number;
}

export { DestinationError };

export interface WebhookAnswer {
  statusCode: number;
  excerpt: string;
}

/** The URL, if it is one we send to: http(s), a host, no user name or password in it. */
export function webhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DestinationError('Enter a full URL, starting with https:// or http://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new DestinationError('The URL must start with https:// or http://.');
  }
  if (url.username || url.password) throw new DestinationError('The URL must not carry a user name or password.');
  return url;
}

/** A Slack incoming webhook, which takes Slack's `{ text }` body. */
export const isSlackUrl = (url: URL) => url.protocol === 'https:' && url.hostname === 'hooks.slack.com';

const ONLY_PUBLIC = 'webhooks are sent to public addresses only';

/** The address to connect to: the host's (or the literal's) first, once all of them are allowed. */
export const checkedAddress = (url: URL, options: DestinationOptions) =>
  checkedPublicAddress(url, options, ONLY_PUBLIC);

/** POSTs `body` to the URL, connected to the checked address; resolves with the answer, or throws DestinationError. */
export async function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: DestinationOptions,
): Promise<WebhookAnswer> {
  const target = await checkedAddress(url, options);
  const seconds = options.timeoutMs / 1000;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const fail = (message: string) => reject(new DestinationError(message));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'AI-Model-Gateway-Webhooks/1',
          ...headers,
        },
        agent: false,
        // The address checked above, never a second resolution (which could answer another).
        lookup: pinnedLookup(target),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          clearTimeout(timer);
          resolve({
            statusCode: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).subarray(0, WEBHOOK_EXCERPT_BYTES).toString('utf8'),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_EXCERPT_BYTES) chunks.push(chunk);
          kept += chunk.length;
          // Enough is kept: the rest is not read.
          if (kept >= WEBHOOK_EXCERPT_BYTES) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', () => finish());
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      fail(`no answer within ${seconds} s`);
    }, options.timeoutMs);
    watchConnectedAddress(request, options, ONLY_PUBLIC, (message) => {
      request.destroy();
      clearTimeout(timer);
      fail(message);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      fail(error.message);
    });
    request.end(body);
  });
}
