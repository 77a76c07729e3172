/**
 * Token counts the gateway works out itself, without a tokenizer:
 * - `estimateTokens`: about 4 characters per token (OpenAI's rule of thumb for English). Used by the echo provider
 *   and to bill a stream the client abandoned before the provider reported usage.
 * - `tokenUpperBound`: the UTF-8 byte length. Byte-level BPE tokenizers never make a token out of less than one byte,
 *   so it cannot undercount text; the reservation uses it so a request's worst case really is its worst case. Only
 *   media parts (counted at an allowance) are not bounded by it: see settle.ts.
 */
/** Characters per token when nobody counted: OpenAI's rule of thumb for English. */
export const charsToTokens = (chars: number) => Math.ceil(chars / 4);
export const estimateTokens = (text: string) => charsToTokens(text.length);
export const tokenUpperBound = (text: string) => Buffer.byteLength(text, 'utf8');

/** Chat formatting (role markers, separators) per message: a few tokens on every provider. */
const PER_MESSAGE_TOKENS = 8;
/**
 * A non-text part (image, audio, file) is not measured by its bytes. An image is at most about 1,100-1,600 tokens at
 * the providers' documented maximum sizes; a document or audio part grows with its length, so a request with one
 * is held at the model's context window when that is known (holds.ts).
 */
const PER_MEDIA_PART_TOKENS = 2_000;
/**
 * A request with tools also gets a system prompt of the provider's own that explains them: Anthropic documents 346
 * tokens (Claude 4, tool_choice auto), OpenAI a few dozen. Counted once per request, above the tools' own bytes.
 */
export const TOOL_PROMPT_TOKENS = 1_000;

interface ChatMessage {
  role?: unknown;
  content?: unknown;
  name?: unknown;
  tool_calls?: unknown;
}

export interface PromptText {
  text: string;
  messages: number;
  mediaParts: number;
  /** Media parts that are not images (documents, files, audio): their tokens grow with their length. */
  documentParts: number;
  /** The request declares tools (or functions). */
  tools: boolean;
}

/** The part types of an image in each format (chat completions, Anthropic, Responses). */
const IMAGE_PARTS = new Set(['image_url', 'image', 'input_image']);

/** Everything in a chat request that the provider turns into prompt tokens, as text. */
export function promptText(body: {
  messages: ChatMessage[];
  tools?: unknown;
  functions?: unknown;
  response_format?: unknown;
}): PromptText {
  const parts: string[] = [];
  let mediaParts = 0;
  let documentParts = 0;
  for (const message of body.messages) {
    if (typeof message.name === 'string') parts.push(message.name);
    const { content } = message;
    if (typeof content === 'string') parts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content as { type?: unknown; text?: unknown }[]) {
        if (typeof part?.text === 'string') parts.push(part.text);
        else {
          mediaParts++;
          if (!IMAGE_PARTS.has(String(part?.type))) documentParts++;
        }
      }
    }
    if (message.tool_calls !== undefined) parts.push(JSON.stringify(message.tool_calls));
  }
  for (const extra of [body.tools, body.functions, body.response_format]) {
    if (extra !== undefined && extra !== null) parts.push(JSON.stringify(extra));
  }
  const tools = [body.tools, body.functions].some((list) => Array.isArray(list) && list.length > 0);
  return { text: parts.join('\n'), messages: body.messages.length, mediaParts, documentParts, tools };
}

export const promptEstimate = (prompt: PromptText) =>
  estimateTokens(prompt.text) + prompt.mediaParts * PER_MEDIA_PART_TOKENS;

export const promptUpperBound = (prompt: PromptText) =>
  tokenUpperBound(prompt.text) +
  prompt.messages * PER_MESSAGE_TOKENS +
  prompt.mediaParts * PER_MEDIA_PART_TOKENS +
  (prompt.tools ? TOOL_PROMPT_TOKENS : 0);

/** The text of the last user message (what the echo provider answers with). */
export function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    if (Array.isArray(message.content)) {
      return (message.content as { text?: unknown }[])
        .map((part) => (typeof part?.text === 'string' ? part.text : ''))
        .join('');
    }
    return '';
  }
  return '';
}
