import type { GeminiCandidate, GeminiPart, GeminiResponse } from './geminiTypes';
import { argumentsOf } from './geminiParts';
import { openAiUsageOfGemini } from './geminiUsage';
import type { OpenAiChatResponse, OpenAiFinishReason, OpenAiToolCall } from './openaiTypes';
import { finishReasonOfGemini } from './stopReasons';

/** A function call's id: Gemini's own when the model gave one, else one made from its place in the answer. */
export const toolCallIdOf = (id: string | undefined, responseId: string, index: number) =>
  id ?? `call_${responseId}_${index}`;

/**
 * A candidate's parts as OpenAI's message fields: the answer's text parts joined, function calls as tool calls with
 * their arguments as a JSON string. Thought summaries are left out: chat completions has no field for them.
 */
export function messageFieldsOf(
  parts: GeminiPart[],
  responseId: string,
): { content: string | null; tool_calls?: OpenAiToolCall[] } {
  const texts: string[] = [];
  const toolCalls: OpenAiToolCall[] = [];
  for (const part of parts) {
    if (part.functionCall) {
      toolCalls.push({
        id: toolCallIdOf(part.functionCall.id, responseId, toolCalls.length),
        type: 'function',
        function: { name: part.functionCall.name, arguments: argumentsOf(part.functionCall.args) },
      });
    } else if (typeof part.text === 'string' && !part.thought) texts.push(part.text);
  }
  return {
    content: texts.length > 0 ? texts.join('') : null,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
  };
}

const calledFunctions = (candidate: GeminiCandidate) =>
  (candidate.content?.parts ?? []).some((part) => part.functionCall !== undefined);

/** Why a candidate stopped, as OpenAI says it; a prompt Gemini blocked (no candidate at all) was filtered. */
export const candidateFinishOf = (candidate: GeminiCandidate | undefined): OpenAiFinishReason =>
  candidate?.finishReason ? finishReasonOfGemini(candidate.finishReason, calledFunctions(candidate)) : 'stop';

/**
 * A Gemini generateContent response as an OpenAI chat completion, a choice per candidate. `created` is passed in
 * (seconds) so the translation stays a pure function; `model` names the model when Gemini's reply does not.
 */
export function geminiToOpenai(response: GeminiResponse, model: string, created: number): OpenAiChatResponse {
  const id = response.responseId ?? `chatcmpl-gemini-${created}`;
  const candidates = response.candidates ?? [];
  const blocked = candidates.length === 0 && response.promptFeedback?.blockReason !== undefined;
  const choices = blocked
    ? [
        {
          index: 0,
          message: { role: 'assistant' as const, content: null, refusal: null },
          finish_reason: 'content_filter' as const,
          logprobs: null,
        },
      ]
    : candidates.map((candidate, i) => ({
        index: candidate.index ?? i,
        message: { role: 'assistant' as const, refusal: null, ...messageFieldsOf(candidate.content?.parts ?? [], id) },
        finish_reason: candidateFinishOf(candidate),
        logprobs: null,
      }));
  const usage = openAiUsageOfGemini(response.usageMetadata);
  return {
    id,
    object: 'chat.completion',
    created,
    model: response.modelVersion ?? model,
    choices,
    ...(usage && { usage }),
  };
}
