import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the JSON the gateway forwarded
  body: any;
  /** Resolves when the gateway closes the connection before the reply ended (it aborted the call). */
  aborted: Promise<void>;
}

export type Handler = (request: ReceivedRequest, res: http.ServerResponse) => void;

/**
 * A provider speaking OpenAI's chat completions on loopback. By default it answers `reply` with `usage`, as JSON or,
 * for `stream: true`, as one chunk per word plus the usage chunk when stream_options.include_usage is set.
 */
export interface FakeUpstream {
  /** Base URL to configure as a provider's *_BASE_URL. */
  url: string;
  requests: ReceivedRequest[];
  reply: string;
  usage: Usage;
  handler: Handler | null;
  reset(): void;
  close(): Promise<void>;
}

const head = (model: string) => ({ id: 'chatcmpl-fake', created: 1_700_000_000, model });

export function sendJson(res: http.ServerResponse, model: string, content: string, usage: Usage) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      ...head(model),
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }),
  );
}

export const chunk = (model: string, content: string | null, extra: object = {}) =>
  `data: ${JSON.stringify({
    ...head(model),
    object: 'chat.completion.chunk',
    choices: content === null ? [] : [{ index: 0, delta: { content }, finish_reason: null }],
    ...extra,
  })}\n\n`;

export function startStream(res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
}

export function sendStream(res: http.ServerResponse, model: string, words: string[], usage: Usage | null) {
  startStream(res);
  for (const word of words) res.write(chunk(model, word));
  if (usage)
    res.write(chunk(model, null, { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
  res.end('data: [DONE]\n\n');
}

export const words = (text: string) => text.match(/\s*\S+/g) ?? [];

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    url: '',
    requests: [],
    reply: 'Hello from the fake provider',
    usage: { prompt_tokens: 10, completion_tokens: 5 },
    handler: null,
    reset() {
      fake.requests = [];
      fake.reply = 'Hello from the fake provider';
      fake.usage = { prompt_tokens: 10, completion_tokens: 5 };
      fake.handler = null;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (data: Buffer) => chunks.push(data));
    req.on('end', () => {
      const aborted = new Promise<void>((resolve) => res.once('close', () => !res.writableFinished && resolve()));
      const received: ReceivedRequest = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()),
        aborted,
      };
      fake.requests.push(received);
      if (fake.handler) return fake.handler(received, res);
      const { model, stream, stream_options: options } = received.body;
      if (stream) sendStream(res, model, words(fake.reply), options?.include_usage ? fake.usage : null);
      else sendJson(res, model, fake.reply, fake.usage);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
