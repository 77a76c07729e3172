import { mergeCounts } from '../mergeCounts';
import type { OpenAiErrorBody } from '../gatewayError';
import type { AnthropicStreamEvent, AnthropicUsage } from './anthropicTypes';
import type { OpenAiChatChunk, OpenAiChunkChoice } from './openaiTypes';
import { finishReasonOf } from './stopReasons';
import { openAiUsageOf } from './usage';

/** What the translation of one Anthropic stream remembers between events. */
export interface AnthropicStreamState {
  id: string;
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with the usage and no choices. */
  includeUsage: boolean;
  /** Anthropic's content block index → the OpenAI tool call index, which counts tool calls only. */
  toolIndexOfBlock: Record<number, number>;
  usage: Partial<AnthropicUsage>;
}

export type OpenAiStreamItem = OpenAiChatChunk | OpenAiErrorBody;

export const newAnthropicStreamState = (options: { created: number; includeUsage: boolean }): AnthropicStreamState => ({
  id: '',
  model: '',
  toolIndexOfBlock: {},
  usage: {},
  ...options,
});

function chunk(state: AnthropicStreamState, choice: Omit<OpenAiChunkChoice, 'index'> | null): OpenAiChatChunk {
  return {
    id: state.id,
    object: 'chat.completion.chunk',
    created: state.created,
    model: state.model,
    choices: choice ? [{ index: 0, ...choice }] : [],
    ...(state.includeUsage && { usage: null }),
  };
}

/**
 * One Anthropic stream event → the OpenAI chunks it stands for, and the state for the next event. Thinking, ping and
 * content_block_stop events produce nothing; an error event becomes OpenAI's in-stream `{ error }` object.
 */
export function anthropicEventToOpenai(
  state: AnthropicStreamState,
  event: AnthropicStreamEvent,
): { state: AnthropicStreamState; chunks: OpenAiStreamItem[] } {
  switch (event.type) {
    case 'message_start': {
      const next = { ...state, id: event.message.id, model: event.message.model, usage: event.message.usage };
      return { state: next, chunks: [chunk(next, { delta: { role: 'assistant', content: '' }, finish_reason: null })] };
    }
    case 'content_block_start': {
      const block = event.content_block;
      if (block.type === 'text') {
        const chunks = block.text ? [chunk(state, { delta: { content: block.text }, finish_reason: null })] : [];
        return { state, chunks };
      }
      if (block.type !== 'tool_use') return { state, chunks: [] };
      const index = Object.keys(state.toolIndexOfBlock).length;
      const next = { ...state, toolIndexOfBlock: { ...state.toolIndexOfBlock, [event.index]: index } };
      const call = { index, id: block.id, type: 'function' as const, function: { name: block.name, arguments: '' } };
      return { state: next, chunks: [chunk(next, { delta: { tool_calls: [call] }, finish_reason: null })] };
    }
    case 'content_block_delta': {
      const { delta } = event;
      if (delta.type === 'text_delta') {
        return { state, chunks: [chunk(state, { delta: { content: delta.text }, finish_reason: null })] };
      }
      const index = state.toolIndexOfBlock[event.index];
      if (delta.type !== 'input_json_delta' || index === undefined) return { state, chunks: [] };
      const call = { index, function: { arguments: delta.partial_json } };
      return { state, chunks: [chunk(state, { delta: { tool_calls: [call] }, finish_reason: null })] };
    }
    case 'message_delta': {
      const next = { ...state, usage: mergeCounts(state.usage, event.usage) ?? state.usage };
      const finish = finishReasonOf(event.delta.stop_reason);
      return { state: next, chunks: [chunk(next, { delta: {}, finish_reason: finish })] };
    }
    case 'message_stop': {
      if (!state.includeUsage) return { state, chunks: [] };
      return { state, chunks: [{ ...chunk(state, null), usage: openAiUsageOf(state.usage) }] };
    }
    case 'error':
      return {
        state,
        chunks: [{ error: { message: event.error.message, type: 'api_error', code: event.error.type, param: null } }],
      };
    default:
      return { state, chunks: [] };
  }
}
