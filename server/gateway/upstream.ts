import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';

export interface UpstreamReply {
  status: number;
  /** The raw response body: JSON, or server-sent events for a stream. */
  body: Readable;
}

/** A provider's chat completions endpoint. Aborting `signal` stops the call, including a body still streaming. */
export interface Upstream {
  send(payload: Record<string, unknown>, signal: AbortSignal): Promise<UpstreamReply>;
  close(): void;
}

/**
 * An OpenAI-compatible endpoint over node:http(s) with a keep-alive agent per provider: connections (and TLS sessions)
 * are reused across requests, and the plain Node client costs less per request than fetch's web streams.
 */
export function httpUpstream(baseUrl: string, apiKey: string): Upstream {
  const url = new URL(`${baseUrl}/chat/completions`);
  const client = url.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 1024, scheduling: 'lifo' });
  return {
    send(payload, signal) {
      const body = Buffer.from(JSON.stringify(payload));
      return new Promise((resolve, reject) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            agent,
            signal,
            headers: {
              authorization: `Bearer ${apiKey}`,
              'content-type': 'application/json',
              'content-length': body.length,
              accept: payload.stream ? 'text/event-stream' : 'application/json',
            },
          },
          (response) => resolve({ status: response.statusCode ?? 502, body: response }),
        );
        request.once('error', reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
