import { mergeCounts } from '../mergeCounts';
import type { AnthropicContentBlock, AnthropicStreamEvent, AnthropicUsage } from './anthropicTypes';
import type { OpenAiChatChunk, OpenAiFinishReason, OpenAiToolCallDelta } from './openaiTypes';
import { stopReasonOf } from './stopReasons';
import { anthropicUsageOf } from './usage';

/** What the translation of one OpenAI stream remembers between chunks. */
export interface OpenAiStreamState {
  started: boolean;
  /** The Anthropic content block being written, if any: blocks are written one after another. */
  openBlock: { index: number; type: 'text' | 'tool_use' } | null;
  nextBlock: number;
  /** The OpenAI tool call index → the Anthropic content block it is written to. */
  blockOfTool: Record<number, number>;
  finishReason: OpenAiFinishReason | null;
  usage: AnthropicUsage;
  /** Every usage report so far, merged (a later null keeps the earlier count). */
  reported: OpenAiChatChunk['usage'] | null;
}

export const newOpenAiStreamState = (): OpenAiStreamState => ({
  started: false,
  openBlock: null,
  nextBlock: 0,
  blockOfTool: {},
  finishReason: null,
  usage: { input_tokens: 0, output_tokens: 0 },
  reported: null,
});

type Step = { state: OpenAiStreamState; events: AnthropicStreamEvent[] };

function startBlock(
  state: OpenAiStreamState,
  events: AnthropicStreamEvent[],
  block: AnthropicContentBlock & { type: 'text' | 'tool_use' },
): OpenAiStreamState {
  if (state.openBlock !== null) events.push({ type: 'content_block_stop', index: state.openBlock.index });
  const index = state.nextBlock;
  events.push({ type: 'content_block_start', index, content_block: block });
  return { ...state, openBlock: { index, type: block.type }, nextBlock: index + 1 };
}

function textStep({ state, events }: Step, text: string): Step {
  const next = state.openBlock?.type === 'text' ? state : startBlock(state, events, { type: 'text', text: '' });
  events.push({ type: 'content_block_delta', index: next.nextBlock - 1, delta: { type: 'text_delta', text } });
  return { state: next, events };
}

function toolStep({ state, events }: Step, call: OpenAiToolCallDelta): Step {
  let next = state;
  if (next.blockOfTool[call.index] === undefined) {
    next = startBlock(next, events, {
      type: 'tool_use',
      id: call.id ?? '',
      name: call.function?.name ?? '',
      input: {},
    });
    next = { ...next, blockOfTool: { ...next.blockOfTool, [call.index]: next.nextBlock - 1 } };
  }
  const args = call.function?.arguments;
  if (args) {
    const index = next.blockOfTool[call.index];
    events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args } });
  }
  return { state: next, events };
}

/**
 * One OpenAI chunk → the Anthropic events it stands for, and the state for the next chunk. The first chunk opens the
 * message; the stop reason and usage are kept for `openaiStreamEnd`, because with `include_usage` the usage comes in a
 * chunk after the one with the finish reason.
 */
export function openaiChunkToAnthropic(state: OpenAiStreamState, chunk: OpenAiChatChunk): Step {
  let step: Step = { state, events: [] };
  if (!state.started) {
    step.events.push({
      type: 'message_start',
      message: {
        id: chunk.id,
        type: 'message',
        role: 'assistant',
        model: chunk.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
    step.state = { ...state, started: true };
  }
  const choice = chunk.choices[0];
  if (choice?.delta.content) step = textStep(step, choice.delta.content);
  for (const call of choice?.delta.tool_calls ?? []) step = toolStep(step, call);
  if (choice?.finish_reason) step.state = { ...step.state, finishReason: choice.finish_reason };
  if (chunk.usage) {
    const reported = mergeCounts(step.state.reported, chunk.usage);
    step.state = { ...step.state, reported, usage: reported ? anthropicUsageOf(reported) : step.state.usage };
  }
  return step;
}

/** The OpenAI stream ended (`data: [DONE]`): close the open block, then message_delta and message_stop. */
export function openaiStreamEnd(state: OpenAiStreamState): AnthropicStreamEvent[] {
  const events: AnthropicStreamEvent[] = [];
  if (state.openBlock !== null) events.push({ type: 'content_block_stop', index: state.openBlock.index });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: stopReasonOf(state.finishReason), stop_sequence: null },
      usage: state.usage,
    },
    { type: 'message_stop' },
  );
  return events;
}
