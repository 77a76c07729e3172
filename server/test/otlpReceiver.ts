import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an OTLP/HTTP (JSON) collector receives of the gateway's traces, for the tests that read them. */
export interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: { key: string; value: OtlpValue }[];
}
export const SERVER = 2;
export const CLIENT = 3;
export const STATUS_ERROR = 2;

/** An OTLP/HTTP (JSON) receiver: what the gateway exports, as it came (`bodies` as text, to search). */
export async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      bodies.push(Buffer.concat(chunks).toString());
      const body = JSON.parse(bodies[bodies.length - 1]) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    bodies,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
