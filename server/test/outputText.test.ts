import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EndpointName } from '../../contract/endpoints';
import { outputText } from '../tracing/outputText';

/** A stream as its client receives it: one `data:` line per event (Anthropic's and OpenAI's `event:` lines too). */
const sse = (events: object[], done = false) =>
  events.map((event) => `event: x\ndata: ${JSON.stringify(event)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');

const CASES: [string, EndpointName, string, string][] = [
  [
    'a chat completion',
    'chat.completions',
    JSON.stringify({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi there' } }],
    }),
    'Hi there',
  ],
  [
    "a chat stream's deltas, not its usage chunk or [DONE]",
    'chat.completions',
    sse(
      [
        { choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] },
        { choices: [{ index: 0, delta: { content: 'Hi' } }] },
        { choices: [{ index: 1, delta: { content: 'second choice' } }] },
        { choices: [{ index: 0, delta: { content: ' there' } }] },
        { choices: [], usage: { prompt_tokens: 1, completion_tokens: 2 } },
      ],
      true,
    ),
    'Hi there',
  ],
  [
    "a message's text blocks, not its tool use",
    'messages',
    JSON.stringify({
      type: 'message',
      content: [
        { type: 'text', text: 'Let me look. ' },
        { type: 'tool_use', id: 't', name: 'search', input: { q: 'x' } },
        { type: 'text', text: 'Done.' },
      ],
    }),
    'Let me look. Done.',
  ],
  [
    "a message stream's text deltas, not its tool input",
    'messages',
    sse([
      { type: 'message_start', message: { type: 'message', content: [] } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'lo' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"q"' } },
      { type: 'message_stop' },
    ]),
    'Hello',
  ],
  [
    "a response's output_text, not its reasoning",
    'responses',
    JSON.stringify({
      object: 'response',
      output: [
        { type: 'reasoning', summary: [] },
        { type: 'message', content: [{ type: 'output_text', text: 'Answer' }] },
      ],
    }),
    'Answer',
  ],
  [
    "a response stream's deltas, once (its completed event repeats the whole response)",
    'responses',
    sse([
      { type: 'response.output_text.delta', delta: 'An' },
      { type: 'response.output_text.delta', delta: 'swer' },
      {
        type: 'response.completed',
        response: {
          object: 'response',
          output: [{ type: 'message', content: [{ type: 'output_text', text: 'Answer' }] }],
        },
      },
    ]),
    'Answer',
  ],
  [
    "a Gemini answer's text parts, not its thoughts",
    'generateContent',
    JSON.stringify({
      candidates: [{ content: { parts: [{ text: 'thinking…', thought: true }, { text: 'Bonjour' }] } }],
    }),
    'Bonjour',
  ],
  [
    'a Gemini stream, one answer per event',
    'generateContent',
    sse([
      { candidates: [{ content: { parts: [{ text: 'Bon' }] } }] },
      { candidates: [{ content: { parts: [{ text: 'jour' }] } }], usageMetadata: { promptTokenCount: 1 } },
    ]),
    'Bonjour',
  ],
  ['embeddings have no text', 'embeddings', JSON.stringify({ data: [{ embedding: [0.1] }] }), ''],
  [
    'an answer cut short mid-event keeps what came whole',
    'chat.completions',
    'data: {"choices":[{"index":0,"delta":{"content":"ok"}}]}\n\ndata: {"choi',
    'ok',
  ],
  ['something that is not JSON is no text', 'messages', '<html>', ''],
];

for (const [name, endpoint, output, expected] of CASES) {
  test(name, () => assert.equal(outputText(endpoint, output), expected));
}
