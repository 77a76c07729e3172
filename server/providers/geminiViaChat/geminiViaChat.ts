import { Omissions } from '../../formats/translate/omissions';
import { unreadableReply, upstreamFailed } from '../../formats/gatewayError';
import { googleErrorEvent } from '../../formats/googleErrors';
import { relayReading } from '../../formats/eventRelay';
import { geminiRequestToOpenai } from '../../formats/translate/geminiRequestToOpenai';
import type { GeminiDoorRequest } from '../../formats/translate/geminiTypes';
import { openaiResponseToGemini } from '../../formats/translate/openaiResponseToGemini';
import { chatChunkToGemini, chatToGeminiEnd, newChatToGeminiState } from '../../formats/translate/openaiStreamToGemini';
import type { OpenAiChatChunk, OpenAiChatResponse } from '../../formats/translate/openaiTypes';
import { TranslationError } from '../../formats/translate/translationError';
import { SseReader, eventJson, isJsonObject, openAiSse } from '../../formats/sse';
import type { Conversation, ConversationOptions, StreamRelay } from '../../formats/types';
import type { Dialect } from '../types';

/** A provider's in-stream error, passed on in chat completions' form (`{ error }`), as Gemini's error chunk. */
function geminiStreamError(error: unknown): string {
  const message = isJsonObject(error) && typeof error.message === 'string' ? error.message : undefined;
  return googleErrorEvent(upstreamFailed(message));
}

/**
 * The chat completions relay of the deployment's own dialect, its output translated into Gemini's chunks: a chunk per
 * text delta as it comes, and the function calls, finish reasons and usage in a last chunk, the receipt, written
 * once the chat stream's own receipt (`data: [DONE]`) is due, with the usage the gateway billed.
 */
function chatToGeminiRelay(chat: StreamRelay): StreamRelay {
  const reader = new SseReader();
  let state = newChatToGeminiState();
  const translate = (events: string) => {
    let out = '';
    for (const event of reader.push(events)) {
      const json = eventJson(event);
      if (json?.error !== undefined) out += geminiStreamError(json.error);
      else if (Array.isArray(json?.choices)) {
        const step = chatChunkToGemini(state, json as unknown as OpenAiChatChunk);
        state = step.state;
        out += step.chunks.map(openAiSse).join('');
      }
    }
    return out;
  };
  return relayReading(chat, {
    push: (chunk) => translate(chat.push(chunk)),
    flush: () => translate(chat.flush()),
    finish() {
      if (!chat.done) return '';
      // The chat receipt (`data: [DONE]`) and anything held after it, then Gemini's last chunk.
      const held = translate(chat.finish());
      return held + openAiSse(chatToGeminiEnd(state, chat.usage));
    },
    errorEvent: googleErrorEvent,
  });
}

/**
 * The Gemini door for a deployment of any other dialect, one adapter for them all: the Gemini request as chat
 * completions (translate/geminiRequestToOpenai.ts), sent through the dialect's own chat completions door, and its
 * answer, JSON or stream, as Gemini's. A refusal of the dialect's names the Gemini field the client wrote.
 */
export function geminiViaChat(
  dialect: Dialect,
  body: Record<string, unknown>,
  model: string,
  options: ConversationOptions,
): Conversation {
  const omissions = new Omissions(options.unsupportedParams);
  const { request, paramOf } = geminiRequestToOpenai(
    body as GeminiDoorRequest,
    options.chatOutputCap ?? 'max_tokens',
    omissions,
  );
  let chat: Conversation;
  try {
    chat = dialect.converse('chat.completions', request, model, options);
  } catch (error) {
    if (error instanceof TranslationError && error.param !== null) {
      throw new TranslationError(error.message, paramOf(error.param));
    }
    throw error;
  }
  // What the dialect's own translation left out, by the names the Gemini client wrote (`generationConfig.seed`: `seed`).
  const leaf = (param: string) => param.slice(param.lastIndexOf('.') + 1);
  const dropped = [...new Set([...omissions.dropped, ...(chat.dropped ?? []).map((name) => leaf(paramOf(name)))])];
  return {
    ...chat,
    dropped,
    readJson(raw) {
      const read = chat.readJson(raw);
      let completion: unknown;
      try {
        completion = JSON.parse(read.body.toString());
      } catch {
        throw unreadableReply();
      }
      if (!isJsonObject(completion) || !Array.isArray(completion.choices)) throw unreadableReply();
      const response = openaiResponseToGemini(completion as unknown as OpenAiChatResponse, read.usage);
      return { ...read, body: JSON.stringify(response) };
    },
    relay: () => chatToGeminiRelay(chat.relay()),
  };
}
