import type { AnthropicUsage } from '../formats/translate/anthropicTypes';
import type { ConversationOptions, EndpointName, StreamRelay } from '../formats/types';
import { anthropicMessages } from '../providers/anthropicMessages/dialect';
import { openaiCompatible } from '../providers/openaiCompatible/dialect';
import { gemini } from '../providers/google/dialect';

/** Unix seconds for the `created` field of translated replies. */
export const CREATED = 1_764_000_000;

/** A reply with two- three- and four-byte UTF-8 characters, so byte-sized chunks cut characters in half. */
export const REPLY = 'Grüße aus 東京 🎉 done';

/** Anthropic's usage with cache reads and writes, and the same as the gateway bills it (cache counts added back). */
export const ANTHROPIC_USAGE: AnthropicUsage = {
  input_tokens: 12,
  output_tokens: 9,
  cache_creation_input_tokens: 100,
  cache_read_input_tokens: 300,
};
export const BILLED = { promptTokens: 412, completionTokens: 9, cachedTokens: 300, cacheCreationTokens: 100 };

export const TOOL = { id: 'toolu_1', name: 'get_weather', input: { city: '東京' } };
export const TOOL_ARGS = JSON.stringify(TOOL.input);

/**
 * The ways a provider's body may arrive: whole, byte by byte (every event and every multi-byte character split), and
 * in chunks of 7 and 50 bytes (events split mid-line).
 */
export function awkwardSplits(body: string): { name: string; chunks: Buffer[] }[] {
  const bytes = Buffer.from(body, 'utf8');
  const every = (size: number) => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    return chunks;
  };
  return [
    { name: 'whole', chunks: [bytes] },
    { name: 'byte by byte', chunks: every(1) },
    { name: '7-byte chunks', chunks: every(7) },
    { name: '50-byte chunks', chunks: every(50) },
  ];
}

/** Pushes a body through a relay: what the client was sent before the bill, and the receipt after it. */
export function relayAll(relay: StreamRelay, chunks: Buffer[]): { forwarded: string; receipt: string } {
  let forwarded = '';
  for (const chunk of chunks) forwarded += relay.push(chunk);
  forwarded += relay.flush();
  return { forwarded, receipt: relay.finish() };
}

/** The client's events: `event:` name (null for OpenAI's data-only events) and the parsed data. */
export function clientEvents(text: string): { name: string | null; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((event) => event.trim())
    .map((event) => {
      const lines = event.split('\n');
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? null;
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
      return { name, data: data === '[DONE]' ? data : JSON.parse(data) };
    });
}

const DIALECTS = { openai: openaiCompatible, anthropic: anthropicMessages, gemini };
export type DialectName = keyof typeof DIALECTS;

/** A request at `endpoint` answered by a deployment speaking `dialect` (providers/*\/dialect.ts). */
export const startConversation = (
  endpoint: EndpointName,
  dialect: DialectName,
  body: Record<string, unknown>,
  model: string,
  options: ConversationOptions,
) => DIALECTS[dialect].converse(endpoint, body, model, options);
