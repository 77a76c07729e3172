import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest, GeminiToolConfig } from './geminiTypes';
import { functionResponseOf } from './geminiParts';
import { dataUrlParts } from './images';
import type { OpenAiChatRequest, OpenAiContentPart, OpenAiMessage, OpenAiToolChoice } from './openaiTypes';
import { textOf } from './openaiToAnthropic';
import { toolArgumentsObject } from './toolArguments';
import { Omissions } from './omissions';
import { TranslationError } from './translationError';

/**
 * Fields with no Gemini counterpart that change the answer (audio output, the legacy function fields), so they are
 * refused rather than dropped; a logit bias, which Gemini lacks, is a hint left out and named.
 */
function refuseUntranslatable(request: OpenAiChatRequest, omissions: Omissions) {
  const refuse = (param: string, what: string) => {
    throw new TranslationError(`${what} cannot be translated for this model; remove "${param}".`, param);
  };
  if (request.modalities?.some((modality) => modality !== 'text')) refuse('modalities', 'Audio output');
  if (request.audio !== undefined) refuse('audio', 'Audio output');
  if (request.functions !== undefined) refuse('functions', 'The legacy "functions" field (use "tools")');
  if (request.function_call !== undefined)
    refuse('function_call', 'The legacy "function_call" field (use "tool_choice")');
  if (request.logit_bias && Object.keys(request.logit_bias).length > 0) omissions.hint('logit_bias');
  omissions.rest(request, CARRIED);
}

/**
 * The chat fields this translation carries over, refuses or names itself. `user`, `metadata`, `parallel_tool_calls`
 * and `stream_options` are what Gemini does without (it streams its usage anyway); any other is left out and named.
 */
const CARRIED = new Set([
  'model',
  'messages',
  'max_tokens',
  'max_completion_tokens',
  'n',
  'temperature',
  'top_p',
  'stop',
  'stream',
  'stream_options',
  'presence_penalty',
  'frequency_penalty',
  'seed',
  'logprobs',
  'top_logprobs',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'user',
  'metadata',
  'logit_bias',
  'modalities',
  'audio',
  'functions',
  'function_call',
]);

const AUDIO_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mp3' };

/** A user's content part as Gemini's: text, and images, audio and files inline (base64), as Gemini takes them. */
function partOf(part: OpenAiContentPart, param: string): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  if (part.type === 'image_url') {
    const inline = dataUrlParts(part.image_url.url);
    if (!inline) {
      throw new TranslationError('This model takes images as base64 data: URLs only.', `${param}.image_url.url`);
    }
    return { inlineData: inline };
  }
  if (part.type === 'input_audio') {
    const audio = part.input_audio as { data?: unknown; format?: unknown } | undefined;
    const mimeType = AUDIO_TYPES[String(audio?.format)];
    if (mimeType && typeof audio?.data === 'string') return { inlineData: { mimeType, data: audio.data } };
  }
  if (part.type === 'file') {
    const file = part.file as { file_data?: unknown } | undefined;
    const inline = typeof file?.file_data === 'string' ? dataUrlParts(file.file_data) : null;
    if (inline) return { inlineData: inline };
  }
  throw new TranslationError(`Content parts of type "${part.type}" cannot be translated for this model.`, param);
}

const partsOf = (content: string | OpenAiContentPart[], param: string): GeminiPart[] =>
  typeof content === 'string'
    ? content === ''
      ? []
      : [{ text: content }]
    : content.map((part, i) => partOf(part, `${param}[${i}]`));

/**
 * One OpenAI message as a Gemini turn. Tool results name their function, which OpenAI's tool messages leave to the
 * call they answer: `names` maps each earlier tool call's id to its function.
 */
function turnOf(message: OpenAiMessage, param: string, names: Map<string, string>): GeminiContent {
  switch (message.role) {
    case 'user':
      return { role: 'user', parts: partsOf(message.content, `${param}.content`) };
    case 'assistant': {
      const parts = message.content ? partsOf(message.content, `${param}.content`) : [];
      for (const [j, call] of (message.tool_calls ?? []).entries()) {
        const args = toolArgumentsObject(call.function.arguments);
        if (!args) {
          throw new TranslationError(
            'Tool call arguments must be a JSON object.',
            `${param}.tool_calls[${j}].function.arguments`,
          );
        }
        names.set(call.id, call.function.name);
        parts.push({ functionCall: { name: call.function.name, args } });
      }
      return { role: 'model', parts };
    }
    case 'tool': {
      const name = names.get(message.tool_call_id);
      if (name === undefined) {
        throw new TranslationError(
          'A tool message must answer a tool call of an earlier assistant message.',
          `${param}.tool_call_id`,
        );
      }
      const response = functionResponseOf(textOf(message.content, `${param}.content`));
      return { role: 'user', parts: [{ functionResponse: { name, response } }] };
    }
    default:
      throw new TranslationError(
        `Messages with role "${message.role}" cannot be translated for this model.`,
        `${param}.role`,
      );
  }
}

/** Gemini wants a turn's parts together: a tool result per call, then the user's text, all become one user turn. */
function mergeConsecutive(turns: GeminiContent[]): GeminiContent[] {
  const merged: GeminiContent[] = [];
  for (const turn of turns) {
    if (turn.parts.length === 0) continue;
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.parts.push(...turn.parts);
    else merged.push({ role: turn.role, parts: [...turn.parts] });
  }
  return merged;
}

function toolConfigOf(choice: OpenAiToolChoice | undefined): GeminiToolConfig | undefined {
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') {
    const mode = { auto: 'AUTO', none: 'NONE', required: 'ANY' }[choice];
    return { functionCallingConfig: { mode } };
  }
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
}

function generationConfigOf(request: OpenAiChatRequest): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  const cap = request.max_completion_tokens ?? request.max_tokens;
  if (cap !== undefined && cap !== null) config.maxOutputTokens = cap;
  if (request.n !== undefined && request.n !== null) config.candidateCount = request.n;
  if (request.temperature !== undefined && request.temperature !== null) config.temperature = request.temperature;
  if (request.top_p !== undefined && request.top_p !== null) config.topP = request.top_p;
  if (request.stop !== undefined && request.stop !== null) {
    config.stopSequences = typeof request.stop === 'string' ? [request.stop] : request.stop;
  }
  if (request.presence_penalty) config.presencePenalty = request.presence_penalty;
  if (request.frequency_penalty) config.frequencyPenalty = request.frequency_penalty;
  if (typeof request.seed === 'number') config.seed = request.seed;
  if (request.logprobs) config.responseLogprobs = true;
  if (request.top_logprobs) config.logprobs = request.top_logprobs;
  const format = request.response_format;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    const schema = (format.json_schema as { schema?: unknown } | undefined)?.schema;
    config.responseMimeType = 'application/json';
    if (schema !== undefined) config.responseJsonSchema = schema;
  }
  return config;
}

/**
 * An OpenAI chat completions request as a Gemini generateContent request, for an OpenAI-format client calling a
 * Gemini model. Throws TranslationError for what cannot be translated; records in `omissions` what it leaves out
 * (`reasoning_effort`, a logit bias, fields it does not know).
 */
export function openaiToGemini(request: OpenAiChatRequest, omissions: Omissions = new Omissions()): GeminiRequest {
  refuseUntranslatable(request, omissions);
  const system: GeminiPart[] = [];
  const turns: GeminiContent[] = [];
  const names = new Map<string, string>();
  request.messages.forEach((message, i) => {
    if (message.role === 'system' || message.role === 'developer') {
      const text = textOf(message.content, `messages[${i}].content`);
      if (text !== '') system.push({ text });
    } else {
      turns.push(turnOf(message, `messages[${i}]`, names));
    }
  });
  const result: GeminiRequest = { contents: mergeConsecutive(turns) };
  if (system.length > 0) result.systemInstruction = { parts: system };
  if (request.tools && request.tools.length > 0) {
    const functionDeclarations = request.tools.map((tool, i) => {
      if (tool.type !== 'function') {
        throw new TranslationError(
          `Tools of type "${String(tool.type)}" cannot be translated for this model.`,
          `tools[${i}]`,
        );
      }
      const { name, description, parameters } = tool.function;
      return {
        name,
        ...(description !== undefined && { description }),
        ...(parameters !== undefined && { parametersJsonSchema: parameters }),
      };
    });
    result.tools = [{ functionDeclarations }];
  }
  const toolConfig = toolConfigOf(request.tool_choice);
  if (toolConfig) result.toolConfig = toolConfig;
  const generationConfig = generationConfigOf(request);
  if (Object.keys(generationConfig).length > 0) result.generationConfig = generationConfig;
  return result;
}
