import { unreadableReply } from '../../formats/gatewayError';
import { partChars } from '../../formats/translate/geminiParts';
import type { GeminiResponse } from '../../formats/translate/geminiTypes';
import { bodyJson, isJsonObject, type JsonObject } from '../../formats/sse';

/** Where Gemini answers a model: `:generateContent`, or `:streamGenerateContent?alt=sse` for server-sent events. */
export const geminiPath = (model: string, stream: boolean) =>
  `/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;

/** A reply (or stream chunk) is Gemini's when it has candidates, or says why the prompt was blocked. */
export const isGeminiResponse = (json: JsonObject | null): json is GeminiResponse =>
  json !== null && (Array.isArray(json.candidates) || isJsonObject(json.promptFeedback));

/** A complete reply, for a translation: Gemini's, or a 502 (nothing to translate). */
export function geminiReply(raw: Buffer): GeminiResponse {
  const response = bodyJson(raw);
  if (!isGeminiResponse(response)) throw unreadableReply();
  return response;
}

/** Characters the model generated in a reply or chunk, every candidate's (to estimate a stream cut short). */
export const responseChars = (response: GeminiResponse) =>
  (response.candidates ?? []).reduce(
    (sum, candidate) => sum + (candidate.content?.parts ?? []).reduce((chars, part) => chars + partChars(part), 0),
    0,
  );

/** The chunk ends the answer: a candidate finished, or the prompt was blocked before any. */
export const endsAnswer = (response: GeminiResponse) =>
  (response.candidates ?? []).some((candidate) => candidate.finishReason !== undefined) ||
  (response.candidates === undefined && response.promptFeedback?.blockReason !== undefined);

/** A Gemini in-stream error's message (`data: {"error": {"code", "message", "status"}}`). */
export const streamErrorMessage = (error: unknown) =>
  isJsonObject(error) && typeof error.message === 'string' ? error.message : 'The model failed.';
