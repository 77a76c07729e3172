import { mergeCounts } from '../../formats/mergeCounts';
import type { TokenUsage } from '../../lib/cost';
import type { GatewayError } from '../../formats/gatewayError';
import { parseUsage } from '../../formats/replies';
import { eventRelay } from '../../formats/eventRelay';
import { bodyJson, eventJson, isJsonObject, namedSse, type JsonObject } from '../../formats/sse';
import type { Conversation, StreamRelay } from '../../formats/types';

/** The Responses API's usage is chat completions' under other names: input_tokens include the cached ones. */
export function responsesUsage(raw: unknown): TokenUsage | null {
  if (!isJsonObject(raw)) return null;
  const { input_tokens, output_tokens, input_tokens_details } = raw;
  return parseUsage({
    prompt_tokens: input_tokens,
    completion_tokens: output_tokens,
    total_tokens: raw.total_tokens,
    prompt_tokens_details: input_tokens_details,
    completion_tokens_details: raw.output_tokens_details,
  });
}

const length = (text: unknown) => (typeof text === 'string' ? text.length : 0);
const list = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);

/** Characters a response's output items hold: message text and refusals, reasoning summaries, function calls. */
function outputChars(output: unknown): number {
  let chars = 0;
  for (const item of list(output)) {
    for (const part of [...list(item.content), ...list(item.summary)])
      chars += length(part.text) + length(part.refusal);
    chars += length(item.name) + length(item.arguments);
  }
  return chars;
}

/** Events that end a response the model finished (completely or at its token limit): the client's receipt. */
const RECEIPTS = new Set(['response.completed', 'response.incomplete']);
const FINAL = new Set([...RECEIPTS, 'response.failed']);

/** The Responses API's own stream error event (`type: "error"` with OpenAI's code, message and param). */
export const responsesErrorEvent = (error: GatewayError) =>
  namedSse({ type: 'error', code: error.code, message: error.message, param: error.param });

/** The Responses stream relayed as it is; every `….delta` event's text counts as generated. */
function responsesRelay(): StreamRelay {
  let reported: JsonObject | null = null;
  return eventRelay((event, progress) => {
    const forward = `${event.raw}\n\n`;
    const json = eventJson(event);
    const type = typeof json?.type === 'string' ? json.type : event.name;
    if (!json || !type) return forward;
    if (type.endsWith('.delta')) progress.completionChars += length(json.delta);
    if (FINAL.has(type) && isJsonObject(json.response) && isJsonObject(json.response.usage)) {
      reported = mergeCounts(reported, json.response.usage);
      progress.usage = responsesUsage(reported) ?? progress.usage;
    }
    if (type === 'response.failed') progress.error = (isJsonObject(json.response) && json.response.error) || json;
    if (type === 'error') progress.error = json;
    if (!RECEIPTS.has(type)) return forward;
    progress.hold(forward);
    return '';
  }, responsesErrorEvent);
}

/** OpenAI's Responses API, passed through. */
export function responsesWithOpenai(body: Record<string, unknown>, model: string): Conversation {
  return {
    path: '/responses',
    payload: { ...body, model },
    headers: {},
    stream: body.stream === true,
    readJson(raw) {
      const response = bodyJson(raw);
      return { body: raw, usage: responsesUsage(response?.usage), completionChars: outputChars(response?.output) };
    },
    relay: responsesRelay,
  };
}
