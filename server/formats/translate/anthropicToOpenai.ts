import type { AnthropicContentBlock, AnthropicResponse } from './anthropicTypes';
import type { OpenAiChatResponse, OpenAiToolCall } from './openaiTypes';
import { finishReasonOf } from './stopReasons';
import { openAiUsageOf } from './usage';

/**
 * An assistant's Anthropic blocks as OpenAI's message fields: text blocks joined, tool_use blocks as tool calls with
 * their input as a JSON string. Other blocks (thinking) are left out: chat completions has no field for them.
 */
export function assistantFieldsOf(blocks: AnthropicContentBlock[]): {
  content: string | null;
  tool_calls?: OpenAiToolCall[];
} {
  const texts: string[] = [];
  const toolCalls: OpenAiToolCall[] = [];
  for (const block of blocks) {
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
    content: texts.length > 0 ? texts.join('') : null,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
  };
}

/**
 * An Anthropic Messages response as an OpenAI chat completion. `created` is passed in (seconds) so the translation
 * stays a pure function.
 */
export function anthropicToOpenai(response: AnthropicResponse, created: number): OpenAiChatResponse {
  const { content, tool_calls } = assistantFieldsOf(response.content);
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
          content,
          refusal: null,
          ...(tool_calls && { tool_calls }),
        },
        finish_reason: finishReasonOf(response.stop_reason),
        logprobs: null,
      },
    ],
    usage: openAiUsageOf(response.usage),
  };
}
