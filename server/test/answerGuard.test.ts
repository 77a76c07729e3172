import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANSWER_WINDOW, answerSummary, checkAnswer, createStreamGuard } from '../guardrails/answerGuard';
import { effectivePolicy, type EffectivePolicy } from '../guardrails/policy';
import type { GuardrailPolicy } from '../../contract/schemas/guardrails';
import { eventJson, SseReader } from '../formats/sse';

/**
 * The answer's guardrails (docs/guardrails.md#the-answer), in each door's stream format: a secret or an email split
 * across chunks is found before any of it is sent; what is sent is held back at most a window; events keep their
 * format and stay valid JSON; nothing changes when nothing is found.
 */
const SECRET = 'AKIAZ3MSJV4WWNKWVXMN';
const EMAIL = 'jane.doe@example.com';

const policyOf = (detectors: GuardrailPolicy['detectors']) =>
  effectivePolicy(null, { detectors, patterns: [] }, null) as EffectivePolicy;

/** A text cut into pieces of `size` characters (a provider's tokens), so whatever it holds is split. */
const pieces = (text: string, size = 3) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) as string[];

/** Each door's stream event carrying one piece of the answer's text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each door reads its own event shape
type EventData = Record<string, any>;
const DOORS: Record<string, { event: (text: string) => string; text: (data: EventData) => string }> = {
  chat: {
    event: (text) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`,
    text: (data) => data.choices?.[0]?.delta?.content ?? '',
  },
  messages: {
    event: (text) =>
      `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })}\n\n`,
    text: (data) => data.delta?.text ?? '',
  },
  responses: {
    event: (text) =>
      `event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: text })}\n\n`,
    text: (data) => (data.type === 'response.output_text.delta' ? data.delta : ''),
  },
  gemini: {
    event: (text) =>
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }], modelVersion: 'g' })}\n\n`,
    text: (data) => data.candidates?.[0]?.content?.parts?.[0]?.text ?? '',
  },
};

/** Streams the pieces through a guard, one event per push; returns everything sent, and what was sent before the end. */
async function stream(policy: EffectivePolicy, door: keyof typeof DOORS, text: string) {
  const guard = createStreamGuard(policy);
  let sent = '';
  let heldMost = 0;
  let arrived = 0;
  for (const piece of pieces(text)) {
    sent += await guard.pass(DOORS[door].event(piece));
    arrived += piece.length;
    heldMost = Math.max(heldMost, arrived - textOf(door, sent).length);
  }
  sent += await guard.end();
  return { guard, sent, text: textOf(door, sent), heldMost };
}

function textOf(door: keyof typeof DOORS, sent: string): string {
  const events = new SseReader().push(sent);
  return events.map((event) => DOORS[door].text(eventJson(event) ?? {})).join('');
}

const filler = (n: number) => 'The quarterly report is ready for review. '.repeat(n);

describe('a streamed answer', () => {
  for (const door of Object.keys(DOORS)) {
    test(`${door}: a secret split across chunks is never sent; the stream stops there`, async () => {
      const { guard, sent } = await stream(
        policyOf({ secret: 'block' }),
        door,
        `${filler(3)}key ${SECRET} ${filler(20)}`,
      );
      assert.deepEqual(guard.blocked, { detector: 'secret' });
      // Not even its first characters: the window held them.
      for (const part of pieces(SECRET, 6)) assert.ok(!sent.includes(part), `${door} sent ${part}`);
      assert.equal(answerSummary(guard), 'answer blocked=secret:1');
    });

    test(`${door}: an email split across chunks is redacted; every event stays valid JSON in its format`, async () => {
      const answer = `${filler(2)}Write to ${EMAIL} today. ${filler(10)}`;
      const { guard, sent, text } = await stream(policyOf({ email: 'redact' }), door, answer);
      assert.equal(text, answer.replace(EMAIL, '[EMAIL]'));
      assert.ok(!sent.includes('jane'), sent);
      for (const event of new SseReader().push(sent)) assert.ok(eventJson(event), event.raw);
      assert.equal(answerSummary(guard), 'answer redacted=email:1');
    });
  }

  test('holds back at most the window and a step; a long answer is sent as it streams', async () => {
    const { sent, heldMost, text } = await stream(policyOf({ email: 'redact' }), 'chat', filler(60));
    assert.equal(text, filler(60));
    assert.ok(heldMost <= ANSWER_WINDOW + 64 + 3, `held ${heldMost}`);
    assert.ok(heldMost >= ANSWER_WINDOW, `held ${heldMost}`);
    assert.ok(sent.length > 0);
  });

  test('sends the events unchanged when nothing is found, byte for byte', async () => {
    const answer = filler(15);
    const { sent } = await stream(policyOf({ secret: 'block', email: 'redact' }), 'messages', answer);
    assert.equal(sent, pieces(answer).map(DOORS.messages.event).join(''));
  });

  test('a flag answers in full and is counted once, however often the window rereads it', async () => {
    const answer = `${filler(1)}call +44 20 7946 0958 now ${filler(12)}`;
    const { guard, text } = await stream(policyOf({ phone: 'flag' }), 'chat', answer);
    assert.equal(text, answer);
    assert.equal(answerSummary(guard), 'answer flagged=phone:1');
  });

  test('a whole text in a done event (Responses) is redacted too, as is the receipt', async () => {
    const guard = createStreamGuard(policyOf({ email: 'redact' }));
    const done = `event: response.output_text.done\ndata: ${JSON.stringify({ type: 'response.output_text.done', text: `mail ${EMAIL}` })}\n\n`;
    const completed = `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: { instructions: `from ${EMAIL}`, output: [{ type: 'message', content: [{ type: 'output_text', text: `mail ${EMAIL}` }] }] } })}\n\n`;
    const sent = (await guard.pass(done)) + (await guard.pass(completed)) + (await guard.end());
    assert.ok(!sent.includes(EMAIL), sent);
    assert.equal((sent.match(/\[EMAIL\]/g) ?? []).length, 3);
    assert.match(sent, /^event: response.output_text.done\ndata: /);
  });
});

describe('a JSON answer', () => {
  test('is redacted in place, and left byte for byte when nothing is found', async () => {
    const body = JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: `at ${EMAIL}` } }],
    });
    const checked = await checkAnswer(policyOf({ email: 'redact' }), body);
    assert.equal(JSON.parse(checked.body.toString()).choices[0].message.content, 'at [EMAIL]');
    const clean = Buffer.from(JSON.stringify({ choices: [{ message: { content: 'hello' } }] }));
    assert.equal((await checkAnswer(policyOf({ email: 'redact' }), clean)).body, clean);
  });

  test('a secret in a tool call’s arguments blocks', async () => {
    const body = JSON.stringify({ content: [{ type: 'tool_use', id: 't', name: 'save', input: { key: SECRET } }] });
    const checked = await checkAnswer(policyOf({ secret: 'block' }), body);
    assert.deepEqual(checked.blocked, { detector: 'secret' });
  });
});
