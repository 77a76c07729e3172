import type { ChatRequest } from '../../formats/types';
import { SseRelay, readCompletion } from '../../formats/replies';
import { openAiErrorEvent } from '../../formats/openAiEvents';
import { relayReading } from '../../formats/eventRelay';
import type { Conversation, StreamRelay } from '../../formats/types';

/** A relay of OpenAI chat completion chunks as they are (the provider speaks the client's format). */
function openAiChatRelay(clientWantsUsage: boolean): StreamRelay {
  const sse = new SseRelay(clientWantsUsage);
  return relayReading(sse, {
    push: (chunk) => sse.push(chunk),
    flush: () => sse.flush(),
    finish: () => (sse.done ? 'data: [DONE]\n\n' : ''),
    errorEvent: openAiErrorEvent,
  });
}

export function chatWithOpenAi(body: ChatRequest, model: string): Conversation {
  const stream = body.stream === true;
  const payload: Record<string, unknown> = { ...body, model };
  // The provider reports usage in a last chunk only when asked; the gateway always asks, and drops that chunk for
  // clients that did not (SseRelay).
  if (stream) payload.stream_options = { ...body.stream_options, include_usage: true };
  return {
    path: '/chat/completions',
    payload,
    headers: {},
    stream,
    readJson(raw) {
      const { usage, completionChars } = readCompletion(raw.toString('utf8'));
      return { body: raw, usage, completionChars };
    },
    relay() {
      return openAiChatRelay(body.stream_options?.include_usage === true);
    },
  };
}
