import { randomUUID } from 'node:crypto';
import { Readable, addAbortSignal } from 'node:stream';
import type { UpstreamReply } from '../../upstream';

/** The model the echo provider names in its replies when the request names none. */
export const ECHO_MODEL = 'echo-1';

/** What every echo endpoint reads: the payload as the gateway forwarded it, and the call's abort signal. */
export interface EchoCall {
  payload: Record<string, unknown>;
  signal: AbortSignal;
}

/** A reply whose body stops (with an AbortError) when the gateway aborts the call, even halfway through a stream. */
export const reply = (status: number, chunks: Iterable<string>, signal: AbortSignal): UpstreamReply => ({
  status,
  body: addAbortSignal(signal, Readable.from(chunks)),
});

export const jsonReply = (status: number, body: object, signal: AbortSignal) =>
  reply(status, [JSON.stringify(body)], signal);

/** OpenAI's error envelope, which the OpenAI-dialect endpoints answer with. */
export const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, code, param },
});

/** A server-sent event with its `event:` line, as Anthropic's and the Responses API's streams send them. */
export const namedEvent = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** The stream's pieces: a word each, with the whitespace before it, so that they join back into the answer. */
export const words = (answer: string): string[] => answer.match(/\s*\S+|\s+$/g) ?? [];

/** The answer cut at the token limit like a real model (4 characters per token, server/formats/tokens.ts). */
export function cutAnswer(full: string, limit: unknown): { answer: string; cut: boolean } {
  const answer = typeof limit === 'number' && limit >= 0 ? full.slice(0, limit * 4) : full;
  return { answer, cut: answer.length < full.length };
}

export const modelOf = (payload: Record<string, unknown>, fallback: string) =>
  typeof payload.model === 'string' && payload.model !== '' ? payload.model : fallback;

export const echoId = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;

export const unixSeconds = () => Math.floor(Date.now() / 1000);

/** The texts of a message's content: a string, or the `text` of its blocks or parts (other blocks carry none). */
export function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: { text?: unknown } | null) => (typeof part?.text === 'string' ? [part.text] : []));
}

export const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
