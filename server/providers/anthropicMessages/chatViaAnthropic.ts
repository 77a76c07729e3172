import { Omissions } from '../../formats/translate/omissions';
import type { ChatRequest } from '../../formats/types';
import { unreadableReply } from '../../formats/gatewayError';
import { readCompletion } from '../../formats/replies';
import { anthropicEventToOpenai, newAnthropicStreamState } from '../../formats/translate/anthropicStreamToOpenai';
import { anthropicToOpenai } from '../../formats/translate/anthropicToOpenai';
import type { AnthropicResponse, AnthropicStreamEvent } from '../../formats/translate/anthropicTypes';
import { openaiToAnthropic } from '../../formats/translate/openaiToAnthropic';
import type { OpenAiChatRequest } from '../../formats/translate/openaiTypes';
import { normaliseUsage } from '../../formats/translate/usage';
import { anthropicHeaders, eventChars } from '../../formats/anthropicEvents';
import { eventRelay } from '../../formats/eventRelay';
import { openAiErrorEvent } from '../../formats/openAiEvents';
import { bodyJson, eventJson, openAiSse } from '../../formats/sse';
import type { Conversation, ConversationOptions, StreamRelay } from '../../formats/types';

const OPENAI_DONE = 'data: [DONE]\n\n';

/**
 * An Anthropic stream as OpenAI chunks (translate/anthropicStreamToOpenai.ts). Its message_stop ends the stream: the
 * usage chunk the client asked for is forwarded then, and OpenAI's `data: [DONE]` is held back as the receipt.
 */
function anthropicToChatRelay(options: ConversationOptions, includeUsage: boolean): StreamRelay {
  let state = newAnthropicStreamState({ created: options.created, includeUsage });
  return eventRelay((event, progress) => {
    const json = eventJson(event);
    if (!json || typeof json.type !== 'string') return '';
    const anthropicEvent = json as unknown as AnthropicStreamEvent;
    const step = anthropicEventToOpenai(state, anthropicEvent);
    state = step.state;
    progress.completionChars += eventChars(anthropicEvent);
    if (anthropicEvent.type === 'message_start' || anthropicEvent.type === 'message_delta') {
      progress.usage = normaliseUsage(state.usage);
    }
    if (anthropicEvent.type === 'error') progress.error = anthropicEvent.error;
    const out = step.chunks.map(openAiSse).join('');
    if (anthropicEvent.type === 'message_stop') progress.hold(OPENAI_DONE);
    return out;
  }, openAiErrorEvent);
}

/** An OpenAI chat completions client answered by an Anthropic model through its native Messages API. */
export function chatViaAnthropic(body: ChatRequest, model: string, options: ConversationOptions): Conversation {
  const stream = body.stream === true;
  const omissions = new Omissions(options.unsupportedParams);
  return {
    path: '/messages',
    payload: { ...openaiToAnthropic({ ...body, model } as OpenAiChatRequest, omissions) },
    headers: anthropicHeaders(options),
    stream,
    dropped: omissions.dropped,
    readJson(raw) {
      const response = bodyJson(raw);
      if (!response || !Array.isArray(response.content)) throw unreadableReply();
      const message = response as unknown as AnthropicResponse;
      const reported = message.usage ?? null;
      const translated = anthropicToOpenai(
        { ...message, usage: reported ?? { input_tokens: 0, output_tokens: 0 } },
        options.created,
      );
      const text = JSON.stringify(translated);
      const usage = reported && normaliseUsage(reported);
      return { body: text, usage, completionChars: readCompletion(text).completionChars };
    },
    relay: () => anthropicToChatRelay(options, body.stream_options?.include_usage === true),
  };
}
