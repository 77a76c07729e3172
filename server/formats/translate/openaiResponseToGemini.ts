import type { TokenUsage } from '../../lib/cost';
import type { GeminiPart, GeminiResponse } from './geminiTypes';
import { geminiUsageOf } from './geminiUsage';
import type { OpenAiAssistantMessage, OpenAiChatResponse, OpenAiToolCall } from './openaiTypes';
import { GEMINI_FINISH_REASON_OF } from './stopReasons';
import { toolArgumentsObject } from './toolArguments';

/** A tool call as Gemini's function call; arguments that are not a JSON object reach the client under `_raw`. */
export const functionCallPart = (
  call: Pick<OpenAiToolCall, 'id'> & { name: string; arguments: string },
): GeminiPart => ({
  functionCall: { id: call.id, name: call.name, args: toolArgumentsObject(call.arguments) ?? { _raw: call.arguments } },
});

/** An assistant message as a candidate's parts: its text (or refusal), then its tool calls. */
function partsOf(message: OpenAiAssistantMessage): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text = message.content ?? message.refusal;
  if (text) parts.push({ text });
  for (const call of message.tool_calls ?? []) parts.push(functionCallPart({ id: call.id, ...call.function }));
  return parts;
}

/**
 * An OpenAI chat completion as a Gemini generateContent response, a candidate per choice, for a client of the Gemini
 * door. Its usage is what the gateway bills (`usage`, read from the provider's reply), as Gemini reports it.
 */
export function openaiResponseToGemini(response: OpenAiChatResponse, usage: TokenUsage | null): GeminiResponse {
  return {
    candidates: response.choices.map((choice) => ({
      content: { role: 'model', parts: partsOf(choice.message) },
      finishReason: GEMINI_FINISH_REASON_OF[choice.finish_reason] ?? 'STOP',
      index: choice.index,
    })),
    ...(usage && { usageMetadata: geminiUsageOf(usage) }),
    modelVersion: response.model,
    responseId: response.id,
  };
}
