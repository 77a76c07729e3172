import type { AnthropicContentBlock, AnthropicMessage, AnthropicRequest, AnthropicToolChoice } from './anthropicTypes';
import { assistantFieldsOf } from './anthropicToOpenai';
import { imageUrlOf } from './images';
import type {
  OpenAiChatRequest,
  OpenAiContentPart,
  OpenAiMessage,
  OpenAiTextPart,
  OpenAiToolChoice,
} from './openaiTypes';
import { Omissions } from './omissions';
import { TranslationError } from './translationError';

const textOfResult = (content: AnthropicContentBlock[] | string | undefined, param: string): string => {
  if (content === undefined || typeof content === 'string') return content ?? '';
  return content
    .map((block, i) => {
      if (block.type !== 'text') {
        throw new TranslationError('Tool results can only hold text for this model.', `${param}[${i}]`);
      }
      return block.text;
    })
    .join('');
};

const refuseBlock = (block: AnthropicContentBlock, param: string): never => {
  throw new TranslationError(`Content blocks of type "${block.type}" cannot be translated for this model.`, param);
};

/**
 * A user turn: its tool results become `tool` messages, which OpenAI wants straight after the assistant's tool
 * calls, so they come first; the rest of the turn is one user message.
 */
function userMessages(blocks: AnthropicContentBlock[], param: string): OpenAiMessage[] {
  const toolMessages: OpenAiMessage[] = [];
  const parts: OpenAiContentPart[] = [];
  blocks.forEach((block, i) => {
    if (block.type === 'tool_result') {
      const content = textOfResult(block.content, `${param}[${i}].content`);
      toolMessages.push({ role: 'tool', tool_call_id: block.tool_use_id, content });
    } else if (block.type === 'text') parts.push({ type: 'text', text: block.text });
    else if (block.type === 'image') parts.push({ type: 'image_url', image_url: { url: imageUrlOf(block.source) } });
    else refuseBlock(block, `${param}[${i}]`);
  });
  if (parts.length === 0) return toolMessages;
  const texts = parts.filter((part): part is OpenAiTextPart => part.type === 'text');
  // Text alone is sent as a string, the form every OpenAI-compatible provider accepts.
  const content = texts.length === parts.length ? texts.map((part) => part.text).join('') : parts;
  return [...toolMessages, { role: 'user', content }];
}

/** Earlier thinking is the Anthropic model's own; an OpenAI model has no field to take it back, so it is left out. */
const ASSISTANT_BLOCKS = new Set(['text', 'tool_use', 'thinking', 'redacted_thinking']);

function assistantMessage(blocks: AnthropicContentBlock[], param: string): OpenAiMessage {
  blocks.forEach((block, i) => {
    if (!ASSISTANT_BLOCKS.has(block.type)) refuseBlock(block, `${param}[${i}]`);
  });
  return { role: 'assistant', ...assistantFieldsOf(blocks) };
}

/** Instructions in the middle of the turns (Anthropic's `system` role in `messages`): a system message there. */
function systemMessage(blocks: AnthropicContentBlock[], param: string): OpenAiMessage {
  const texts = blocks.map((block, i) => (block.type === 'text' ? block.text : refuseBlock(block, `${param}[${i}]`)));
  return { role: 'system', content: texts.join('\n\n') };
}

function messagesOf(message: AnthropicMessage, i: number): OpenAiMessage[] {
  const param = `messages[${i}].content`;
  const blocks: AnthropicContentBlock[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  switch (message.role) {
    case 'user':
      return userMessages(blocks, param);
    case 'assistant':
      return [assistantMessage(blocks, param)];
    case 'system':
      return [systemMessage(blocks, param)];
    default:
      throw new TranslationError(
        `Messages with role "${message.role}" cannot be translated for this model.`,
        `messages[${i}].role`,
      );
  }
}

function toolChoiceOf(choice: AnthropicToolChoice): OpenAiToolChoice {
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return choice.type === 'any' ? 'required' : choice.type;
}

/** The Messages fields this translation carries over (or refuses); any other is left out and named (omissions.ts). */
const CARRIED = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'temperature',
  'top_p',
  'top_k',
  'thinking',
  'stop_sequences',
  'stream',
  'tools',
  'tool_choice',
  'metadata',
]);

/**
 * An Anthropic Messages request as an OpenAI chat completions request, for an Anthropic-format client calling an
 * OpenAI-compatible model. Throws TranslationError for what cannot be translated. `top_k` and `thinking` (which asks
 * Anthropic models to think aloud; an OpenAI-compatible model answers the same request without it) are hints, left
 * out and named like every field the translation does not know (`output_config`, `context_management`, …).
 */
export function anthropicRequestToOpenai(
  request: AnthropicRequest,
  omissions: Omissions = new Omissions(),
): OpenAiChatRequest {
  if (request.top_k !== undefined) omissions.hint('top_k');
  if (request.thinking !== undefined && request.thinking !== null) omissions.hint('thinking');
  omissions.rest(request, CARRIED);
  const messages: OpenAiMessage[] = [];
  if (request.system !== undefined) {
    const system = typeof request.system === 'string' ? request.system : request.system.map((b) => b.text).join('\n\n');
    if (system !== '') messages.push({ role: 'system', content: system });
  }
  request.messages.forEach((message, i) => messages.push(...messagesOf(message, i)));
  // max_tokens, not max_completion_tokens: every OpenAI-compatible provider the gateway reaches reads it.
  const result: OpenAiChatRequest = { model: request.model, messages, max_tokens: request.max_tokens };
  if (request.temperature !== undefined) result.temperature = request.temperature;
  if (request.top_p !== undefined) result.top_p = request.top_p;
  if (request.stop_sequences && request.stop_sequences.length > 0) result.stop = request.stop_sequences;
  if (request.stream !== undefined) result.stream = request.stream;
  // The Anthropic stream ends with the usage (message_delta), so the OpenAI stream has to report it.
  if (request.stream) result.stream_options = { include_usage: true };
  if (request.tools && request.tools.length > 0) {
    result.tools = request.tools.map((tool, i) => {
      if (tool.type !== undefined && tool.type !== 'custom') {
        throw new TranslationError(`Server tools ("${tool.type}") cannot be translated for this model.`, `tools[${i}]`);
      }
      return {
        type: 'function' as const,
        function: {
          name: tool.name,
          ...(tool.description !== undefined && { description: tool.description }),
          parameters: tool.input_schema ?? { type: 'object', properties: {} },
        },
      };
    });
  }
  if (request.tool_choice) {
    result.tool_choice = toolChoiceOf(request.tool_choice);
    if (request.tool_choice.disable_parallel_tool_use) result.parallel_tool_calls = false;
  }
  if (request.metadata?.user_id !== undefined) result.user = request.metadata.user_id;
  return result;
}
