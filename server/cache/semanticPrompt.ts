import type { EndpointName } from '../formats/types';

/**
 * What the semantic cache compares (docs/gateway.md#semantic-cache): the words of a request's last user message, and
 * the rest of the body without them. Two requests may share an answer only when their rests are equal (the same
 * system prompt, model, parameters, tools, stream or not, and every earlier turn) and their words mean the same.
 *
 * By default only a single-turn request is compared: one user message (and a system prompt). A conversation (an
 * assistant turn, a tool result, a second user message) is compared only where the route allows it, and then its
 * earlier turns must be identical: what the last message means depends on them, and comparing it alone is how
 * semantic caches replay stale answers in agent loops (LiteLLM docs #833). A last message with anything but text (an
 * image, a file) is not compared: its embedding would miss what the picture says.
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

/** Which requests are compared: single-turn ones, or also conversations whose earlier turns are identical. */
export interface PromptRule {
  conversations: boolean;
}

/**
 * The user message the words are taken from: the last of `messages`, a user's with text only, and, for a single-turn
 * rule, the only message but the roles allowed beside it (the system prompt, for a door that keeps it among the
 * messages). Null when there is none such.
 */
function userMessage(
  messages: unknown,
  besides: readonly string[],
  textType: string | null,
  rule: PromptRule,
  contentField = 'content',
): { index: number; text: string } | null {
  if (!Array.isArray(messages) || messages.length === 0) return null;
  const index = messages.length - 1;
  const last: unknown = messages[index];
  if (!isObject(last) || last.role !== 'user') return null;
  if (!rule.conversations) {
    const others = messages.slice(0, index);
    if (!others.every((message) => isObject(message) && besides.includes(message.role as string))) return null;
  }
  const text = textOf(last[contentField], textType);
  return text === null ? null : { index, text };
}

/** The body with `messages[index]`'s content replaced by null. */
function without(body: Body, field: string, index: number, content: string): Body {
  const list = (body[field] as Body[]).map((message, i) => (i === index ? { ...message, [content]: null } : message));
  return { ...body, [field]: list };
}

function chatPrompt(body: Body, rule: PromptRule): SemanticPrompt | null {
  const found = userMessage(body.messages, ['system', 'developer'], 'text', rule);
  return found && { text: found.text, rest: without(body, 'messages', found.index, 'content') };
}

function messagesPrompt(body: Body, rule: PromptRule): SemanticPrompt | null {
  const found = userMessage(body.messages, [], 'text', rule);
  return found && { text: found.text, rest: without(body, 'messages', found.index, 'content') };
}

function responsesPrompt(body: Body, rule: PromptRule): SemanticPrompt | null {
  // A previous response's id continues a conversation stored upstream: its earlier turns are that id, kept in the rest.
  const continued = body.previous_response_id !== undefined && body.previous_response_id !== null;
  if (continued && !rule.conversations) return null;
  if (typeof body.input === 'string') return { text: body.input, rest: { ...body, input: null } };
  const found = userMessage(body.input, ['system', 'developer'], 'input_text', rule);
  return found && { text: found.text, rest: without(body, 'input', found.index, 'content') };
}

function generateContentPrompt(body: Body, rule: PromptRule): SemanticPrompt | null {
  // Gemini's turns have no role for the system prompt (it is system_instruction), and a user's may leave it out.
  const { contents } = body;
  if (!Array.isArray(contents) || contents.length === 0) return null;
  const turns = contents.map((turn: unknown) =>
    isObject(turn) && turn.role === undefined ? { ...turn, role: 'user' } : turn,
  );
  const found = userMessage(turns, [], null, rule, 'parts');
  return found && { text: found.text, rest: without(body, 'contents', found.index, 'parts') };
}

const PROMPTS: Record<EndpointName, ((body: Body, rule: PromptRule) => SemanticPrompt | null) | null> = {
  'chat.completions': chatPrompt,
  messages: messagesPrompt,
  responses: responsesPrompt,
  generateContent: generateContentPrompt,
  // An embedding is not an answer to a question: embeddings are cached exactly or not at all.
  embeddings: null,
  // Nor is a moderation's verdict: one for a similar text is not this text's.
  moderations: null,
};

/** The request's words and the rest of it, or null when the semantic cache does not apply to it. */
export function semanticPrompt(
  endpoint: EndpointName,
  body: unknown,
  rule: PromptRule = { conversations: false },
): SemanticPrompt | null {
  const prompt = PROMPTS[endpoint];
  if (!prompt || !isObject(body)) return null;
  const found = prompt(body, rule);
  return found && found.text.trim() !== '' ? found : null;
}
