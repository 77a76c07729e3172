import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { MediaPayload, MediaReply } from '../media/types';
import { encodeMedia } from '../media/encode';
import type { CallStop } from './callStop';

export interface UpstreamReply {
  status: number;
  /** The raw response body: JSON, or server-sent events for a stream. */
  body: Readable;
}

/**
 * A provider reached with one credential. `path` is under the provider's base URL (`/chat/completions`,
 * `/messages`, …). Stopping `stop` (callStop.ts) stops the call, including a body still streaming.
 */
export interface Upstream {
  send(
    path: string,
    payload: Record<string, unknown>,
    headers: Record<string, string>,
    stop: CallStop,
  ): Promise<UpstreamReply>;
  /**
   * A request whose whole reply is read: a media request (docs/media.md), or a file or batch of the provider's own
   * Batch API (docs/batches.md#the-providers-batch-api). JSON, or multipart with its files.
   */
  sendMedia(
    path: string,
    payload: MediaPayload,
    signal: AbortSignal,
    headers?: Record<string, string>,
  ): Promise<MediaReply>;
  /** A GET of the provider's API, its whole reply read (a batch's state, a file's content). */
  get(path: string, signal: AbortSignal, headers?: Record<string, string>): Promise<MediaReply>;
  close(): void;
}

/**
 * A provider's HTTP API over node:http(s) with a keep-alive agent per credential: connections (and TLS sessions) are
 * reused across requests, and the plain Node client costs less per request than fetch's web streams.
 */
export function httpUpstream(baseUrl: string, auth: Record<string, string>): Upstream {
  const base = baseUrl.replace(/\/+$/, '');
  const client = base.startsWith('https:') ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 1024, scheduling: 'lifo' });
  // The base URL parsed once: a URL string given to request() is parsed again on every call.
  const url = new URL(base);
  const basic = url.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
    : null;
  const fixed = fixedHeaders(url.host, auth, basic);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port;
  const prefix = url.pathname.replace(/\/+$/, '');
  return {
    send(path, payload, headers, stop) {
      const body = Buffer.from(JSON.stringify(payload));
      return new Promise((resolve, reject) => {
        const request = client.request(
          {
            hostname,
            port,
            agent,
            path: `${prefix}${path}`,
            method: 'POST',
            headers: headerList(headers, fixed, body.length, payload.stream ? 'text/event-stream' : 'application/json'),
          },
          (response) => resolve({ status: response.statusCode ?? 502, body: response }),
        );
        // Destroyed without an error: a reader still waiting on the body sees it cut short; a body the provider had
        // sent whole, that nobody reads any more (a guardrail stopped the answer), has its socket closed quietly, where
        // an AbortError would be thrown at the process from a socket with no listener.
        stop.onStop(() => request.destroy());
        request.on('error', reject);
        request.end(body);
      });
    },
    async sendMedia(path, payload, signal, headers = {}) {
      const { body, contentType } = await encodeMedia(payload);
      return whole(
        'POST',
        path,
        { ...headers, 'content-type': contentType, 'content-length': body.length },
        body,
        signal,
      );
    },
    get: (path, signal, headers = {}) => whole('GET', path, headers, null, signal),
    close: () => agent.destroy(),
  };

  /** One request whose reply is read whole. */
  function whole(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string | number>,
    body: Buffer | null,
    signal: AbortSignal,
  ): Promise<MediaReply> {
    return new Promise((resolve, reject) => {
      const request = client.request(
        `${base}${path}`,
        { method, agent, signal, headers: { ...auth, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.once('error', reject);
          response.once('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.once('error', reject);
      request.end(body ?? undefined);
    });
  }
}

/** Headers every call of a provider client sends the same: its host, its credential, the body's type. */
interface FixedHeaders {
  /** [name, value, …] as Node's flat header list: the host, the credential, the body's type. */
  list: string[];
  /** Their names in lower case, and those each call sets (length, accept): a call's own header of one is left out. */
  names: Set<string>;
}

function fixedHeaders(host: string, auth: Record<string, string>, basic: string | null): FixedHeaders {
  const list = ['host', host];
  for (const name of Object.keys(auth)) list.push(name, auth[name]);
  const names = new Set([
    'host',
    'content-type',
    'content-length',
    'accept',
    ...Object.keys(auth).map((n) => n.toLowerCase()),
  ]);
  if (basic && !names.has('authorization')) {
    list.push('authorization', basic);
    names.add('authorization');
  }
  list.push('content-type', 'application/json');
  return { list, names };
}

/**
 * A call's headers as Node's flat list ([name, value, …]). Given an object, Node's client calls setHeader for each
 * header (validated, lower-cased and stored one by one), then adds the host and reads them all back into the request's
 * head; given a list, it validates each and writes the head at once (docs/gateway.md › Performance). The client's
 * own headers win over a call's header of the same name in any case, which is left out, as when they were spread
 * last over the call's.
 */
function headerList(own: Record<string, string>, fixed: FixedHeaders, length: number, accept: string): string[] {
  const list = fixed.list.slice();
  for (const name in own) if (!fixed.names.has(name.toLowerCase())) list.push(name, own[name]);
  list.push('content-length', String(length), 'accept', accept);
  return list;
}
