/**
 * The benchmark's model provider (a child process of gatewayBench.ts): OpenAI's chat completions answered after a
 * fixed delay, with usage. Prints its port on stdout once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const DELAY_MS = Number(process.env.FAKE_PROVIDER_DELAY_MS ?? 20);

const server = http.createServer((request, response) => {
  let size = 0;
  request.on('data', (chunk: Buffer) => (size += chunk.length));
  request.on('end', () => {
    setTimeout(() => {
      const body = JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'bench-model',
        choices: [{ index: 0, message: { role: 'assistant', content: 'pong' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: Math.ceil(size / 4), completion_tokens: 1, total_tokens: Math.ceil(size / 4) + 1 },
      });
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    }, DELAY_MS);
  });
});
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
