import { Omissions } from '../../formats/translate/omissions';
import { anthropicErrorEvent } from '../../formats/anthropicErrors';
import { eventRelay, type RelayProgress } from '../../formats/eventRelay';
import { anthropicRequestToOpenai } from '../../formats/translate/anthropicRequestToOpenai';
import type { AnthropicRequest, AnthropicStreamEvent } from '../../formats/translate/anthropicTypes';
import {
  geminiChunkToOpenai,
  geminiStreamEnd,
  geminiStreamFinished,
  newGeminiStreamState,
} from '../../formats/translate/geminiStreamToOpenai';
import { geminiToOpenai } from '../../formats/translate/geminiToOpenai';
import { geminiTokenUsage } from '../../formats/translate/geminiUsage';
import { openaiResponseToAnthropic } from '../../formats/translate/openaiResponseToAnthropic';
import {
  newOpenAiStreamState,
  openaiChunkToAnthropic,
  openaiStreamEnd,
} from '../../formats/translate/openaiStreamToAnthropic';
import { openaiToGemini } from '../../formats/translate/openaiToGemini';
import type { OpenAiChatChunk } from '../../formats/translate/openaiTypes';
import { eventJson, namedSse } from '../../formats/sse';
import type { Conversation, ConversationOptions, StreamRelay } from '../../formats/types';
import { geminiPath, geminiReply, isGeminiResponse, responseChars, streamErrorMessage } from './geminiReplies';

/**
 * A Gemini stream as Anthropic's events, through OpenAI's chunks (the translations both ways exist: Gemini to chat
 * completions, chat completions to Anthropic). Anthropic's message_delta carries the usage, so the closing events
 * are written when Gemini's body ends; their message_stop is the receipt.
 */
function geminiToMessagesRelay(model: string, options: ConversationOptions): StreamRelay {
  let gemini = newGeminiStreamState({ model, created: options.created, includeUsage: true });
  let chat = newOpenAiStreamState();
  const anthropicEvents = (chunks: OpenAiChatChunk[]) =>
    chunks.flatMap((chunk) => {
      const step = openaiChunkToAnthropic(chat, chunk);
      chat = step.state;
      return step.events;
    });
  const write = (events: AnthropicStreamEvent[]) => events.map((event) => namedSse(event)).join('');
  return eventRelay(
    (event, progress) => {
      const json = eventJson(event);
      if (json?.error !== undefined) {
        progress.error = json.error;
        return namedSse({ type: 'error', error: { type: 'api_error', message: streamErrorMessage(json.error) } });
      }
      if (!isGeminiResponse(json)) return '';
      const step = geminiChunkToOpenai(gemini, json);
      gemini = step.state;
      progress.usage = geminiTokenUsage(gemini.usage) ?? progress.usage;
      progress.completionChars += responseChars(json);
      return write(anthropicEvents(step.chunks));
    },
    anthropicErrorEvent,
    (progress: RelayProgress) => {
      if (!geminiStreamFinished(gemini)) return '';
      const closing = [...anthropicEvents(geminiStreamEnd(gemini)), ...openaiStreamEnd(chat)];
      const stop = closing.pop() as AnthropicStreamEvent;
      progress.hold(namedSse(stop));
      return write(closing);
    },
  );
}

/** An Anthropic Messages client answered by a Gemini model, through the chat completions translations. */
export function messagesViaGemini(
  body: Record<string, unknown>,
  model: string,
  options: ConversationOptions,
): Conversation {
  const stream = body.stream === true;
  const omissions = new Omissions(options.unsupportedParams);
  const chat = anthropicRequestToOpenai({ ...body, model } as AnthropicRequest, omissions);
  return {
    path: geminiPath(model, stream),
    payload: { ...openaiToGemini(chat, omissions) },
    headers: {},
    stream,
    dropped: omissions.dropped,
    readJson(raw) {
      const response = geminiReply(raw);
      const message = openaiResponseToAnthropic(geminiToOpenai(response, model, options.created));
      return {
        body: JSON.stringify(message),
        usage: geminiTokenUsage(response.usageMetadata),
        completionChars: responseChars(response),
      };
    },
    relay: () => geminiToMessagesRelay(model, options),
  };
}
