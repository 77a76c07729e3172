import type { EndpointName } from '../../contract/endpoints';

/**
 * The text of an answer as its client received it (a JSON body, or the server-sent events of a stream), read in the
 * door's own format: what a trace records as the completion when the operator captures message content
 * (docs/operations.md#traces). Tool calls, images and reasoning are not text and are left out.
 */
export function outputText(endpoint: EndpointName, output: string): string {
  const read = READERS[endpoint];
  return payloads(output)
    .map((payload) => read(payload))
    .join('');
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A JSON body is one payload; a stream is one per `data:` line (OpenAI's closing `[DONE]` is none). */
function payloads(output: string): Json[] {
  const parse = (raw: string): Json[] => {
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) ? [parsed] : [];
    } catch {
      return [];
    }
  };
  if (output.trimStart().startsWith('{')) return parse(output);
  return output
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .flatMap((line) => parse(line.slice(5).trim()));
}

/** The first choice's text, whole (a JSON answer) or a delta (a stream's chunk). */
function chatText(payload: Json): string {
  const choice = list(payload.choices).find((one) => isObject(one) && (one.index ?? 0) === 0);
  if (!isObject(choice)) return '';
  const part = isObject(choice.message) ? choice.message : choice.delta;
  return isObject(part) ? text(part.content) : '';
}

/** A message's text blocks, or a stream's text deltas. */
function messagesText(payload: Json): string {
  if (payload.type === 'content_block_delta') {
    return isObject(payload.delta) && payload.delta.type === 'text_delta' ? text(payload.delta.text) : '';
  }
  if (payload.type !== 'message') return '';
  return list(payload.content)
    .map((block) => (isObject(block) && block.type === 'text' ? text(block.text) : ''))
    .join('');
}

/** A response's output_text parts, or a stream's output_text deltas. */
function responsesText(payload: Json): string {
  if (payload.type === 'response.output_text.delta') return text(payload.delta);
  if (payload.object !== 'response') return '';
  return list(payload.output)
    .flatMap((item) => (isObject(item) && item.type === 'message' ? list(item.content) : []))
    .map((part) => (isObject(part) && part.type === 'output_text' ? text(part.text) : ''))
    .join('');
}

/** The first candidate's text parts, in a whole answer and in each streamed one alike; thoughts are not the answer. */
function geminiText(payload: Json): string {
  const [candidate] = list(payload.candidates);
  if (!isObject(candidate) || !isObject(candidate.content)) return '';
  return list(candidate.content.parts)
    .map((part) => (isObject(part) && part.thought !== true ? text(part.text) : ''))
    .join('');
}

const READERS: Record<EndpointName, (payload: Json) => string> = {
  'chat.completions': chatText,
  messages: messagesText,
  responses: responsesText,
  embeddings: () => '',
  // Scores, not words: the trace's attributes say which model answered and what it cost.
  moderations: () => '',
  generateContent: geminiText,
};
