/**
 * The floor of this stack (a child process of gatewayBench.ts): Fastify answering POST /v1/chat/completions by
 * forwarding the body as it came to the provider whose base URL is argv[2] and relaying its status and JSON. No key,
 * no pricing, no database, no log: what any Fastify gateway pays before doing its own work. It reaches the provider
 * the way our gateway does (server/providers/upstream.ts: node:http with a keep-alive agent), so the floor is the
 * same client's, not a dearer one's (Node's fetch cost 0.77-0.88 ms of CPU a request here, this 0.3-0.4 ms; see
 * docs/gateway.md › Performance). Prints its port on stdout once listening.
 */
import Fastify from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = `${process.argv[2]}/chat/completions`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024, scheduling: 'lifo' });
const app = Fastify({ logger: false });

// The body stays a string: forwarded, never parsed.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

/** One POST to the provider, its answer read whole. */
function forward(body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      upstream,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('error', reject);
        response.once('end', () => resolve({ status: response.statusCode ?? 502, text }));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

app.post('/v1/chat/completions', async (request, reply) => {
  const answer = await forward(request.body as string);
  return reply.code(answer.status).header('content-type', 'application/json').send(answer.text);
});

// Ended by a signal from the bench: exit, so a --cpu-prof profile is written (BENCH_CHILD_NODE_ARGS).
process.once('SIGTERM', () => process.exit(0));

app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
});
