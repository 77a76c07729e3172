// A recording proxy in front of the gateway: every request a client sends is passed on as it came and kept, with its
// secrets taken out, so that npm run test:clients -- --record can write it down as a fixture the server suite
// replays (server/test/clientFixtures.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a client sent it: what the gateway saw, less what must never be written down. */
export interface RecordedRequest {
  method: string;
  /** The path and query (`/v1/messages?beta=true`). */
  url: string;
  headers: Record<string, string>;
  /** The JSON body, parsed. */
  body: unknown;
}

/** Credentials, and what a proxy or a socket sets rather than the client. */
const LEFT_OUT = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'cookie',
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
]);

export interface Recorder {
  url: string;
  /** The requests that carried `key`, in the order they came; the key itself is not in them. */
  requestsWith(key: string): RecordedRequest[];
  close(): Promise<void>;
}

function carriesKey(headers: http.IncomingHttpHeaders, url: string, key: string): boolean {
  const sent = [headers.authorization, headers['x-api-key'], headers['x-goog-api-key']].map(String);
  return sent.some((value) => value === key || value === `Bearer ${key}`) || url.includes(`key=${key}`);
}

export async function startRecorder(target: string): Promise<Recorder> {
  const seen: { key: (key: string) => boolean; request: RecordedRequest }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = req.url ?? '/';
      let body: unknown = raw.toString('utf8');
      try {
        body = JSON.parse(body as string);
      } catch {
        // Not JSON: kept as text.
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers)
          .filter(([name, value]) => !LEFT_OUT.has(name) && value !== undefined)
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
      );
      const withoutKey = url.replace(/([?&])key=[^&]*/, '$1key=KEY');
      seen.push({
        key: (key) => carriesKey(req.headers, url, key),
        request: { method: req.method ?? 'GET', url: withoutKey, headers, body },
      });
      const upstream = http.request(`${target}${url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recorder: ${error.message}`);
      });
      upstream.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requestsWith: (key) => seen.filter((entry) => entry.key(key)).map((entry) => entry.request),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
