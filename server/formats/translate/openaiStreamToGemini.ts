import type { TokenUsage } from '../../lib/cost';
import type { GeminiCandidate, GeminiPart, GeminiResponse } from './geminiTypes';
import { geminiUsageOf } from './geminiUsage';
import type { OpenAiChatChunk, OpenAiFinishReason } from './openaiTypes';
import { functionCallPart } from './openaiResponseToGemini';
import { GEMINI_FINISH_REASON_OF } from './stopReasons';

interface ToolCallSoFar {
  id: string;
  name: string;
  arguments: string;
}

/** What the translation of one OpenAI stream into Gemini's remembers between chunks. */
export interface ChatToGeminiState {
  responseId: string;
  model: string;
  /** Per choice: its tool calls as their deltas arrive (Gemini sends each call whole, in the last chunk). */
  toolCalls: Record<number, Record<number, ToolCallSoFar>>;
  finished: Record<number, OpenAiFinishReason>;
}

export const newChatToGeminiState = (): ChatToGeminiState => ({
  responseId: '',
  model: '',
  toolCalls: {},
  finished: {},
});

const response = (state: ChatToGeminiState, candidates: GeminiCandidate[]): GeminiResponse => ({
  candidates,
  modelVersion: state.model,
  responseId: state.responseId,
});

/**
 * One OpenAI chunk → the Gemini chunks it stands for (a chunk per text delta), and the state for the next. Tool call
 * deltas and finish reasons are kept for `chatToGeminiEnd`, which writes them with the usage, as Gemini's last chunk.
 */
export function chatChunkToGemini(
  state: ChatToGeminiState,
  chunk: OpenAiChatChunk,
): { state: ChatToGeminiState; chunks: GeminiResponse[] } {
  const next: ChatToGeminiState = {
    responseId: state.responseId || chunk.id,
    model: state.model || chunk.model,
    toolCalls: { ...state.toolCalls },
    finished: { ...state.finished },
  };
  const chunks: GeminiResponse[] = [];
  for (const choice of chunk.choices) {
    const text = choice.delta.content || choice.delta.refusal;
    if (text) chunks.push(response(next, [{ content: { role: 'model', parts: [{ text }] }, index: choice.index }]));
    const calls = { ...next.toolCalls[choice.index] };
    for (const call of choice.delta.tool_calls ?? []) {
      const known = calls[call.index] ?? { id: '', name: '', arguments: '' };
      calls[call.index] = {
        id: call.id ?? known.id,
        name: known.name + (call.function?.name ?? ''),
        arguments: known.arguments + (call.function?.arguments ?? ''),
      };
    }
    next.toolCalls[choice.index] = calls;
    if (choice.finish_reason) next.finished[choice.index] = choice.finish_reason;
  }
  return { state: next, chunks };
}

/** The stream ended: each finished choice's function calls and finish reason, with the usage billed, in one chunk. */
export function chatToGeminiEnd(state: ChatToGeminiState, usage: TokenUsage | null): GeminiResponse {
  const candidates = Object.entries(state.finished).map(([index, finish]): GeminiCandidate => {
    const parts: GeminiPart[] = Object.values(state.toolCalls[Number(index)] ?? {}).map(functionCallPart);
    return {
      content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] },
      finishReason: GEMINI_FINISH_REASON_OF[finish] ?? 'STOP',
      index: Number(index),
    };
  });
  return { ...response(state, candidates), ...(usage && { usageMetadata: geminiUsageOf(usage) }) };
}
