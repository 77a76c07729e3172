import type { AnthropicContentBlock, AnthropicMessage, AnthropicRequest, AnthropicToolChoice } from './anthropicTypes';
import { imageSourceOf } from './images';
import type { OpenAiChatRequest, OpenAiContentPart, OpenAiMessage, OpenAiToolChoice } from './openaiTypes';
import { toolArgumentsObject } from './toolArguments';
import { Omissions } from './omissions';
import { TranslationError } from './translationError';

/**
 * Anthropic requires `max_tokens`, OpenAI does not: a request without one gets this many (docs/gateway.md,
 * "Translation between formats"), enough for a long answer from every current Claude model.
 */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Fields with no Anthropic counterpart that change the answer (a second choice, log probabilities, structured or
 * audio output), so they are refused rather than dropped; the sampling hints it lacks are left out and named.
 */
function refuseUntranslatable(request: OpenAiChatRequest, omissions: Omissions) {
  const refuse = (param: string, what: string) => {
    throw new TranslationError(`${what} cannot be translated for this model; remove "${param}".`, param);
  };
  if (request.n !== undefined && request.n !== null && request.n !== 1) refuse('n', 'More than one choice (n > 1)');
  if (request.logprobs) refuse('logprobs', 'Log probabilities');
  if (request.top_logprobs) refuse('top_logprobs', 'Log probabilities');
  if (request.response_format && request.response_format.type !== 'text') {
    refuse('response_format', `response_format "${request.response_format.type}"`);
  }
  if (request.modalities?.some((modality) => modality !== 'text')) refuse('modalities', 'Audio output');
  if (request.audio !== undefined) refuse('audio', 'Audio output');
  if (request.functions !== undefined) refuse('functions', 'The legacy "functions" field (use "tools")');
  if (request.function_call !== undefined)
    refuse('function_call', 'The legacy "function_call" field (use "tool_choice")');
  // Anthropic's range is 0 to 1; OpenAI's goes to 2, and squeezing it would change what the client asked for.
  if (request.temperature !== undefined && request.temperature !== null && request.temperature > 1) {
    throw new TranslationError('This model takes a temperature between 0 and 1.', 'temperature');
  }
  if (request.logit_bias && Object.keys(request.logit_bias).length > 0) omissions.hint('logit_bias');
  if (request.presence_penalty) omissions.hint('presence_penalty');
  if (request.frequency_penalty) omissions.hint('frequency_penalty');
  omissions.rest(request, CARRIED);
}

/** The chat fields this translation carries over, refuses or names itself; any other is left out and named. */
const CARRIED = new Set([
  'model',
  'messages',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'stop',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'user',
  'metadata',
  'n',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'presence_penalty',
  'frequency_penalty',
  'response_format',
  'modalities',
  'audio',
  'functions',
  'function_call',
]);

/** A message's content as text: a string, or text parts joined (any other part is refused, at `param[j]`). */
export function textOf(content: string | { type: string; text?: string }[], param: string): string {
  if (typeof content === 'string') return content;
  return content
    .map((part, i) => {
      if (part.type !== 'text') throw new TranslationError('Only text parts can be translated here.', `${param}[${i}]`);
      return part.text ?? '';
    })
    .join('');
}

function blocksOf(content: string | OpenAiContentPart[], param: string): AnthropicContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.map((part, i): AnthropicContentBlock => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image_url') {
      return { type: 'image', source: imageSourceOf(part.image_url.url, `${param}[${i}].image_url.url`) };
    }
    throw new TranslationError(
      `Content parts of type "${part.type}" cannot be translated for this model.`,
      `${param}[${i}]`,
    );
  });
}

function toolInputOf(json: string, param: string): Record<string, unknown> {
  const input = toolArgumentsObject(json);
  if (!input) throw new TranslationError('Tool call arguments must be a JSON object.', param);
  return input;
}

/** An Anthropic turn while it is being built: always a list of blocks, so turns can be merged. */
type Turn = { role: AnthropicMessage['role']; content: AnthropicContentBlock[] };

/** One OpenAI message as the role and blocks of an Anthropic turn; system messages are collected apart. */
function turnOf(message: OpenAiMessage, param: string): Turn {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: blocksOf(message.content, `${param}.content`) };
    case 'assistant': {
      const blocks = message.content ? blocksOf(message.content, `${param}.content`) : [];
      for (const [j, call] of (message.tool_calls ?? []).entries()) {
        blocks.push({
          type: 'tool_use',
          id: call.id,
          name: call.function.name,
          input: toolInputOf(call.function.arguments, `${param}.tool_calls[${j}].function.arguments`),
        });
      }
      return { role: 'assistant', content: blocks };
    }
    case 'tool':
      return {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: message.tool_call_id,
            content: textOf(message.content, `${param}.content`),
          },
        ],
      };
    default:
      throw new TranslationError(
        `Messages with role "${message.role}" cannot be translated for this model.`,
        `${param}.role`,
      );
  }
}

/**
 * Anthropic's turns alternate between user and assistant; OpenAI's do not have to (a tool message per call, then a
 * user message, all become one user turn).
 */
function mergeConsecutive(turns: Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content.push(...turn.content);
    else merged.push({ role: turn.role, content: [...turn.content] });
  }
  return merged;
}

const CHOICE_TYPE = { auto: 'auto', none: 'none', required: 'any' } as const;

function toolChoiceOf(
  choice: OpenAiToolChoice | undefined,
  parallel: boolean | undefined,
): AnthropicToolChoice | undefined {
  let translated: AnthropicToolChoice | undefined;
  if (typeof choice === 'string') translated = { type: CHOICE_TYPE[choice] };
  else if (choice) translated = { type: 'tool', name: choice.function.name };
  else if (parallel === false) translated = { type: 'auto' };
  // With "none" no tool is called at all, so there is nothing to run in parallel.
  if (translated && parallel === false && translated.type !== 'none') {
    return { ...translated, disable_parallel_tool_use: true };
  }
  return translated;
}

/**
 * An OpenAI chat completions request as an Anthropic Messages request. Throws TranslationError for what cannot be;
 * records in `omissions` what it leaves out (`seed`, the penalties, a logit bias, fields it does not know).
 */
export function openaiToAnthropic(
  request: OpenAiChatRequest,
  omissions: Omissions = new Omissions(),
): AnthropicRequest {
  refuseUntranslatable(request, omissions);
  const system: string[] = [];
  const turns: Turn[] = [];
  request.messages.forEach((message, i) => {
    if (message.role === 'system' || message.role === 'developer') {
      system.push(textOf(message.content, `messages[${i}].content`));
    } else {
      turns.push(turnOf(message, `messages[${i}]`));
    }
  });
  const result: AnthropicRequest = {
    model: request.model,
    messages: mergeConsecutive(turns),
    max_tokens: request.max_completion_tokens ?? request.max_tokens ?? DEFAULT_MAX_TOKENS,
  };
  if (system.length > 0) result.system = system.join('\n\n');
  if (request.temperature !== undefined) result.temperature = request.temperature;
  if (request.top_p !== undefined) result.top_p = request.top_p;
  if (request.stop !== undefined && request.stop !== null) {
    result.stop_sequences = typeof request.stop === 'string' ? [request.stop] : request.stop;
  }
  if (request.stream !== undefined) result.stream = request.stream;
  if (request.tools && request.tools.length > 0) {
    result.tools = request.tools.map(({ function: fn }) => ({
      name: fn.name,
      ...(fn.description !== undefined && { description: fn.description }),
      input_schema: fn.parameters ?? { type: 'object', properties: {} },
    }));
  }
  const toolChoice = toolChoiceOf(request.tool_choice, request.parallel_tool_calls);
  if (toolChoice) result.tool_choice = toolChoice;
  const user = request.user ?? request.metadata?.user;
  if (user !== undefined) result.metadata = { user_id: user };
  return result;
}
