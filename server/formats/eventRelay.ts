import type { TokenUsage } from '../lib/cost';
import type { GatewayError } from './gatewayError';
import { SseReader, type SseEvent } from './sse';
import type { StreamRelay } from './types';

/** What a relay has read so far, written by its event reader. */
export interface RelayProgress {
  usage: TokenUsage | null;
  completionChars: number;
  error: unknown;
  /**
   * Holds `text` back as the client's receipt and marks the stream done. What the reader returns for this event is
   * still forwarded (it comes before the receipt); what later events forward is held with the receipt, so the client
   * sees nothing after its receipt before the bill is journalled.
   */
  hold(text: string): void;
}

/** Reads one provider event and returns what to forward to the client ('' for nothing). */
export type EventReader = (event: SseEvent, progress: RelayProgress) => string;

/**
 * A StreamRelay over a provider's server-sent events, one event at a time through `read`. `end`, for a stream whose
 * format has no last event of its own (Gemini's ends with its body), writes what closes it once the body has ended,
 * its receipt held as `read` holds one.
 */
export function eventRelay(
  read: EventReader,
  errorEvent: (error: GatewayError) => string,
  end?: (progress: RelayProgress) => string,
): StreamRelay {
  const reader = new SseReader();
  let receipt: string | null = null;
  const progress: RelayProgress = {
    usage: null,
    completionChars: 0,
    error: null,
    hold(text) {
      receipt = (receipt ?? '') + text;
    },
  };
  const readAll = (events: SseEvent[]) => {
    let out = '';
    for (const event of events) {
      const held = receipt !== null;
      const forward = read(event, progress);
      if (held) receipt += forward;
      else out += forward;
    }
    return out;
  };
  return {
    push: (chunk) => readAll(reader.push(chunk)),
    flush() {
      const out = readAll(reader.flush());
      if (!end) return out;
      const held = receipt !== null;
      const closing = end(progress);
      if (held) receipt += closing;
      return held ? out : out + closing;
    },
    finish: () => receipt ?? '',
    get usage() {
      return progress.usage;
    },
    get completionChars() {
      return progress.completionChars;
    },
    get done() {
      return receipt !== null;
    },
    get error() {
      return progress.error;
    },
    errorEvent,
  };
}

/**
 * A relay that writes its own output (`writing`) over what another reads of the provider's stream (`reading`: its
 * usage, characters, end and error), as one that passes a format on or rewrites another relay's output.
 */
export function relayReading(
  reading: Pick<StreamRelay, 'usage' | 'completionChars' | 'done' | 'error'>,
  writing: Pick<StreamRelay, 'push' | 'flush' | 'finish' | 'errorEvent'>,
): StreamRelay {
  return {
    ...writing,
    get usage() {
      return reading.usage;
    },
    get completionChars() {
      return reading.completionChars;
    },
    get done() {
      return reading.done;
    },
    get error() {
      return reading.error;
    },
  };
}
