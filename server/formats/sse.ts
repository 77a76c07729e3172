import { StringDecoder } from 'node:string_decoder';

/** One server-sent event: its text as received (to pass on unchanged), its `event:` name and its `data:` lines. */
export interface SseEvent {
  raw: string;
  name: string | null;
  data: string;
}

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

function parseEvent(raw: string): SseEvent {
  let name: string | null = null;
  const data: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    const value = line.slice(line.indexOf(':') + 1).replace(/^ /, '');
    if (line.startsWith('event:')) name = value;
    else if (line.startsWith('data:')) data.push(value);
  }
  return { raw, name, data: data.join('\n') };
}

/**
 * Cuts a provider's body into complete events, whatever the chunk boundaries: an event split across chunks waits for
 * its blank line, and a UTF-8 character split across chunks waits for its last byte.
 */
export class SseReader {
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  push(chunk: Buffer | string): SseEvent[] {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const events: SseEvent[] = [];
    for (;;) {
      const boundary = /\r?\n\r?\n/.exec(this.pending);
      if (!boundary) break;
      const raw = this.pending.slice(0, boundary.index);
      this.pending = this.pending.slice(boundary.index + boundary[0].length);
      if (raw.trim()) events.push(parseEvent(raw));
    }
    return events;
  }

  /** The body ended: an event the provider did not terminate with a blank line is still an event. */
  flush(): SseEvent[] {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return rest.trim() ? [parseEvent(rest)] : [];
  }
}

/** The event's data as a JSON object, or null (`[DONE]`, a comment, a provider's slip). */
export function eventJson(event: SseEvent): JsonObject | null {
  try {
    const parsed: unknown = JSON.parse(event.data);
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A JSON body (a provider's complete reply) as an object, or null. */
export function bodyJson(raw: Buffer): JsonObject | null {
  return eventJson({ raw: '', name: null, data: raw.toString('utf8') });
}

/** OpenAI's framing: data lines only. */
export const openAiSse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** Anthropic's (and the Responses API's) framing: the event's type named on its own line, then its data. */
export const namedSse = <Event extends { type: string }>(data: Event) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
