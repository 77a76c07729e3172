import { googleErrorEvent } from '../../formats/googleErrors';
import { eventRelay } from '../../formats/eventRelay';
import type { GeminiDoorRequest, GeminiUsageMetadata } from '../../formats/translate/geminiTypes';
import { geminiTokenUsage, usageMetadataAfter } from '../../formats/translate/geminiUsage';
import { bodyJson, eventJson } from '../../formats/sse';
import type { Conversation, StreamRelay } from '../../formats/types';
import { endsAnswer, geminiPath, isGeminiResponse, responseChars } from './geminiReplies';

/**
 * Gemini's stream relayed as it is, read for usage (merged over the chunks: a later null keeps an earlier count) and
 * characters. Gemini's stream has no end event: the chunk with a finish reason is its last, held back as the receipt
 * (with anything after it, a usage-only chunk say).
 */
function geminiRelay(): StreamRelay {
  let usage: GeminiUsageMetadata | null = null;
  return eventRelay((event, progress) => {
    const forward = `${event.raw}\n\n`;
    const json = eventJson(event);
    if (json?.error !== undefined) progress.error = json.error;
    if (!isGeminiResponse(json)) return forward;
    usage = usageMetadataAfter(usage, json.usageMetadata);
    progress.usage = geminiTokenUsage(usage) ?? progress.usage;
    progress.completionChars += responseChars(json);
    if (!endsAnswer(json)) return forward;
    progress.hold(forward);
    return '';
  }, googleErrorEvent);
}

/** A client of the Gemini door answered by a Gemini model: the request and the reply pass through. */
export function generateContentWithGemini(body: GeminiDoorRequest, model: string): Conversation {
  // The door's model and streaming are Google's URL, not its body.
  const { model: _model, stream, ...payload } = body;
  return {
    path: geminiPath(model, stream),
    payload,
    headers: {},
    stream,
    readJson(raw) {
      const response = bodyJson(raw);
      return isGeminiResponse(response)
        ? { body: raw, usage: geminiTokenUsage(response.usageMetadata), completionChars: responseChars(response) }
        : { body: raw, usage: null, completionChars: 0 };
    },
    relay: geminiRelay,
  };
}
