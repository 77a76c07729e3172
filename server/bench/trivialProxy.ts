/**
 * The floor of this stack (a child process of gatewayBench.ts): Fastify answering POST /v1/chat/completions by
 * forwarding the body as it came to the provider whose base URL is argv[2] (Node's fetch, keep-alive) and relaying its
 * status and JSON. No key, no pricing, no database, no log: what any Fastify gateway pays before doing its own work.
 * Prints its port on stdout once listening.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

const upstream = `${process.argv[2]}/chat/completions`;
const app = Fastify({ logger: false });

// The body stays a string: forwarded, never parsed.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

app.post('/v1/chat/completions', async (request, reply) => {
  const answer = await fetch(upstream, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request.body as string,
  });
  return reply
    .code(answer.status)
    .header('content-type', 'application/json')
    .send(await answer.text());
});

app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
});
