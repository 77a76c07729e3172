import type { ProviderDescriptor } from '../providers/types';
import type { ChatRequest } from '../formats/types';
import {
  estimateTokens,
  promptEstimate,
  promptText,
  promptUpperBound,
  tokenUpperBound,
  type PromptText,
} from '../formats/tokens';
import { FLOOR_BYTES_PER_TOKEN } from '../credit/holds';
import { isJsonObject, type JsonObject } from '../formats/sse';
import type { EndpointName } from '../formats/types';
import type { RequestMeasure } from '../credit/holds';

/** A message as tokens.ts measures it: text parts by their bytes, any other part as one media part. */
type MeasuredMessage = ChatRequest['messages'][number];
type MeasuredPart = { text?: string; type?: unknown };

const promptFloor = (textBytes: number) => Math.ceil(textBytes / FLOOR_BYTES_PER_TOKEN);

const measureOf = (
  prompt: PromptText,
  completionCap: number | null,
  more: Partial<Pick<RequestMeasure, 'answers' | 'promptHidden'>> = {},
): RequestMeasure => ({
  promptUpperBound: promptUpperBound(prompt),
  promptEstimate: promptEstimate(prompt),
  promptFloor: promptFloor(tokenUpperBound(prompt.text)),
  completionCap,
  answers: more.answers ?? 1,
  mediaParts: prompt.mediaParts,
  documentParts: prompt.documentParts,
  promptHidden: more.promptHidden ?? false,
});

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function measureChat(chat: ChatRequest): RequestMeasure {
  const cap = chat.max_completion_tokens ?? chat.max_tokens ?? null;
  const answers = chat.n ?? 1;
  return measureOf(promptText(chat), cap === null ? null : cap * answers, { answers });
}

/**
 * An Anthropic block as text: its text, a tool call's name and input, a tool result's content. Images and documents
 * are media parts (tokens.ts), whatever their bytes.
 */
function anthropicParts(content: unknown): MeasuredPart[] {
  if (typeof content === 'string') return [{ text: content }];
  return list(content).flatMap((block): MeasuredPart[] => {
    if (!isJsonObject(block)) return [];
    if (typeof block.text === 'string') return [{ text: block.text }];
    if (typeof block.thinking === 'string') return [{ text: block.thinking }];
    if (block.type === 'tool_use') return [{ text: JSON.stringify({ name: block.name, input: block.input }) }];
    if (block.type === 'tool_result') return block.content === undefined ? [] : anthropicParts(block.content);
    if (block.type === 'image' || block.type === 'document') return [{ type: block.type }];
    return [{ text: JSON.stringify(block) }];
  });
}

/** Anthropic's Messages request: the system prompt, the turns and the tools; `max_tokens` caps the answer. */
export function measureMessages(body: JsonObject): RequestMeasure {
  const messages: MeasuredMessage[] = list(body.messages).map((message) => ({
    role: 'message',
    content: anthropicParts(isJsonObject(message) ? message.content : undefined),
  }));
  if (body.system !== undefined) messages.unshift({ role: 'system', content: anthropicParts(body.system) });
  return measureOf(promptText({ messages, tools: body.tools }), numberOrNull(body.max_tokens));
}

/** Embedding inputs: strings by their bytes, token arrays by their length; nothing is generated. */
export function measureEmbeddings(body: JsonObject): RequestMeasure {
  const inputs = Array.isArray(body.input) && typeof body.input[0] !== 'number' ? body.input : [body.input];
  let upperBound = 0;
  let estimate = 0;
  let floor = 0;
  for (const input of inputs) {
    if (typeof input === 'string') {
      upperBound += tokenUpperBound(input);
      estimate += estimateTokens(input);
      floor += promptFloor(tokenUpperBound(input));
    } else if (Array.isArray(input)) {
      upperBound += input.length;
      estimate += input.length;
      floor += input.length;
    }
  }
  return {
    promptUpperBound: upperBound,
    promptEstimate: estimate,
    promptFloor: floor,
    completionCap: 0,
    answers: 1,
    mediaParts: 0,
    documentParts: 0,
    promptHidden: false,
  };
}

/**
 * A moderations request (docs/gateway.md#moderations): its texts, as an embeddings input's are measured, and its
 * images (OpenAI's multi-modal input: `{ type: 'image_url' }` parts) held at the media allowance. No output.
 */
export function measureModerations(body: JsonObject): RequestMeasure {
  const parts = Array.isArray(body.input) ? body.input : [body.input];
  const texts = parts.map((part) => (isJsonObject(part) ? part.text : part)).filter((text) => typeof text === 'string');
  const images = parts.filter((part) => isJsonObject(part) && part.type === 'image_url').length;
  const prompt: PromptText = {
    text: texts.join('\n'),
    messages: 1,
    mediaParts: images,
    documentParts: 0,
    tools: false,
  };
  return measureOf(prompt, 0);
}

/** A Responses input item: a message's text parts, a tool output, or any other item (a function call) as JSON. */
function responsesMessage(item: unknown): MeasuredMessage {
  if (typeof item === 'string') return { role: 'user', content: item };
  if (!isJsonObject(item)) return { role: 'item', content: JSON.stringify(item) };
  const { content, output } = item;
  if (typeof content === 'string') return { role: 'message', content };
  if (Array.isArray(content)) {
    const parts = content.map((part): MeasuredPart => {
      if (!isJsonObject(part)) return {};
      const text = part.text ?? part.refusal;
      return typeof text === 'string' ? { text } : { type: part.type };
    });
    return { role: 'message', content: parts };
  }
  if (typeof output === 'string') return { role: 'tool', content: output };
  return { role: 'item', content: JSON.stringify(item) };
}

/**
 * The Responses API's request: `instructions`, then the input (a string or a list of items), the tools and the
 * output format. A `previous_response_id` brings the stored conversation along, which the gateway cannot see.
 */
export function measureResponses(body: JsonObject): RequestMeasure {
  const input = Array.isArray(body.input) ? body.input : body.input === undefined ? [] : [body.input];
  const messages = input.map(responsesMessage);
  if (typeof body.instructions === 'string') messages.unshift({ role: 'system', content: body.instructions });
  const prompt = promptText({ messages, tools: body.tools, response_format: body.text });
  const promptHidden = typeof body.previous_response_id === 'string' || body.conversation !== undefined;
  return measureOf(prompt, numberOrNull(body.max_output_tokens), { promptHidden });
}

/**
 * A Gemini part as text: its text (a thought summary sent back too), a function call's name and arguments, a
 * function's result. Inline data and files are media parts (tokens.ts): an image by its type, any other (PDF,
 * audio, video) a document, whose tokens grow with its length.
 */
function geminiPart(part: unknown): MeasuredPart {
  if (!isJsonObject(part)) return { text: '' };
  if (typeof part.text === 'string') return { text: part.text };
  const media = isJsonObject(part.inlineData) ? part.inlineData : isJsonObject(part.fileData) ? part.fileData : null;
  if (media) return { type: String(media.mimeType).startsWith('image/') ? 'image' : 'document' };
  if (isJsonObject(part.functionCall)) return { text: JSON.stringify(part.functionCall) };
  if (isJsonObject(part.functionResponse)) return { text: JSON.stringify(part.functionResponse) };
  return { text: JSON.stringify(part) };
}

const geminiParts = (content: unknown): MeasuredPart[] =>
  isJsonObject(content) ? list(content.parts).map(geminiPart) : [];

/**
 * The Gemini door's request: the system instruction, the contents, the tools and the response schema;
 * `generationConfig.maxOutputTokens` caps each of `candidateCount` answers. A `cachedContent` brings a prompt stored
 * at Google along, which the gateway cannot see.
 */
export function measureGenerateContent(body: JsonObject): RequestMeasure {
  const config = isJsonObject(body.generationConfig) ? body.generationConfig : {};
  const messages: MeasuredMessage[] = list(body.contents).map((content) => ({
    role: 'message',
    content: geminiParts(content),
  }));
  if (body.systemInstruction !== undefined) {
    messages.unshift({ role: 'system', content: geminiParts(body.systemInstruction) });
  }
  const responseFormat = config.responseJsonSchema ?? config.responseSchema;
  const prompt = promptText({ messages, tools: body.tools, response_format: responseFormat });
  const cap = numberOrNull(config.maxOutputTokens);
  const answers = numberOrNull(config.candidateCount) ?? 1;
  return measureOf(prompt, cap === null ? null : cap * answers, {
    answers,
    promptHidden: body.cachedContent !== undefined,
  });
}

/** The field that caps the answer in the client's request, as a refusal's advice names it. */
export function capFieldOf(endpoint: EndpointName, body: JsonObject): string {
  if (endpoint === 'responses') return 'max_output_tokens';
  if (endpoint === 'generateContent') return 'generationConfig.maxOutputTokens';
  if (endpoint === 'chat.completions' && typeof body.max_completion_tokens === 'number') return 'max_completion_tokens';
  return 'max_tokens';
}

/**
 * The request with the output cap the gateway chose for it (holds.ts outputCapFor), for a provider. OpenAI's own API
 * takes max_completion_tokens (its reasoning models refuse max_tokens); the other OpenAI-compatible providers, and
 * the translation to Anthropic's max_tokens, read max_tokens. The Gemini door's is generationConfig.maxOutputTokens
 * (per candidate), which its translation to chat completions sends in the deployment's own field.
 */
export function withOutputCap(
  endpoint: EndpointName,
  chatField: ProviderDescriptor['chatOutputCap'],
  body: JsonObject,
  cap: number,
): JsonObject {
  if (endpoint === 'responses') return { ...body, max_output_tokens: cap };
  if (endpoint === 'chat.completions') return { ...body, [chatField]: cap };
  if (endpoint === 'generateContent') {
    const config = isJsonObject(body.generationConfig) ? body.generationConfig : {};
    return { ...body, generationConfig: { ...config, maxOutputTokens: cap } };
  }
  return body;
}

/** The request's worst case and estimate, before it is forwarded. */
export function measureRequest(endpoint: EndpointName, body: Record<string, unknown>): RequestMeasure {
  switch (endpoint) {
    case 'chat.completions':
      return measureChat(body as ChatRequest);
    case 'messages':
      return measureMessages(body);
    case 'embeddings':
      return measureEmbeddings(body);
    case 'moderations':
      return measureModerations(body);
    case 'responses':
      return measureResponses(body);
    case 'generateContent':
      return measureGenerateContent(body);
  }
}
