import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  DestinationError,
  checkedAddress,
  pinnedLookup,
  watchConnectedAddress,
  type PublicDestinationOptions,
} from '../lib/publicDestination';

/**
 * The fetch the MCP SDK's client transports use to reach a registered server (and its OAuth authorization server):
 * every request resolves the host, refuses a private address unless the operator allows them (MCP_ALLOW_PRIVATE), and
 * connects to the address it checked (server/lib/publicDestination.ts), so a name that resolved to a public address
 * when the server was registered cannot be pointed at our network later (DNS rebinding). Redirects are not followed
 * here: the SDK follows those within the server's origin, each through this fetch again.
 */
export const ONLY_PUBLIC = 'MCP servers are reached at public addresses only';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** A request body as node sends it: what the SDK gives fetch (JSON text, an OAuth form). */
function bodyOf(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('an MCP request body must be text, a form or bytes');
}

export function publicFetch(options: PublicDestinationOptions): FetchLike {
  return async (input, init = {}) => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new DestinationError('An MCP server is reached at an https:// or http:// URL.');
    }
    const target = await checkedAddress(url, options, ONLY_PUBLIC);
    const headers = new Headers(init.headers);
    if (init.body instanceof URLSearchParams && !headers.has('content-type')) {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
    const body = bodyOf(init.body);
    const sent: Record<string, string> = {};
    headers.forEach((value, name) => (sent[name] = value));
    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers: sent,
        agent: agents[url.protocol as keyof typeof agents],
        lookup: pinnedLookup(target),
        signal: init.signal ?? undefined,
      });
      watchConnectedAddress(request, options, ONLY_PUBLIC, (message) => {
        request.destroy();
        reject(new DestinationError(message));
      });
      request.on('response', (response) => {
        const answered = new Headers();
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) answered.append(raw[i], raw[i + 1]);
        const status = response.statusCode ?? 502;
        const empty = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
        if (empty) response.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(response) as ReadableStream), {
            status,
            statusText: response.statusMessage,
            headers: answered,
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  };
}
