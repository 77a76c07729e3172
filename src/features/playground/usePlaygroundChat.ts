import { useCallback, useRef, useState } from 'react';
import { apiUrl } from '../../config';
import { applyAuthHeaders } from '../../store/authHeaders';
import { PLAYGROUND_CHAT_PATH } from '../../../contract/apiPaths';
import type { PlaygroundMessage } from '../../../contract/schemas/playground';
import { readEvents, refusalMessage, type StreamUsage } from './chatStream';

export interface PlaygroundTurn {
  messages: PlaygroundMessage[];
  /** The answer so far (the whole answer once done). */
  answer: string;
  streaming: boolean;
  usage: StreamUsage | null;
  error: string | null;
  /** When the last call was sent: its bill is the key's first request log row from then on. */
  sentAt: string | null;
}

const EMPTY: PlaygroundTurn = { messages: [], answer: '', streaming: false, usage: null, error: null, sentAt: null };

/**
 * The conversation and one call at a time: sends the messages with the chosen key and model through the session,
 * and reads the answer as it streams in.
 */
export function usePlaygroundChat() {
  const [turn, setTurn] = useState<PlaygroundTurn>(EMPTY);
  const abort = useRef<AbortController | null>(null);

  const send = useCallback(async (keyId: string, model: string, messages: PlaygroundMessage[]) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const sentAt = new Date().toISOString();
    setTurn({ messages, answer: '', streaming: true, usage: null, error: null, sentAt });
    try {
      const response = await fetch(apiUrl(PLAYGROUND_CHAT_PATH), {
        method: 'POST',
        credentials: 'include',
        headers: applyAuthHeaders(new Headers()),
        body: JSON.stringify({ key_id: keyId, model, messages }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body: unknown = await response.json().catch(() => null);
        setTurn((t) => ({ ...t, streaming: false, error: refusalMessage(body, response.status) }));
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const events = readEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = events.rest;
        setTurn((t) => ({
          ...t,
          answer: t.answer + events.deltas.join(''),
          usage: events.usage ?? t.usage,
          error: events.error ?? t.error,
        }));
      }
      setTurn((t) => ({ ...t, streaming: false }));
    } catch (error) {
      if (controller.signal.aborted) return;
      setTurn((t) => ({ ...t, streaming: false, error: error instanceof Error ? error.message : String(error) }));
    }
  }, []);

  const clear = useCallback(() => {
    abort.current?.abort();
    setTurn(EMPTY);
  }, []);

  return { turn, send, clear };
}
