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

/**
 * Gemini's finish reasons as OpenAI's. Gemini stops with `STOP` after calling functions too, so a candidate with
 * function calls reads as `tool_calls`. Its safety stops (`SAFETY`, `RECITATION`, `BLOCKLIST`, …) are OpenAI's
 * `content_filter`; the rest (`OTHER`, `MALFORMED_FUNCTION_CALL`, a reason added later) read as `stop`.
 */
const FINISH_REASON_OF_GEMINI: Record<string, OpenAiFinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  LANGUAGE: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
};

export const finishReasonOfGemini = (reason: string, calledFunctions: boolean): OpenAiFinishReason => {
  const finish = Object.hasOwn(FINISH_REASON_OF_GEMINI, reason) ? FINISH_REASON_OF_GEMINI[reason] : 'stop';
  return finish === 'stop' && calledFunctions ? 'tool_calls' : finish;
};

/** OpenAI's finish reasons as Gemini's: a tool call is Gemini's `STOP`, a filtered answer its `SAFETY`. */
export const GEMINI_FINISH_REASON_OF: Record<OpenAiFinishReason, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  tool_calls: 'STOP',
  function_call: 'STOP',
  content_filter: 'SAFETY',
};
