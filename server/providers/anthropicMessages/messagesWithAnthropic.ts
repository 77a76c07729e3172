import type {
  AnthropicContentBlock,
  AnthropicStreamEvent,
  AnthropicUsage,
} from '../../formats/translate/anthropicTypes';
import { normaliseUsage } from '../../formats/translate/usage';
import { anthropicErrorEvent } from '../../formats/anthropicErrors';
import { anthropicHeaders, blockChars, eventChars, usageAfter } from '../../formats/anthropicEvents';
import { eventRelay } from '../../formats/eventRelay';
import { bodyJson, eventJson, isJsonObject } from '../../formats/sse';
import type { Conversation, ConversationOptions, StreamRelay } from '../../formats/types';

/** Anthropic's stream relayed as it is, read for usage and characters; its message_stop is the held-back receipt. */
function anthropicRelay(): StreamRelay {
  let usage: Partial<AnthropicUsage> | null = null;
  return eventRelay((event, progress) => {
    const json = eventJson(event);
    const forward = `${event.raw}\n\n`;
    if (!json || typeof json.type !== 'string') return forward;
    const anthropicEvent = json as unknown as AnthropicStreamEvent;
    usage = usageAfter(usage, anthropicEvent);
    if (usage) progress.usage = normaliseUsage(usage);
    progress.completionChars += eventChars(anthropicEvent);
    if (anthropicEvent.type === 'error') progress.error = anthropicEvent.error;
    if (anthropicEvent.type !== 'message_stop') return forward;
    progress.hold(forward);
    return '';
  }, anthropicErrorEvent);
}

/** An Anthropic Messages client answered by an Anthropic model: the request and the reply pass through. */
export function messagesWithAnthropic(
  body: Record<string, unknown>,
  model: string,
  options: ConversationOptions,
): Conversation {
  return {
    path: '/messages',
    payload: { ...body, model },
    headers: anthropicHeaders(options),
    stream: body.stream === true,
    readJson(raw) {
      const message = bodyJson(raw);
      const blocks = Array.isArray(message?.content) ? (message.content as AnthropicContentBlock[]) : [];
      return {
        body: raw,
        usage: isJsonObject(message?.usage) ? normaliseUsage(message.usage as Partial<AnthropicUsage>) : null,
        completionChars: blocks.reduce((sum, block) => sum + blockChars(block), 0),
      };
    },
    relay: anthropicRelay,
  };
}
