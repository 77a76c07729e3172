import { Omissions } from '../../formats/translate/omissions';
import { mergeCounts } from '../../formats/mergeCounts';
import { unreadableReply } from '../../formats/gatewayError';
import { parseUsage, readCompletion } from '../../formats/replies';
import { anthropicRequestToOpenai } from '../../formats/translate/anthropicRequestToOpenai';
import type {
  AnthropicErrorBody,
  AnthropicRequest,
  AnthropicStreamEvent,
} from '../../formats/translate/anthropicTypes';
import { openaiResponseToAnthropic } from '../../formats/translate/openaiResponseToAnthropic';
import {
  newOpenAiStreamState,
  openaiChunkToAnthropic,
  openaiStreamEnd,
} from '../../formats/translate/openaiStreamToAnthropic';
import type { OpenAiChatChunk, OpenAiChatResponse } from '../../formats/translate/openaiTypes';
import { anthropicErrorEvent } from '../../formats/anthropicErrors';
import { eventChars } from '../../formats/anthropicEvents';
import { eventRelay, type RelayProgress } from '../../formats/eventRelay';
import { bodyJson, eventJson, isJsonObject, namedSse, type JsonObject } from '../../formats/sse';
import type { Conversation, ConversationOptions, StreamRelay } from '../../formats/types';

/** An OpenAI in-stream `{ error }` as Anthropic's error event: the provider failed, so an API error. */
function anthropicStreamError(error: unknown): AnthropicErrorBody {
  const message = isJsonObject(error) && typeof error.message === 'string' ? error.message : 'The model failed.';
  return { type: 'error', error: { type: 'api_error', message } };
}

/** Serialises translated events, counting what the model generated. */
function forwardEvents(events: AnthropicStreamEvent[], progress: RelayProgress): string {
  let out = '';
  for (const event of events) {
    progress.completionChars += eventChars(event);
    out += namedSse(event);
  }
  return out;
}

/**
 * OpenAI chunks as Anthropic events (translate/openaiStreamToAnthropic.ts). The usage comes in the last chunk (the
 * request asks for it), so the closing events are written at `data: [DONE]`; their message_stop is the receipt.
 */
function openAiToMessagesRelay(): StreamRelay {
  let state = newOpenAiStreamState();
  let reported: JsonObject | null = null;
  return eventRelay((event, progress) => {
    if (event.data.trim() === '[DONE]') {
      const closing = openaiStreamEnd(state);
      const stop = closing.pop() as AnthropicStreamEvent;
      const out = forwardEvents(closing, progress);
      progress.hold(namedSse(stop));
      return out;
    }
    const chunk = eventJson(event);
    if (!chunk) return '';
    if (chunk.error !== undefined) {
      progress.error = chunk.error;
      return namedSse(anthropicStreamError(chunk.error));
    }
    if (!Array.isArray(chunk.choices)) return '';
    if (isJsonObject(chunk.usage)) {
      reported = mergeCounts(reported, chunk.usage);
      progress.usage = parseUsage(reported) ?? progress.usage;
    }
    const step = openaiChunkToAnthropic(state, chunk as unknown as OpenAiChatChunk);
    state = step.state;
    return forwardEvents(step.events, progress);
  }, anthropicErrorEvent);
}

/** An Anthropic Messages client answered by an OpenAI-compatible model through chat completions. */
export function messagesViaOpenai(
  body: Record<string, unknown>,
  model: string,
  options: Pick<ConversationOptions, 'unsupportedParams'>,
): Conversation {
  const omissions = new Omissions(options.unsupportedParams);
  return {
    path: '/chat/completions',
    payload: { ...anthropicRequestToOpenai({ ...body, model } as AnthropicRequest, omissions) },
    headers: {},
    stream: body.stream === true,
    dropped: omissions.dropped,
    readJson(raw) {
      const completion = bodyJson(raw);
      if (!completion || !Array.isArray(completion.choices)) throw unreadableReply();
      const translated = openaiResponseToAnthropic(completion as unknown as OpenAiChatResponse);
      return { body: JSON.stringify(translated), ...readCompletion(raw.toString('utf8')) };
    },
    relay: openAiToMessagesRelay,
  };
}
