import { StringDecoder } from 'node:string_decoder';
import type { TokenUsage } from '../lib/cost';
import { mergeCounts } from './mergeCounts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/**
 * OpenAI's `usage`: prompt_tokens includes cached tokens (prompt_tokens_details.cached_tokens). Cache writes are
 * read where providers report them: OpenRouter's prompt_tokens_details.cache_write_tokens, or Anthropic-style
 * cache_creation_input_tokens / cache_read_input_tokens.
 *
 * The output billed is never less than what the provider's own counts imply: OpenAI counts reasoning inside
 * completion_tokens, but Google's OpenAI-compatible endpoint can leave thinking out of it and report it only in
 * total_tokens or completion_tokens_details.reasoning_tokens (Portkey #1458, Envoy AI Gateway #1438, Helicone #4261
 * fixed the same). So the output is the largest of completion_tokens, total_tokens - prompt_tokens, and, when the
 * reasoning alone is more than completion_tokens (so it cannot be inside it), completion plus reasoning.
 */
export function parseUsage(raw: unknown): TokenUsage | null {
  if (!isObject(raw) || typeof raw.prompt_tokens !== 'number') return null;
  const details = isObject(raw.prompt_tokens_details) ? raw.prompt_tokens_details : {};
  const completionDetails = isObject(raw.completion_tokens_details) ? raw.completion_tokens_details : {};
  const prompt = count(raw.prompt_tokens);
  const completion = count(raw.completion_tokens);
  const reasoning = count(completionDetails.reasoning_tokens);
  return {
    promptTokens: prompt,
    completionTokens: Math.max(
      completion,
      count(raw.total_tokens) - prompt,
      reasoning > completion ? completion + reasoning : 0,
    ),
    cachedTokens: count(details.cached_tokens ?? raw.cache_read_input_tokens),
    cacheCreationTokens: count(
      details.cache_write_tokens ?? details.cache_creation_tokens ?? raw.cache_creation_input_tokens,
    ),
  };
}

/** Characters the model produced in a delta or a message: text, reasoning and tool-call arguments. */
function generatedChars(part: unknown): number {
  if (!isObject(part)) return 0;
  let chars = 0;
  for (const field of ['content', 'reasoning_content', 'reasoning', 'refusal']) {
    const value = part[field];
    if (typeof value === 'string') chars += value.length;
  }
  if (Array.isArray(part.tool_calls)) {
    for (const call of part.tool_calls) {
      const fn = isObject(call) && isObject(call.function) ? call.function : null;
      if (typeof fn?.arguments === 'string') chars += fn.arguments.length;
      if (typeof fn?.name === 'string') chars += fn.name.length;
    }
  }
  return chars;
}

/** A complete (non-streamed) chat completion: its usage, and its generated characters as a fallback. */
export function readCompletion(text: string): { usage: TokenUsage | null; completionChars: number } {
  try {
    const body: unknown = JSON.parse(text);
    if (!isObject(body)) return { usage: null, completionChars: 0 };
    const choices = Array.isArray(body.choices) ? body.choices : [];
    const completionChars = choices.reduce<number>(
      (sum, choice) => sum + generatedChars(isObject(choice) ? choice.message : null),
      0,
    );
    return { usage: parseUsage(body.usage), completionChars };
  } catch {
    return { usage: null, completionChars: 0 };
  }
}

/**
 * Relays a server-sent-events stream event by event, reading as it goes the usage (the last chunk when
 * stream_options.include_usage is set), the characters generated so far (to bill a stream cut short) and an error
 * event. The usage-only chunk is dropped when the client did not ask for it, as the provider would have.
 */
export class SseRelay {
  usage: TokenUsage | null = null;
  completionChars = 0;
  /** Every usage report so far, merged (mergeCounts): a later report's missing or null field keeps the earlier count. */
  private reported: Json | null = null;
  /** The provider sent `data: [DONE]`; the relay does not forward it (see read()). */
  done = false;
  error: unknown = null;
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly clientWantsUsage: boolean) {}

  /** Takes a chunk of the upstream body and returns the complete events to forward (possibly none). */
  push(chunk: Buffer | string): string {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let out = '';
    for (;;) {
      const boundary = /\r?\n\r?\n/.exec(this.pending);
      if (!boundary) break;
      const event = this.pending.slice(0, boundary.index);
      this.pending = this.pending.slice(boundary.index + boundary[0].length);
      if (this.read(event)) out += `${event}\n\n`;
    }
    return out;
  }

  /** Whatever the upstream sent after its last complete event. */
  flush(): string {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return rest.trim() && this.read(rest) ? `${rest}\n\n` : '';
  }

  /** Reads one event; false when it must not be forwarded. */
  private read(event: string): boolean {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (!data) return true;
    if (data.trim() === '[DONE]') {
      // Held back: the end of the stream is the client's receipt, sent only once the request's bill is journalled.
      this.done = true;
      return false;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return true;
    }
    if (!isObject(chunk)) return true;
    if (chunk.error !== undefined) this.error = chunk.error;
    const reports = isObject(chunk.usage);
    if (reports) {
      this.reported = mergeCounts(this.reported, chunk.usage as Json);
      this.usage = parseUsage(this.reported) ?? this.usage;
    }
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) this.completionChars += generatedChars(isObject(choice) ? choice.delta : null);
    return !(reports && choices.length === 0 && !this.clientWantsUsage);
  }
}
