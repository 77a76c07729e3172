import type { AnthropicResponse } from './anthropicTypes';
import type { OpenAiChatResponse, OpenAiToolCall } from './openaiTypes';
import { finishReasonOf } from './stopReasons';
import { openAiUsageOf } from './usage';

/**
 * An Anthropic Messages response as an OpenAI chat completion. Text blocks are joined; tool_use blocks become
 * tool calls with their input as a JSON string; thinking blocks are left out (chat completions has no field for
 * them). `created` is passed in (seconds) so the translation stays a pure function.
 */
export function anthropicToOpenai(response: AnthropicResponse, created: number): OpenAiChatResponse {
  const texts: string[] = [];
  const toolCalls: OpenAiToolCall[] = [];
  for (const block of response.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input) },
      });
    }
  }
  return {
    id: response.id,
    object: 'chat.completion',
    created,
    model: response.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: texts.length > 0 ? texts.join('') : null,
          refusal: null,
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        finish_reason: finishReasonOf(response.stop_reason),
        logprobs: null,
      },
    ],
    usage: openAiUsageOf(response.usage),
  };
}
