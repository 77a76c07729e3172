import { mergeCounts } from './mergeCounts';
import type { AnthropicContentBlock, AnthropicStreamEvent, AnthropicUsage } from './translate/anthropicTypes';
import type { ConversationOptions } from './types';

/** The Messages API version the gateway asks for when the client names none (docs/gateway.md). */
export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic's native API wants its version on every request; every other `anthropic-*` header the client sent (its
 * beta flags, and whatever header Anthropic adds next) goes with it as the client wrote it.
 */
export function anthropicHeaders(options: ConversationOptions): Record<string, string> {
  return { 'anthropic-version': DEFAULT_ANTHROPIC_VERSION, ...options.anthropicHeaders };
}

const length = (text: unknown) => (typeof text === 'string' ? text.length : 0);

/** Characters a block holds that the model generated: text, thinking, a tool call's name and input. */
export function blockChars(block: AnthropicContentBlock): number {
  switch (block.type) {
    case 'text':
      return length(block.text);
    case 'thinking':
      return length(block.thinking);
    case 'tool_use': {
      const input = block.input && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
      return length(block.name) + input.length;
    }
    default:
      return 0;
  }
}

/** Characters one stream event adds, to estimate the completion tokens of a stream cut short. */
export function eventChars(event: AnthropicStreamEvent): number {
  if (event.type === 'content_block_start') return event.content_block ? blockChars(event.content_block) : 0;
  if (event.type !== 'content_block_delta' || !event.delta) return 0;
  const { delta } = event;
  if (delta.type === 'text_delta') return length(delta.text);
  if (delta.type === 'input_json_delta') return length(delta.partial_json);
  if (delta.type === 'thinking_delta') return length(delta.thinking);
  return 0;
}

/**
 * The usage after an event: message_start reports the input counts, each message_delta the cumulative output count
 * (and the input counts again when the API has them, or null for "unchanged"), so later counts win and nulls keep
 * the earlier ones (mergeCounts).
 */
export function usageAfter(usage: Partial<AnthropicUsage> | null, event: AnthropicStreamEvent) {
  if (event.type === 'message_start') return mergeCounts(usage, event.message.usage);
  if (event.type === 'message_delta') return mergeCounts(usage, event.usage);
  return usage;
}
