import assert from 'node:assert/strict';
import { test } from 'node:test';
import { semanticPrompt } from '../cache/semanticPrompt';
import { similarity, unitVector } from '../cache/semanticCache';
import type { EndpointName } from '../formats/types';

/** What the semantic cache compares of each door's body (docs/gateway.md#semantic-cache): single-turn text only. */
const cases: [string, EndpointName, unknown, { text: string; rest: unknown } | null][] = [
  [
    'chat: a system prompt and one user message',
    'chat.completions',
    {
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi there' },
      ],
    },
    {
      text: 'Hi there',
      rest: {
        model: 'm',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: null },
        ],
      },
    },
  ],
  [
    'chat: text parts are joined',
    'chat.completions',
    {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    },
    { text: 'a\nb', rest: { model: 'm', messages: [{ role: 'user', content: null }] } },
  ],
  [
    'chat: an image is not compared',
    'chat.completions',
    { model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }] },
    null,
  ],
  [
    'chat: a conversation is not single-turn',
    'chat.completions',
    {
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    },
    null,
  ],
  [
    'chat: a tool result is not single-turn',
    'chat.completions',
    { model: 'm', messages: [{ role: 'tool', content: 'x' }] },
    null,
  ],
  [
    'chat: blank words are not compared',
    'chat.completions',
    { model: 'm', messages: [{ role: 'user', content: ' ' }] },
    null,
  ],
  [
    'messages: one user message with text blocks',
    'messages',
    { model: 'm', system: 'S', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
    { text: 'Hi', rest: { model: 'm', system: 'S', messages: [{ role: 'user', content: null }] } },
  ],
  [
    'messages: a system role among the messages is not Anthropic’s',
    'messages',
    {
      model: 'm',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Hi' },
      ],
    },
    null,
  ],
  [
    'responses: a string input',
    'responses',
    { model: 'm', input: 'Hi' },
    { text: 'Hi', rest: { model: 'm', input: null } },
  ],
  [
    'responses: one user message with input_text',
    'responses',
    { model: 'm', input: [{ role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }] },
    { text: 'Hi', rest: { model: 'm', input: [{ role: 'user', content: null }] } },
  ],
  ['responses: a continued conversation', 'responses', { model: 'm', input: 'Hi', previous_response_id: 'r1' }, null],
  [
    'generateContent: one user turn',
    'generateContent',
    { model: 'm', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
    { text: 'Hi', rest: { model: 'm', contents: [{ role: 'user', parts: null }] } },
  ],
  [
    'generateContent: two turns',
    'generateContent',
    { model: 'm', contents: [{ parts: [{ text: 'a' }] }, { role: 'model', parts: [{ text: 'b' }] }] },
    null,
  ],
  ['embeddings: never', 'embeddings', { model: 'm', input: 'Hi' }, null],
];

for (const [name, endpoint, body, expected] of cases) {
  test(name, () => assert.deepEqual(semanticPrompt(endpoint, body), expected));
}

test('similarity is the cosine of unit vectors; vectors of other lengths or zero ones never match', () => {
  const a = unitVector([3, 4])!;
  assert.ok(Math.abs(similarity(a, unitVector([6, 8])!) - 1) < 1e-6);
  assert.ok(Math.abs(similarity(a, unitVector([4, -3])!)) < 1e-6);
  assert.equal(similarity(a, unitVector([1, 2, 3])!), -1);
  assert.equal(unitVector([0, 0]), null);
  assert.equal(unitVector([1, Number.NaN]), null);
});
