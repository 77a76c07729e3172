import { unreadableReply } from '../errors';
import { parseUsage, readCompletion } from '../replies';
import { anthropicRequestToOpenai } from '../translate/anthropicRequestToOpenai';
import type { AnthropicErrorBody, AnthropicRequest, AnthropicStreamEvent } from '../translate/anthropicTypes';
import { openaiResponseToAnthropic } from '../translate/openaiResponseToAnthropic';
import { newOpenAiStreamState, openaiChunkToAnthropic, openaiStreamEnd } from '../translate/openaiStreamToAnthropic';
import type { OpenAiChatChunk, OpenAiChatResponse } from '../translate/openaiTypes';
import { anthropicErrorEvent } from './anthropicErrors';
import { eventChars } from './anthropicEvents';
import { eventRelay, type RelayProgress } from './eventRelay';
import { bodyJson, eventJson, isJsonObject, namedSse } from './sse';
import type { Conversation, StreamRelay } from './types';

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
    const usage = parseUsage(chunk.usage);
    if (usage) progress.usage = usage;
    const step = openaiChunkToAnthropic(state, chunk as unknown as OpenAiChatChunk);
    state = step.state;
    return forwardEvents(step.events, progress);
  }, anthropicErrorEvent);
}

/** An Anthropic Messages client answered by an OpenAI-compatible model through chat completions. */
export function messagesViaOpenai(body: Record<string, unknown>, model: string): Conversation {
  return {
    path: '/chat/completions',
    payload: { ...anthropicRequestToOpenai({ ...body, model } as AnthropicRequest) },
    headers: {},
    stream: body.stream === true,
    readJson(raw) {
      const completion = bodyJson(raw);
      if (!completion || !Array.isArray(completion.choices)) throw unreadableReply();
      const translated = openaiResponseToAnthropic(completion as unknown as OpenAiChatResponse);
      return { body: JSON.stringify(translated), ...readCompletion(raw.toString('utf8')) };
    },
    relay: openAiToMessagesRelay,
  };
}
