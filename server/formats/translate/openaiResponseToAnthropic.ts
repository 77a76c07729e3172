import type { AnthropicContentBlock, AnthropicResponse } from './anthropicTypes';
import type { OpenAiChatResponse } from './openaiTypes';
import { stopReasonOf } from './stopReasons';
import { toolArgumentsObject } from './toolArguments';
import { anthropicUsageOf } from './usage';

/** Arguments that are not a JSON object (a model's slip) still reach the client, as the raw text under `_raw`. */
const toolInputOf = (json: string) => toolArgumentsObject(json) ?? { _raw: json };

/** An OpenAI chat completion (its first choice) as an Anthropic Messages response. */
export function openaiResponseToAnthropic(response: OpenAiChatResponse): AnthropicResponse {
  const choice = response.choices[0];
  const content: AnthropicContentBlock[] = [];
  const text = choice?.message.content ?? choice?.message.refusal;
  if (text) content.push({ type: 'text', text });
  for (const call of choice?.message.tool_calls ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: toolInputOf(call.function.arguments),
    });
  }
  const usage = response.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  return {
    id: response.id,
    type: 'message',
    role: 'assistant',
    model: response.model,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason ?? null),
    stop_sequence: null,
    usage: anthropicUsageOf(usage),
  };
}
