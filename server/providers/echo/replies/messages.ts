import type { UpstreamReply } from '../../upstream';
import { estimateTokens, lastUserText } from '../../../formats/tokens';
import type {
  AnthropicMessage,
  AnthropicResponse,
  AnthropicStreamEvent,
  AnthropicUsage,
} from '../../../formats/translate/anthropicTypes';
import {
  type EchoCall,
  ECHO_MODEL,
  contentTexts,
  cutAnswer,
  echoId,
  jsonReply,
  listOf,
  modelOf,
  namedEvent,
  reply,
  words,
} from './common';

/**
 * `/messages` in Anthropic's native format. The prompt is the system text and the messages' text blocks; blocks marked
 * `cache_control` are reported as written to the cache (cache_creation_input_tokens), the rest as input_tokens, so
 * the demo shows a cache write's price. Nothing is ever read from the cache.
 */
export function messagesReply({ payload, signal }: EchoCall): UpstreamReply {
  const messages = listOf<AnthropicMessage>(payload.messages);
  const { answer, cut } = cutAnswer(lastUserText(messages), payload.max_tokens);
  const usage: AnthropicUsage = { ...promptUsage(payload.system, messages), output_tokens: estimateTokens(answer) };
  const message: AnthropicResponse = {
    id: echoId('msg_echo_'),
    type: 'message',
    role: 'assistant',
    model: modelOf(payload, ECHO_MODEL),
    content: [{ type: 'text', text: answer }],
    stop_reason: cut ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    usage,
  };
  return payload.stream === true ? reply(200, messageEvents(message, answer), signal) : jsonReply(200, message, signal);
}

/**
 * `/messages/count_tokens`: the prompt's tokens as `/messages` would bill them, cache writes included, as Anthropic's
 * count is (`{ input_tokens }`).
 */
export function messagesCountReply({ payload, signal }: EchoCall): UpstreamReply {
  const usage = promptUsage(payload.system, listOf<AnthropicMessage>(payload.messages));
  return jsonReply(200, { input_tokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) }, signal);
}

type PromptUsage = Omit<AnthropicUsage, 'output_tokens'>;

function promptUsage(system: unknown, messages: AnthropicMessage[]): PromptUsage {
  const blocks = [system, ...messages.map((message) => message.content)].flatMap((content) =>
    typeof content === 'string' ? [{ text: content }] : listOf<{ text?: unknown; cache_control?: unknown }>(content),
  );
  const all = blocks.flatMap((block) => contentTexts([block]));
  const cached = blocks.filter((block) => block?.cache_control != null).flatMap((block) => contentTexts([block]));
  const cacheCreation = cached.length > 0 ? estimateTokens(cached.join('\n')) : 0;
  return {
    input_tokens: Math.max(0, estimateTokens(all.join('\n')) - cacheCreation),
    cache_creation_input_tokens: cacheCreation,
    cache_read_input_tokens: 0,
  };
}

/** Anthropic's event sequence: the message's head, one text block streamed a word per delta, the stop and usage. */
function* messageEvents(message: AnthropicResponse, answer: string) {
  const event = (data: AnthropicStreamEvent) => namedEvent(data.type, data);
  const { usage } = message;
  yield event({
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 0 } },
  });
  yield event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  yield event({ type: 'ping' });
  for (const text of words(answer)) {
    yield event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
  }
  yield event({ type: 'content_block_stop', index: 0 });
  yield event({
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  yield event({ type: 'message_stop' });
}
