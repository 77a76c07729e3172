import type { AnthropicStopReason } from './anthropicTypes';
import type { OpenAiFinishReason } from './openaiTypes';

/**
 * Why generation stopped, in each format. `pause_turn` (Anthropic paused a long server-tool turn; the client may send
 * the answer back to continue) has no OpenAI counterpart: it reads as a normal `stop`. A `refusal` (the safety
 * classifiers stopped the answer) is OpenAI's `content_filter`.
 */
export const FINISH_REASON_OF: Record<AnthropicStopReason, OpenAiFinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  pause_turn: 'stop',
  refusal: 'content_filter',
};

/** OpenAI does not say whether `stop` was a stop sequence, so it reads as the end of the turn. */
export const STOP_REASON_OF: Record<OpenAiFinishReason, AnthropicStopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
};

export const finishReasonOf = (reason: AnthropicStopReason | null): OpenAiFinishReason =>
  (reason && FINISH_REASON_OF[reason]) ?? 'stop';

export const stopReasonOf = (reason: OpenAiFinishReason | null): AnthropicStopReason =>
  (reason && STOP_REASON_OF[reason]) ?? 'end_turn';
