/**
 * The benchmark's model provider (a child process of gatewayBench.ts): each API the gateway calls, answered after a
 * fixed delay with usage, in the provider's own format: OpenAI chat completions, embeddings and responses, and
 * Anthropic's native messages. The model `bench-unavailable` answers 503 at once (the failing deployment of the
 * fallback row). The model `bench-full` answers with as many completion tokens as the request's `max_tokens` allows,
 * so every answer costs its whole hold (the cluster test's overdraw check). Prints its port on stdout once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const DELAY_MS = Number(process.env.FAKE_PROVIDER_DELAY_MS ?? 20);

type Answer = (model: string, promptTokens: number, completionTokens: number) => object;

const ANSWERS: Record<string, Answer> = {
  '/v1/chat/completions': (model, prompt, completion) => ({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'pong' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  }),
  '/v1/messages': (model, prompt, completion) => ({
    id: 'msg_bench',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: 'pong' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: prompt,
      output_tokens: completion,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  }),
  '/v1/embeddings': (model, prompt) => ({
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding: [0.5, 0.5, 0.5, 0.5] }],
    model,
    usage: { prompt_tokens: prompt, total_tokens: prompt },
  }),
  '/v1/responses': (model, prompt, completion) => ({
    id: 'resp_bench',
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model,
    output: [
      {
        type: 'message',
        id: 'msg_bench',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'pong', annotations: [] }],
      },
    ],
    usage: {
      input_tokens: prompt,
      output_tokens: completion,
      total_tokens: prompt + completion,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  }),
};

function send(response: http.ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks);
    const { model, max_tokens: maxTokens } = JSON.parse(raw.toString('utf8') || '{}') as {
      model?: string;
      max_tokens?: number;
    };
    const answer = ANSWERS[request.url ?? ''];
    if (!answer) return send(response, 404, { error: { message: `no ${request.url}`, type: 'invalid_request_error' } });
    if (model === 'bench-unavailable') {
      return send(response, 503, { error: { message: 'unavailable', type: 'server_error', code: 'unavailable' } });
    }
    const completion = model === 'bench-full' && maxTokens ? maxTokens : 1;
    const body = answer(model ?? 'bench-model', Math.ceil(raw.length / 4), completion);
    setTimeout(() => send(response, 200, body), DELAY_MS);
  });
});
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
