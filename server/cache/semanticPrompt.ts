import type { EndpointName } from '../formats/types';

/**
 * What the semantic cache compares (docs/gateway.md#semantic-cache): the words of a single-turn request's one user
 * message, and the rest of the body without them. Two requests may share an answer only when their rests are equal
 * (the same system prompt, model, parameters, tools, stream or not) and their words mean the same. A conversation
 * (an assistant turn, a tool result, a second user message) is not single-turn: earlier turns change what the last
 * one means, which is how semantic caches replay stale answers in agent loops (LiteLLM docs #833). A prompt with
 * anything but text (an image, a file) is not compared either: its embedding would miss what the picture says.
 */
export interface SemanticPrompt {
  /** The user's words, the text parts joined by a new line. */
  text: string;
  /** The body with those words taken out: what must be equal, byte for byte in canonical form. */
  rest: unknown;
}

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a content that is a string or a list of text parts (`type` is the door's name for a text part). */
function textOf(content: unknown, textType: string | null): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || content.length === 0) return null;
  const texts: string[] = [];
  for (const part of content) {
    if (!isObject(part) || typeof part.text !== 'string') return null;
    if (textType !== null && part.type !== textType) return null;
    texts.push(part.text);
  }
  return texts.join('\n');
}

/**
 * The one user message of `messages` with the other roles allowed beside it (the system prompt, for a door that keeps
 * it among the messages); null when there is more than that.
 */
function onlyUserMessage(
  messages: unknown,
  besides: readonly string[],
  textType: string | null,
): { index: number; text: string } | null {
  if (!Array.isArray(messages)) return null;
  let found: { index: number; text: string } | null = null;
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) return null;
    if (besides.includes(message.role as string)) continue;
    if (message.role !== 'user' || found) return null;
    const text = textOf(message.content, textType);
    if (text === null) return null;
    found = { index, text };
  }
  return found;
}

/** The body with `messages[index]`'s content replaced by null. */
function without(body: Body, field: string, index: number, content: string): Body {
  const list = (body[field] as Body[]).map((message, i) => (i === index ? { ...message, [content]: null } : message));
  return { ...body, [field]: list };
}

function chatPrompt(body: Body): SemanticPrompt | null {
  const found = onlyUserMessage(body.messages, ['system', 'developer'], 'text');
  return found && { text: found.text, rest: without(body, 'messages', found.index, 'content') };
}

function messagesPrompt(body: Body): SemanticPrompt | null {
  const found = onlyUserMessage(body.messages, [], 'text');
  return found && { text: found.text, rest: without(body, 'messages', found.index, 'content') };
}

function responsesPrompt(body: Body): SemanticPrompt | null {
  // A previous response's id continues a conversation stored upstream: never single-turn.
  if (body.previous_response_id !== undefined && body.previous_response_id !== null) return null;
  if (typeof body.input === 'string') return { text: body.input, rest: { ...body, input: null } };
  const found = onlyUserMessage(body.input, ['system', 'developer'], 'input_text');
  return found && { text: found.text, rest: without(body, 'input', found.index, 'content') };
}

function generateContentPrompt(body: Body): SemanticPrompt | null {
  const { contents } = body;
  if (!Array.isArray(contents) || contents.length !== 1 || !isObject(contents[0])) return null;
  const [turn] = contents as Body[];
  if (turn.role !== undefined && turn.role !== 'user') return null;
  const text = textOf(turn.parts, null);
  return text === null ? null : { text, rest: { ...body, contents: [{ ...turn, parts: null }] } };
}

const PROMPTS: Record<EndpointName, ((body: Body) => SemanticPrompt | null) | null> = {
  'chat.completions': chatPrompt,
  messages: messagesPrompt,
  responses: responsesPrompt,
  generateContent: generateContentPrompt,
  // An embedding is not an answer to a question: embeddings are cached exactly or not at all.
  embeddings: null,
};

/** The request's words and the rest of it, or null when the semantic cache does not apply to it. */
export function semanticPrompt(endpoint: EndpointName, body: unknown): SemanticPrompt | null {
  const prompt = PROMPTS[endpoint];
  if (!prompt || !isObject(body)) return null;
  const found = prompt(body);
  return found && found.text.trim() !== '' ? found : null;
}
