import type {
  GeminiContent,
  GeminiDoorRequest,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiTool,
  GeminiToolConfig,
} from './geminiTypes';
import { argumentsOf, toolContentOf } from './geminiParts';
import { dataUrlOf } from './images';
import type {
  OpenAiChatRequest,
  OpenAiContentPart,
  OpenAiMessage,
  OpenAiTextPart,
  OpenAiTool,
  OpenAiToolCall,
  OpenAiToolChoice,
} from './openaiTypes';
import { Omissions } from './omissions';
import { TranslationError } from './translationError';
import type { ChatOutputCap } from '../types';

/**
 * A Gemini request as chat completions, and where each chat field came from in the Gemini request: a refusal from
 * the chat side (the Anthropic translation refusing `n`, say) names the field the Gemini client wrote.
 */
export interface GeminiAsChat {
  request: OpenAiChatRequest;
  paramOf(chatParam: string): string;
}

/** Gemini's schema types, upper-case in Google's SDKs (`OBJECT`), are JSON Schema's in lower case. */
const SCHEMA_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);

/** Deeper than any schema a function needs: a deeper one is refused rather than walked. */
const SCHEMA_DEPTH = 64;

/** Gemini's OpenAPI-subset schema as JSON Schema: its type names in lower case, the rest as it is. */
export function jsonSchemaOf(schema: unknown, param: string, depth = 0): unknown {
  if (depth > SCHEMA_DEPTH)
    throw new TranslationError(`A schema nested more than ${SCHEMA_DEPTH} levels deep cannot be translated.`, param);
  if (Array.isArray(schema)) return schema.map((item) => jsonSchemaOf(item, param, depth + 1));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'type' && typeof value === 'string' && SCHEMA_TYPES.has(value)
        ? value.toLowerCase()
        : jsonSchemaOf(value, param, depth + 1),
    ]),
  );
}

const refuse = (what: string, param: string): never => {
  throw new TranslationError(`${what} cannot be translated for this model.`, param);
};

const AUDIO_FORMATS: Record<string, string> = { 'audio/wav': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

/** A user part as chat completions': text, an image or audio inline. Files Google stores, and code, are refused. */
function contentPartOf(part: GeminiPart, param: string): OpenAiContentPart {
  if (typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    if (mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url: dataUrlOf(mimeType, data) } };
    if (Object.hasOwn(AUDIO_FORMATS, mimeType)) {
      return { type: 'input_audio', input_audio: { data, format: AUDIO_FORMATS[mimeType] } };
    }
    return refuse(`Inline data of type ${mimeType}`, `${param}.inlineData`);
  }
  if (part.fileData) return refuse('A file stored at Google (fileData)', param);
  return refuse(`A part with ${Object.keys(part).join(', ') || 'nothing in it'}`, param);
}

/**
 * Function calls and their results are paired by id in chat completions; in Gemini by the id when the model gave
 * one, else by name and order. Each call the model made waits, by function name, for its result.
 */
class CallIds {
  private readonly waiting = new Map<string, string[]>();
  private made = 0;

  call(name: string, id: string | undefined): string {
    const callId = id ?? `call_${this.made}`;
    this.made++;
    this.waiting.set(name, [...(this.waiting.get(name) ?? []), callId]);
    return callId;
  }

  result(name: string, id: string | undefined): string {
    const waiting = this.waiting.get(name) ?? [];
    const callId = id ?? waiting[0] ?? `call_${this.made++}`;
    this.waiting.set(
      name,
      waiting.filter((waitingId) => waitingId !== callId),
    );
    return callId;
  }
}

/**
 * A user turn: its function results become `tool` messages, which chat completions wants straight after the
 * assistant's tool calls, so they come first; the rest of the turn is one user message.
 */
function userMessages(content: GeminiContent, param: string, ids: CallIds): OpenAiMessage[] {
  const toolMessages: OpenAiMessage[] = [];
  const parts: OpenAiContentPart[] = [];
  content.parts.forEach((part, j) => {
    const { functionResponse } = part;
    if (functionResponse) {
      const tool_call_id = ids.result(functionResponse.name, functionResponse.id);
      toolMessages.push({ role: 'tool', tool_call_id, content: toolContentOf(functionResponse.response) });
    } else if (!part.thought) parts.push(contentPartOf(part, `${param}.parts[${j}]`));
  });
  if (parts.length === 0) return toolMessages;
  const texts = parts.filter((part): part is OpenAiTextPart => part.type === 'text');
  // Text alone is sent as a string, the form every OpenAI-compatible provider accepts.
  const text = texts.length === parts.length ? texts.map((part) => part.text).join('') : parts;
  return [...toolMessages, { role: 'user', content: text }];
}

/** A model turn: its text, and its function calls as tool calls. Thought summaries are the model's own: left out. */
function assistantMessage(content: GeminiContent, param: string, ids: CallIds): OpenAiMessage {
  const texts: string[] = [];
  const toolCalls: OpenAiToolCall[] = [];
  content.parts.forEach((part, j) => {
    if (part.thought) return;
    if (part.functionCall) {
      const { name, args, id } = part.functionCall;
      toolCalls.push({ id: ids.call(name, id), type: 'function', function: { name, arguments: argumentsOf(args) } });
    } else if (typeof part.text === 'string') texts.push(part.text);
    else if (part.thoughtSignature === undefined || Object.keys(part).length > 1) {
      refuse('A model part other than text or a function call', `${param}.parts[${j}]`);
    }
  });
  return {
    role: 'assistant',
    content: texts.length > 0 ? texts.join('') : null,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
  };
}

function systemOf(system: GeminiContent): string {
  return system.parts
    .map((part, j) =>
      typeof part.text === 'string'
        ? part.text
        : refuse('A system part other than text', `systemInstruction.parts[${j}]`),
    )
    .join('\n\n');
}

/** The client's functions; Google's own tools (search, code execution, URL context) exist only at Google. */
function toolsOf(tools: GeminiTool[]): { tools: OpenAiTool[]; origin: string[] } {
  const chatTools: OpenAiTool[] = [];
  const origin: string[] = [];
  tools.forEach((tool, i) => {
    const others = Object.keys(tool).filter((key) => key !== 'functionDeclarations');
    if (others.length > 0) refuse(`Google's own tool "${others[0]}"`, `tools[${i}]`);
    (tool.functionDeclarations ?? []).forEach((declaration, j) => {
      const parameters =
        declaration.parametersJsonSchema ??
        jsonSchemaOf(declaration.parameters, `tools[${i}].functionDeclarations[${j}].parameters`);
      chatTools.push({
        type: 'function',
        function: {
          name: declaration.name,
          ...(declaration.description !== undefined && { description: declaration.description }),
          ...(parameters !== undefined && { parameters: parameters as Record<string, unknown> }),
        },
      });
      origin.push(`tools[${i}].functionDeclarations[${j}]`);
    });
  });
  return { tools: chatTools, origin };
}

const MODE_CHOICE: Record<string, OpenAiToolChoice> = { AUTO: 'auto', NONE: 'none', ANY: 'required' };

function toolChoiceOf(config: GeminiToolConfig): OpenAiToolChoice | undefined {
  const calling = config.functionCallingConfig;
  if (calling?.mode === undefined) return undefined;
  const param = 'toolConfig.functionCallingConfig';
  if (!Object.hasOwn(MODE_CHOICE, calling.mode)) refuse(`Function calling mode "${calling.mode}"`, `${param}.mode`);
  const names = calling.allowedFunctionNames ?? [];
  if (calling.mode !== 'ANY' || names.length === 0) return MODE_CHOICE[calling.mode];
  if (names.length > 1) refuse('More than one allowed function', `${param}.allowedFunctionNames`);
  return { type: 'function', function: { name: names[0] } };
}

/** Gemini's generation settings that chat completions has under another name. */
const CHAT_FIELDS_OF_CONFIG: Record<string, string> = {
  candidateCount: 'n',
  temperature: 'temperature',
  topP: 'top_p',
  stopSequences: 'stop',
  presencePenalty: 'presence_penalty',
  frequencyPenalty: 'frequency_penalty',
  seed: 'seed',
  responseLogprobs: 'logprobs',
  logprobs: 'top_logprobs',
};

/**
 * The generation settings this translation carries over or refuses; any other (`topK`, `thinkingConfig`,
 * `mediaResolution`, one the gateway does not know) is a hint, left out and named by its own name.
 */
const CARRIED_CONFIG = new Set([
  ...Object.keys(CHAT_FIELDS_OF_CONFIG),
  'maxOutputTokens',
  'responseModalities',
  'speechConfig',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
]);

function generationOf(
  config: GeminiGenerationConfig,
  capField: ChatOutputCap,
  omissions: Omissions,
): Partial<OpenAiChatRequest> {
  const param = (field: string) => `generationConfig.${field}`;
  for (const [field, value] of Object.entries(config)) {
    if (value !== undefined && value !== null && !CARRIED_CONFIG.has(field)) omissions.hint(field, param(field));
  }
  if (config.responseModalities?.some((modality) => modality !== 'TEXT')) {
    refuse('Output other than text', param('responseModalities'));
  }
  if (config.speechConfig !== undefined) refuse('Speech output', param('speechConfig'));
  const chat: Partial<OpenAiChatRequest> = {};
  if (config.maxOutputTokens !== undefined) chat[capField] = config.maxOutputTokens;
  for (const [field, chatField] of Object.entries(CHAT_FIELDS_OF_CONFIG)) {
    if (config[field] !== undefined) chat[chatField] = config[field];
  }
  const mimeType = config.responseMimeType;
  const schema =
    config.responseJsonSchema ??
    (config.responseSchema && jsonSchemaOf(config.responseSchema, param('responseSchema')));
  if (mimeType === 'application/json') {
    chat.response_format = schema
      ? { type: 'json_schema', json_schema: { name: 'response', schema } }
      : { type: 'json_object' };
  } else if (mimeType !== undefined && mimeType !== 'text/plain') {
    refuse(`responseMimeType "${mimeType}"`, param('responseMimeType'));
  }
  return chat;
}

/** Where a chat field came from in the Gemini request: the generation settings by name, messages and tools by place. */
function paramMapper(messageOrigin: string[], toolOrigin: string[], capField: ChatOutputCap) {
  const fields: Record<string, string> = {
    [capField]: 'generationConfig.maxOutputTokens',
    response_format: 'generationConfig.responseMimeType',
    tool_choice: 'toolConfig',
  };
  for (const [field, chatField] of Object.entries(CHAT_FIELDS_OF_CONFIG))
    fields[chatField] = `generationConfig.${field}`;
  return (chatParam: string) => {
    const indexed = /^(messages|tools)\[(\d+)\]/.exec(chatParam);
    if (indexed) return (indexed[1] === 'messages' ? messageOrigin : toolOrigin)[Number(indexed[2])] ?? chatParam;
    return fields[chatParam] ?? chatParam;
  };
}

/** The request's fields this translation carries over or refuses (`model` and `stream` the door's path gives). */
const CARRIED = new Set([
  'model',
  'stream',
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'generationConfig',
  'cachedContent',
]);

/**
 * A Gemini generateContent request as chat completions, for a client of the Gemini door whose deployment speaks
 * another dialect. Throws TranslationError for what cannot be translated (docs/gateway.md); records in `omissions`
 * what it leaves out: `safetySettings`, `labels` and the generation settings the other providers lack, which they
 * answer without.
 */
export function geminiRequestToOpenai(
  request: GeminiDoorRequest,
  capField: ChatOutputCap,
  omissions: Omissions = new Omissions(),
): GeminiAsChat {
  if (request.cachedContent !== undefined) refuse('A context cache stored at Google', 'cachedContent');
  omissions.rest(request as unknown as Record<string, unknown>, CARRIED);
  const messages: OpenAiMessage[] = [];
  const origin: string[] = [];
  const push = (from: string, ...added: OpenAiMessage[]) => {
    messages.push(...added);
    origin.push(...added.map(() => from));
  };
  if (request.systemInstruction) {
    const system = systemOf(request.systemInstruction);
    if (system !== '') push('systemInstruction', { role: 'system', content: system });
  }
  const ids = new CallIds();
  request.contents.forEach((content, i) => {
    const param = `contents[${i}]`;
    if (content.role === 'model') push(param, assistantMessage(content, param, ids));
    else if (content.role === undefined || content.role === 'user') push(param, ...userMessages(content, param, ids));
    else refuse(`Contents with role "${content.role}"`, `${param}.role`);
  });
  const chat: OpenAiChatRequest = { model: request.model, messages };
  const { tools, origin: toolOrigin } = toolsOf(request.tools ?? []);
  if (tools.length > 0) chat.tools = tools;
  const toolChoice = request.toolConfig && toolChoiceOf(request.toolConfig);
  if (toolChoice !== undefined) chat.tool_choice = toolChoice;
  Object.assign(chat, generationOf(request.generationConfig ?? {}, capField, omissions));
  if (request.stream) {
    chat.stream = true;
    // The Gemini stream ends with the usage (its last chunk), so the chat stream has to report it.
    chat.stream_options = { include_usage: true };
  }
  return { request: chat, paramOf: paramMapper(origin, toolOrigin, capField) };
}
