import assert from 'node:assert/strict';
import { test } from 'node:test';
import { semanticPrompt } from '../cache/semanticPrompt';
import { similarity, unitVector } from '../cache/semanticCache';
import type { EndpointName } from '../formats/types';

/** What the semantic cache compares of each door's body (docs/gateway.md#semantic-cache): single-turn text only. */
type Case = [string, EndpointName, unknown, { text: string; rest: unknown } | null];
const cases: Case[] = [
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

/** Where the route allows conversations: the last user message, every earlier turn kept in the rest. */
const CONVERSATIONS = { conversations: true };
const conversationCases: Case[] = [
  [
    'chat: the last user message of a conversation',
    'chat.completions',
    {
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    },
    {
      text: 'c',
      rest: {
        model: 'm',
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
          { role: 'user', content: null },
        ],
      },
    },
  ],
  [
    'chat: a conversation ending on a tool result is not compared',
    'chat.completions',
    {
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'tool', content: 'x' },
      ],
    },
    null,
  ],
  [
    'responses: a continued conversation keeps its previous response in the rest',
    'responses',
    { model: 'm', input: 'Hi', previous_response_id: 'r1' },
    { text: 'Hi', rest: { model: 'm', input: null, previous_response_id: 'r1' } },
  ],
  [
    'generateContent: the last of two turns',
    'generateContent',
    {
      model: 'm',
      contents: [{ parts: [{ text: 'a' }] }, { role: 'model', parts: [{ text: 'b' }] }, { parts: [{ text: 'c' }] }],
    },
    {
      text: 'c',
      rest: {
        model: 'm',
        contents: [{ parts: [{ text: 'a' }] }, { role: 'model', parts: [{ text: 'b' }] }, { parts: null }],
      },
    },
  ],
];

for (const [rule, table] of [
  [{ conversations: false }, cases],
  [CONVERSATIONS, conversationCases],
] as const) {
  for (const [name, endpoint, body, expected] of table) {
    const named = rule.conversations ? `conversations allowed: ${name}` : name;
    test(named, () => assert.deepEqual(semanticPrompt(endpoint, body, rule), expected));
  }
}

test('similarity is the cosine of unit vectors; vectors of other lengths or zero ones never match', () => {
  const a = unitVector([3, 4])!;
  assert.ok(Math.abs(similarity(a, unitVector([6, 8])!) - 1) < 1e-6);
  assert.ok(Math.abs(similarity(a, unitVector([4, -3])!)) < 1e-6);
  assert.equal(similarity(a, unitVector([1, 2, 3])!), -1);
  assert.equal(unitVector([0, 0]), null);
  assert.equal(unitVector([1, Number.NaN]), null);
});
