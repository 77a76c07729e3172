import type { AnthropicContentBlock, AnthropicStreamEvent, AnthropicUsage } from '../formats/translate/anthropicTypes';
import { namedSse } from '../formats/sse';
import type { GeminiPart, GeminiResponse, GeminiUsageMetadata } from '../formats/translate/geminiTypes';

/**
 * The replies of the fake provider (fakeUpstream.ts) in the formats other than chat completions: Anthropic's native
 * Messages API, OpenAI's embeddings and Responses API, Google's Gemini API, as JSON bodies and server-sent-event
 * streams. The wire tests
 * read the same bodies, so the fake and the tests agree on what a provider sends.
 */

export interface FakeToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export const words = (text: string) => text.match(/\s*\S+/g) ?? [];

export function anthropicMessageJson(
  model: string,
  text: string,
  usage: AnthropicUsage,
  toolUse: FakeToolUse | null = null,
) {
  const content: AnthropicContentBlock[] = [{ type: 'text', text }];
  if (toolUse) content.push({ type: 'tool_use', ...toolUse });
  return {
    id: 'msg_fake',
    type: 'message' as const,
    role: 'assistant' as const,
    model,
    content,
    stop_reason: toolUse ? ('tool_use' as const) : ('end_turn' as const),
    stop_sequence: null,
    usage,
  };
}

/**
 * Anthropic's stream as its API sends it: message_start with the input counts (output 1), a ping, a text block word by
 * word, optionally a tool_use block with its input in two pieces, message_delta with the cumulative output count,
 * message_stop.
 */
export function anthropicStreamEvents(
  model: string,
  text: string,
  usage: AnthropicUsage,
  toolUse: FakeToolUse | null = null,
): AnthropicStreamEvent[] {
  const { output_tokens: outputTokens, ...input } = usage;
  const message = {
    ...anthropicMessageJson(model, '', { ...input, output_tokens: 1 }),
    content: [],
    stop_reason: null,
  };
  const events: AnthropicStreamEvent[] = [
    { type: 'message_start', message },
    { type: 'ping' },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...words(text).map((word) => ({
      type: 'content_block_delta' as const,
      index: 0,
      delta: { type: 'text_delta' as const, text: word },
    })),
    { type: 'content_block_stop', index: 0 },
  ];
  if (toolUse) {
    const json = JSON.stringify(toolUse.input);
    const half = Math.floor(json.length / 2);
    events.push(
      { type: 'content_block_start', index: 1, content_block: { ...toolUse, type: 'tool_use', input: {} } },
      ...[json.slice(0, half), json.slice(half)].map((partial_json) => ({
        type: 'content_block_delta' as const,
        index: 1,
        delta: { type: 'input_json_delta' as const, partial_json },
      })),
      { type: 'content_block_stop', index: 1 },
    );
  }
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: toolUse ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: outputTokens },
    },
    { type: 'message_stop' },
  );
  return events;
}

export const anthropicStream = (...args: Parameters<typeof anthropicStreamEvents>) =>
  anthropicStreamEvents(...args)
    .map((event) => namedSse(event))
    .join('');

export const FAKE_EMBEDDING = [0.1, -0.2, 0.3];

/** As OpenAI answers: floats, or with `encoding_format: 'base64'` (the openai SDK's default) little-endian float32s. */
export function embeddingsJson(model: string, input: unknown, promptTokens: number, encoding?: unknown) {
  const inputs = Array.isArray(input) && typeof input[0] !== 'number' ? input : [input];
  const embedding =
    encoding === 'base64' ? Buffer.from(new Float32Array(FAKE_EMBEDDING).buffer).toString('base64') : FAKE_EMBEDDING;
  return {
    object: 'list',
    data: inputs.map((_, index) => ({ object: 'embedding', index, embedding })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}

/** The Responses API's usage: input_tokens includes the cached ones. */
export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export const responsesUsageOf = (input: number, output: number, cached = 0): ResponsesUsage => ({
  input_tokens: input,
  input_tokens_details: { cached_tokens: cached },
  output_tokens: output,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: input + output,
});

const outputMessage = (text: string) => ({
  type: 'message',
  id: 'msg_fake',
  status: 'completed',
  role: 'assistant',
  content: [{ type: 'output_text', text, annotations: [] }],
});

export function responsesJson(model: string, text: string, usage: ResponsesUsage | null) {
  return {
    id: 'resp_fake',
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model,
    output: [outputMessage(text)],
    usage,
  };
}

/** The Responses API's stream: created, the message and its text word by word, then response.completed. */
export function responsesStream(model: string, text: string, usage: ResponsesUsage | null): string {
  const inProgress = { ...responsesJson(model, '', null), status: 'in_progress', output: [] };
  const events: { type: string; [field: string]: unknown }[] = [
    { type: 'response.created', response: inProgress },
    { type: 'response.in_progress', response: inProgress },
    { type: 'response.output_item.added', output_index: 0, item: { ...outputMessage(''), content: [] } },
    { type: 'response.content_part.added', output_index: 0, content_index: 0, part: outputMessage('').content[0] },
    ...words(text).map((delta) => ({
      type: 'response.output_text.delta',
      item_id: 'msg_fake',
      output_index: 0,
      content_index: 0,
      delta,
    })),
    { type: 'response.output_text.done', item_id: 'msg_fake', output_index: 0, content_index: 0, text },
    { type: 'response.output_item.done', output_index: 0, item: outputMessage(text) },
    { type: 'response.completed', response: responsesJson(model, text, usage) },
  ];
  return events.map((event, sequence_number) => namedSse({ ...event, sequence_number })).join('');
}

/**
 * Gemini's counts as a fake reply sends them: the billing-relevant fields (thinking and cache reads included when
 * set); `totalTokenCount` is added as Google adds it up (prompt, tool-use prompt, candidates, thoughts).
 */
export function geminiUsageMetadata(usage: GeminiUsageMetadata): GeminiUsageMetadata {
  const total = ['promptTokenCount', 'toolUsePromptTokenCount', 'candidatesTokenCount', 'thoughtsTokenCount']
    .map((field) => Number(usage[field] ?? 0))
    .reduce((sum, count) => sum + count, 0);
  return { ...usage, totalTokenCount: total };
}

const geminiParts = (text: string, call: FakeToolUse | null): GeminiPart[] => [
  ...(text ? [{ text }] : []),
  ...(call ? [{ functionCall: { name: call.name, args: call.input } }] : []),
];

/** Gemini's generateContent reply: one candidate with the text and, when set, a function call (finish reason STOP). */
export function geminiResponseJson(
  model: string,
  text: string,
  usage: GeminiUsageMetadata,
  call: FakeToolUse | null = null,
): GeminiResponse {
  return {
    candidates: [{ content: { role: 'model', parts: geminiParts(text, call) }, finishReason: 'STOP', index: 0 }],
    usageMetadata: geminiUsageMetadata(usage),
    modelVersion: model,
    responseId: 'gemini-fake',
  };
}

/**
 * Gemini's stream as its API sends it with `alt=sse`: a chunk per word, each with the prompt's count so far (as
 * Gemini's intermediate chunks carry it; `usageInLastOnly` leaves them without any), the function call whole, and a
 * last chunk with the finish reason and every count.
 */
export function geminiStreamChunks(
  model: string,
  text: string,
  usage: GeminiUsageMetadata,
  call: FakeToolUse | null = null,
  usageInLastOnly = false,
): GeminiResponse[] {
  const head = { modelVersion: model, responseId: 'gemini-fake' };
  const soFar = { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount };
  const chunk = (parts: GeminiPart[]): GeminiResponse => ({
    candidates: [{ content: { role: 'model', parts }, index: 0 }],
    ...(!usageInLastOnly && { usageMetadata: soFar }),
    ...head,
  });
  const chunks = words(text).map((word) => chunk([{ text: word }]));
  if (call) chunks.push(chunk(geminiParts('', call)));
  chunks.push({
    candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: geminiUsageMetadata(usage),
    ...head,
  });
  return chunks;
}

/** Gemini's framing: data lines only, events apart by a blank line written `\r\n\r\n`. */
export const geminiSse = (chunks: unknown[]) =>
  chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join('');

export const geminiStream = (...args: Parameters<typeof geminiStreamChunks>) => geminiSse(geminiStreamChunks(...args));
