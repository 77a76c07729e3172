import type { GeminiResponse, GeminiUsageMetadata } from './geminiTypes';
import { argumentsOf } from './geminiParts';
import { toolCallIdOf } from './geminiToOpenai';
import { openAiUsageOfGemini, usageMetadataAfter } from './geminiUsage';
import type { OpenAiChatChunk, OpenAiChunkChoice, OpenAiFinishReason } from './openaiTypes';
import { finishReasonOfGemini } from './stopReasons';

/** What the translation of one Gemini stream remembers between chunks. */
export interface GeminiStreamState {
  id: string;
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with the usage and no choices. */
  includeUsage: boolean;
  /** Per candidate (a choice): the tool calls written so far, which number OpenAI's tool call deltas. */
  toolCalls: Record<number, number>;
  /** Per candidate, once it finished. */
  finished: Record<number, OpenAiFinishReason>;
  /** Every usageMetadata so far, merged (a later null never erases an earlier count). */
  usage: GeminiUsageMetadata | null;
}

export const newGeminiStreamState = (options: {
  model: string;
  created: number;
  includeUsage: boolean;
}): GeminiStreamState => ({ id: '', toolCalls: {}, finished: {}, usage: null, ...options });

function chunk(state: GeminiStreamState, choices: OpenAiChunkChoice[]): OpenAiChatChunk {
  return {
    id: state.id,
    object: 'chat.completion.chunk',
    created: state.created,
    model: state.model,
    choices,
    ...(state.includeUsage && { usage: null }),
  };
}

const choice = (index: number, delta: OpenAiChunkChoice['delta'], finish: OpenAiFinishReason | null = null) => ({
  index,
  delta,
  finish_reason: finish,
});

/**
 * One Gemini chunk → the OpenAI chunks it stands for, and the state for the next chunk. A candidate's first chunk
 * opens its choice with the assistant role; text becomes content deltas (thought summaries are left out), each
 * function call a whole tool call delta (Gemini sends a call in one piece), and its finish reason a last chunk. A
 * prompt Gemini blocked (no candidate, a `promptFeedback.blockReason`) ends the only choice as `content_filter`.
 */
export function geminiChunkToOpenai(
  state: GeminiStreamState,
  response: GeminiResponse,
): { state: GeminiStreamState; chunks: OpenAiChatChunk[] } {
  const next: GeminiStreamState = {
    ...state,
    id: state.id || (response.responseId ?? `chatcmpl-gemini-${state.created}`),
    model: response.modelVersion ?? state.model,
    toolCalls: { ...state.toolCalls },
    finished: { ...state.finished },
    usage: usageMetadataAfter(state.usage, response.usageMetadata),
  };
  const chunks: OpenAiChatChunk[] = [];
  const open = (index: number) => {
    if (next.toolCalls[index] !== undefined) return;
    next.toolCalls[index] = 0;
    chunks.push(chunk(next, [choice(index, { role: 'assistant', content: '' })]));
  };
  const candidates = response.candidates ?? [];
  if (candidates.length === 0 && response.promptFeedback?.blockReason !== undefined) {
    open(0);
    next.finished[0] = 'content_filter';
    chunks.push(chunk(next, [choice(0, {}, 'content_filter')]));
  }
  candidates.forEach((candidate, i) => {
    const index = candidate.index ?? i;
    open(index);
    for (const part of candidate.content?.parts ?? []) {
      if (part.functionCall) {
        const call = {
          index: next.toolCalls[index],
          id: toolCallIdOf(part.functionCall.id, next.id, next.toolCalls[index]),
          type: 'function' as const,
          function: { name: part.functionCall.name, arguments: argumentsOf(part.functionCall.args) },
        };
        next.toolCalls[index]++;
        chunks.push(chunk(next, [choice(index, { tool_calls: [call] })]));
      } else if (typeof part.text === 'string' && part.text !== '' && !part.thought) {
        chunks.push(chunk(next, [choice(index, { content: part.text })]));
      }
    }
    if (candidate.finishReason) {
      const finish = finishReasonOfGemini(candidate.finishReason, next.toolCalls[index] > 0);
      next.finished[index] = finish;
      chunks.push(chunk(next, [choice(index, {}, finish)]));
    }
  });
  return { state: next, chunks };
}

/** Every candidate the stream opened has finished (a stream that ends otherwise was cut short). */
export const geminiStreamFinished = (state: GeminiStreamState) => {
  const opened = Object.keys(state.toolCalls);
  return opened.length > 0 && opened.every((index) => state.finished[Number(index)] !== undefined);
};

/** The stream ended: the usage chunk, when the client asked for it. */
export function geminiStreamEnd(state: GeminiStreamState): OpenAiChatChunk[] {
  const usage = openAiUsageOfGemini(state.usage);
  if (!state.includeUsage || !usage) return [];
  return [{ ...chunk(state, []), usage }];
}
