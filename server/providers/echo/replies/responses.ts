import type { UpstreamReply } from '../../upstream';
import { estimateTokens, lastUserText } from '../../../formats/tokens';
import {
  type EchoCall,
  ECHO_MODEL,
  contentTexts,
  cutAnswer,
  echoId,
  jsonReply,
  listOf,
  modelOf,
  namedEvent,
  reply,
  unixSeconds,
  words,
} from './common';

/** An item of the Responses API's `input` as the echo reads it: a message with a string or `input_text` parts. */
interface InputItem {
  role?: unknown;
  content?: unknown;
}

interface OutputText {
  type: 'output_text';
  text: string;
  annotations: [];
}

interface OutputMessage {
  type: 'message';
  id: string;
  status: 'in_progress' | 'completed' | 'incomplete';
  role: 'assistant';
  content: OutputText[];
}

interface ResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens_details: { reasoning_tokens: number };
}

/** The parts of OpenAI's response object the echo fills in (no tools, no reasoning). */
interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status: 'in_progress' | 'completed' | 'incomplete';
  error: null;
  incomplete_details: { reason: 'max_output_tokens' } | null;
  instructions: string | null;
  max_output_tokens: number | null;
  model: string;
  output: OutputMessage[];
  parallel_tool_calls: boolean;
  previous_response_id: null;
  tool_choice: 'auto';
  tools: [];
  usage: ResponsesUsage | null;
}

const inputItems = (payload: Record<string, unknown>) =>
  typeof payload.input === 'string' ? [{ role: 'user', content: payload.input }] : listOf<InputItem>(payload.input);

/** The prompt's tokens: `instructions` and the input's texts. */
function promptTokens(payload: Record<string, unknown>): number {
  const instructions = typeof payload.instructions === 'string' ? payload.instructions : null;
  const prompt = [instructions ?? [], ...inputItems(payload).map((item) => contentTexts(item?.content))].flat();
  return estimateTokens(prompt.join('\n'));
}

/** `/responses/input_tokens`: the prompt's tokens as `/responses` would bill them, in OpenAI's shape. */
export function responsesCountReply({ payload, signal }: EchoCall): UpstreamReply {
  return jsonReply(200, { object: 'response.input_tokens', input_tokens: promptTokens(payload) }, signal);
}

/**
 * `/responses` in OpenAI's Responses API format: the prompt is `instructions` and the input's texts, the answer the
 * last user input cut at `max_output_tokens` (then the status is `incomplete`, as OpenAI's is).
 */
export function responsesReply({ payload, signal }: EchoCall): UpstreamReply {
  const items = inputItems(payload);
  const limit = typeof payload.max_output_tokens === 'number' ? payload.max_output_tokens : null;
  const { answer, cut } = cutAnswer(lastUserText(items), limit);
  const inputTokens = promptTokens(payload);
  const outputTokens = estimateTokens(answer);
  const status = cut ? 'incomplete' : 'completed';
  const message: OutputMessage = {
    type: 'message',
    id: echoId('msg_echo_'),
    status,
    role: 'assistant',
    content: [{ type: 'output_text', text: answer, annotations: [] }],
  };
  const response: ResponseObject = {
    id: echoId('resp_echo_'),
    object: 'response',
    created_at: unixSeconds(),
    status,
    error: null,
    incomplete_details: cut ? { reason: 'max_output_tokens' } : null,
    instructions: typeof payload.instructions === 'string' ? payload.instructions : null,
    max_output_tokens: limit,
    model: modelOf(payload, ECHO_MODEL),
    output: [message],
    parallel_tool_calls: true,
    previous_response_id: null,
    tool_choice: 'auto',
    tools: [],
    usage: {
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
  return payload.stream === true ? reply(200, responseEvents(response), signal) : jsonReply(200, response, signal);
}

/**
 * OpenAI's semantic events, each with its `sequence_number`: the response created and in progress, the message item
 * and its text part opened, the text a word per delta, everything closed, then the response with its usage
 * (`response.completed`, or `response.incomplete` when cut at max_output_tokens, as OpenAI ends such a stream).
 */
function* responseEvents(response: ResponseObject) {
  let sequence = 0;
  const event = (type: string, data: object) => namedEvent(type, { type, sequence_number: sequence++, ...data });
  const [message] = response.output;
  const [part] = message.content;
  const started: ResponseObject = {
    ...response,
    status: 'in_progress',
    incomplete_details: null,
    output: [],
    usage: null,
  };
  const at = { item_id: message.id, output_index: 0, content_index: 0 };
  yield event('response.created', { response: started });
  yield event('response.in_progress', { response: started });
  yield event('response.output_item.added', {
    output_index: 0,
    item: { ...message, status: 'in_progress', content: [] },
  });
  yield event('response.content_part.added', { ...at, part: { ...part, text: '' } });
  for (const delta of words(part.text)) yield event('response.output_text.delta', { ...at, delta, logprobs: [] });
  yield event('response.output_text.done', { ...at, text: part.text, logprobs: [] });
  yield event('response.content_part.done', { ...at, part });
  yield event('response.output_item.done', { output_index: 0, item: message });
  yield event(response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response });
}
