// Reading the playground's answer (docs/gateway.md#the-playground): the gateway's chat completions stream, as
// server-sent events, turned into text deltas and the usage the last chunk carries.

export interface StreamUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface StreamEvents {
  /** Text to append, in order. */
  deltas: string[];
  usage: StreamUsage | null;
  done: boolean;
  /** A refusal or failure the stream itself reported. */
  error: string | null;
  /** What is left of the buffer: an event not yet ended by a blank line. */
  rest: string;
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null } }[];
  usage?: StreamUsage | null;
  error?: { message?: string };
}

/** Reads the complete events at the start of `buffer` (a blank line ends each); the rest waits for more bytes. */
export function readEvents(buffer: string): StreamEvents {
  const result: StreamEvents = { deltas: [], usage: null, done: false, error: null, rest: '' };
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  result.rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    if (data === '[DONE]') {
      result.done = true;
      continue;
    }
    let chunk: ChatChunk;
    try {
      chunk = JSON.parse(data) as ChatChunk;
    } catch {
      continue;
    }
    if (chunk.error) result.error = chunk.error.message ?? 'The gateway reported an error.';
    const text = chunk.choices?.[0]?.delta?.content;
    if (text) result.deltas.push(text);
    if (chunk.usage) result.usage = chunk.usage;
  }
  return result;
}

/** The message of a refusal the gateway answered instead of a stream (OpenAI's envelope), or a fallback. */
export function refusalMessage(body: unknown, status: number): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : `The gateway answered ${status}.`;
}
