import { randomUUID } from 'node:crypto';
import { Readable, addAbortSignal } from 'node:stream';
import { estimateTokens, lastUserText, promptEstimate, promptText } from './tokens';
import type { Upstream } from './upstream';

export const ECHO_MODEL = 'echo-1';

interface EchoRequest {
  messages: { role?: unknown; content?: unknown }[];
  stream?: boolean;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
}

/**
 * The built-in provider of demo mode: answers with the last user message, with no network, in OpenAI's format.
 * Token counts are deterministic (estimateTokens: 4 characters per token, rounded up) and the answer is cut at
 * max_tokens like a real model, so the demo bills exactly what the docs say it will. Streams send a word per chunk.
 */
export function echoUpstream(): Upstream {
  return {
    async send(_path, payload, _headers, signal) {
      const request = payload as unknown as EchoRequest;
      const limit = request.max_completion_tokens ?? request.max_tokens ?? null;
      const full = lastUserText(request.messages);
      const answer = limit === null ? full : full.slice(0, limit * 4);
      const usage = {
        prompt_tokens: promptEstimate(promptText(request)),
        completion_tokens: estimateTokens(answer),
        total_tokens: 0,
      };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      const finish = answer.length < full.length ? 'length' : 'stop';
      const head = { id: `chatcmpl-echo-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: ECHO_MODEL };
      const body = request.stream
        ? Readable.from(streamEvents(head, answer, finish, usage))
        : Readable.from([
            JSON.stringify({
              ...head,
              object: 'chat.completion',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: answer, refusal: null },
                  logprobs: null,
                  finish_reason: finish,
                },
              ],
              usage,
            }),
          ]);
      return { status: 200, body: addAbortSignal(signal, body) };
    },
    close() {},
  };
}

function* streamEvents(head: object, answer: string, finish: string, usage: object) {
  const chunk = (choices: object[], extra: object = {}) =>
    `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices, ...extra })}\n\n`;
  yield chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]);
  for (const word of answer.match(/\s*\S+|\s+$/g) ?? []) {
    yield chunk([{ index: 0, delta: { content: word }, logprobs: null, finish_reason: null }]);
  }
  yield chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finish }]);
  yield chunk([], { usage });
  yield 'data: [DONE]\n\n';
}
