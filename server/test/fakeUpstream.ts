import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnthropicUsage } from '../formats/translate/anthropicTypes';
import type { GeminiUsageMetadata } from '../formats/translate/geminiTypes';
import {
  anthropicMessageJson,
  anthropicStream,
  embeddingsJson,
  geminiResponseJson,
  geminiStream,
  responsesJson,
  responsesStream,
  responsesUsageOf,
  words,
  type FakeToolUse,
} from './fakeProviderFormats';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
}

export interface ReceivedRequest {
  /** The path the gateway called, e.g. `/v1/messages`. */
  path: string;
  /** Its query string, e.g. `?alt=sse` ('' without one). */
  search: string;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the JSON the gateway forwarded
  body: any;
  /** Resolves when the gateway closes the connection before the reply ended (it aborted the call). */
  aborted: Promise<void>;
}

export type Handler = (request: ReceivedRequest, res: http.ServerResponse) => void;

/**
 * A provider on loopback. By default it answers `reply`, as JSON or, for `stream: true`, word by word:
 * - `/chat/completions` in OpenAI's format with `usage` (the usage chunk when stream_options.include_usage is set);
 * - `/messages` in Anthropic's native format with `anthropicUsage` (cache counts included when set) and a tool_use
 *   block after the text when `toolUse` is set;
 * - `/embeddings` with `usage.prompt_tokens`; `/responses` in OpenAI's Responses format with `usage` as
 *   input_tokens (cached_tokens from prompt_tokens_details) and output_tokens;
 * - `/models/{model}:generateContent` and `:streamGenerateContent` in Gemini's format with `geminiUsage` and, when
 *   `toolUse` is set, a function call after the text.
 * Every request is recorded with its path, query and headers (x-api-key, anthropic-version, authorization,
 * x-goog-api-key).
 */
export interface FakeUpstream {
  /** Base URL to configure as a provider's *_BASE_URL. */
  url: string;
  requests: ReceivedRequest[];
  reply: string;
  usage: Usage;
  anthropicUsage: AnthropicUsage;
  geminiUsage: GeminiUsageMetadata;
  toolUse: FakeToolUse | null;
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

export { words };

const DEFAULT_ANTHROPIC_USAGE: AnthropicUsage = { input_tokens: 10, output_tokens: 5 };
const DEFAULT_GEMINI_USAGE: GeminiUsageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5 };
const GEMINI_PATH = /\/models\/(.+):(generateContent|streamGenerateContent)$/;
/** What each API's count endpoint answers: the prompt tokens of the fake's usage, in the API's own shape. */
export const COUNT_PATHS: Record<string, (fake: FakeUpstream) => object> = {
  '/v1/messages/count_tokens': (fake) => ({ input_tokens: fake.anthropicUsage.input_tokens }),
  '/v1/responses/input_tokens': (fake) => ({ object: 'response.input_tokens', input_tokens: fake.usage.prompt_tokens }),
};
const GEMINI_COUNT_PATH = /\/models\/(.+):countTokens$/;

function sendBody(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendEvents(res: http.ServerResponse, events: string) {
  startStream(res);
  res.end(events);
}

/** The default answer for each path the gateway calls. */
/** What the fake answers a request at `path` when no handler is set (a handler may hand a request back to it). */
export function answer(fake: FakeUpstream, path: string, res: http.ServerResponse, body: Record<string, unknown>) {
  if (Object.hasOwn(COUNT_PATHS, path)) return sendBody(res, COUNT_PATHS[path](fake));
  if (GEMINI_COUNT_PATH.test(path)) {
    const tokens = fake.geminiUsage.promptTokenCount ?? 0;
    return sendBody(res, { totalTokens: tokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: tokens }] });
  }
  const gemini = GEMINI_PATH.exec(path);
  if (gemini) {
    const args = [gemini[1], fake.reply, fake.geminiUsage, fake.toolUse] as const;
    return gemini[2] === 'streamGenerateContent'
      ? sendEvents(res, geminiStream(...args))
      : sendBody(res, geminiResponseJson(...args));
  }
  const model = body.model as string;
  const stream = body.stream === true;
  if (path.endsWith('/messages')) {
    const args = [model, fake.reply, fake.anthropicUsage, fake.toolUse] as const;
    return stream ? sendEvents(res, anthropicStream(...args)) : sendBody(res, anthropicMessageJson(...args));
  }
  if (path.endsWith('/embeddings'))
    return sendBody(res, embeddingsJson(model, body.input, fake.usage.prompt_tokens, body.encoding_format));
  if (path.endsWith('/responses')) {
    const { prompt_tokens: input, completion_tokens: output, prompt_tokens_details: details } = fake.usage;
    const usage = responsesUsageOf(input, output, details?.cached_tokens);
    return stream
      ? sendEvents(res, responsesStream(model, fake.reply, usage))
      : sendBody(res, responsesJson(model, fake.reply, usage));
  }
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (stream) sendStream(res, model, words(fake.reply), options?.include_usage ? fake.usage : null);
  else sendJson(res, model, fake.reply, fake.usage);
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    url: '',
    requests: [],
    reply: 'Hello from the fake provider',
    usage: { prompt_tokens: 10, completion_tokens: 5 },
    anthropicUsage: DEFAULT_ANTHROPIC_USAGE,
    geminiUsage: DEFAULT_GEMINI_USAGE,
    toolUse: null,
    handler: null,
    reset() {
      fake.requests = [];
      fake.reply = 'Hello from the fake provider';
      fake.usage = { prompt_tokens: 10, completion_tokens: 5 };
      fake.anthropicUsage = DEFAULT_ANTHROPIC_USAGE;
      fake.geminiUsage = DEFAULT_GEMINI_USAGE;
      fake.toolUse = null;
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
      const url = new URL(req.url ?? '/', 'http://fake');
      const received: ReceivedRequest = {
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        // A multipart upload (a media door's) is kept as its raw text, which tests search for its parts.
        body: String(req.headers['content-type']).startsWith('multipart/')
          ? { multipart: Buffer.concat(chunks).toString('latin1') }
          : chunks.length === 0
            ? {}
            : JSON.parse(Buffer.concat(chunks).toString()),
        aborted,
      };
      fake.requests.push(received);
      if (fake.handler) return fake.handler(received, res);
      answer(fake, received.path, res, received.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
