import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  measureMedia,
  MIN_AUDIO_BYTES_PER_SECOND,
  unitMicros,
  unitsAnswered,
  unitsBilledCents,
  unitsHoldCents,
} from '../media/mediaMeasure';
import type { Tier } from '../credit/tiers';
import type { MediaPayload } from '../media/types';
import { toneWav } from '../media/wav';
import { describeUnits, unitPriceProblem } from '../../contract/mediaUnits';

const fields = (values: Record<string, unknown>): MediaPayload => ({ fields: values, files: [] });
const upload = (content: Buffer): MediaPayload => ({
  fields: {},
  files: [{ field: 'file', filename: 'a', contentType: 'audio/mpeg', content }],
});

test('measureMedia: what each door can cost, in its unit', () => {
  const cases: [Parameters<typeof measureMedia>, ReturnType<typeof measureMedia>][] = [
    [['images.generations', fields({ prompt: 'x' })], { key: 'image:1024x1024', most: 1, counted: 1 }],
    [['images.generations', fields({ n: 3, size: '256x256' })], { key: 'image:256x256', most: 3, counted: 3 }],
    // A form's fields are text.
    [['images.edits', fields({ n: '2', size: 'auto' })], { key: 'image', most: 2, counted: 2 }],
    [['audio.transcriptions', upload(toneWav(2.01))], { key: 'audio_second', most: 3, counted: 3 }],
    // Not a WAV: bounded by the fewest bytes a second of audio takes.
    [
      ['audio.translations', upload(Buffer.alloc(MIN_AUDIO_BYTES_PER_SECOND * 30 + 1))],
      { key: 'audio_second', most: 31, counted: 31 },
    ],
    [['audio.speech', fields({ input: 'héllo 👋' })], { key: 'speech_character', most: 7, counted: 7 }],
    [['rerank', fields({ query: 'q', documents: ['a', { text: 'b' }] })], { key: 'search_unit', most: 1, counted: 1 }],
    // 150 documents: two search units; a document of 2,000 characters is split in chunks of 500 tokens at most.
    [['rerank', fields({ query: 'q', documents: Array(150).fill('d') })], { key: 'search_unit', most: 2, counted: 2 }],
    [
      ['rerank', fields({ query: 'q', documents: Array(99).fill('word '.repeat(400)) })],
      { key: 'search_unit', most: 5, counted: 2 },
    ],
  ];
  for (const [args, expected] of cases)
    assert.deepEqual(measureMedia(...args), expected, JSON.stringify(args[1].fields));
});

test('measureMedia refuses what it cannot price, saying what to fix', () => {
  const cases: [Parameters<typeof measureMedia>, RegExp][] = [
    [['images.generations', fields({ n: 0 })], /n must be a whole number from 1 to 10/],
    [['images.generations', fields({ n: 1.5 })], /n must be/],
    [['images.generations', fields({ size: '1024' })], /size must be auto or <width>x<height>/],
    [['audio.transcriptions', fields({})], /in the field file/],
    [['audio.speech', fields({ input: '' })], /input must be the text to speak/],
    [['rerank', fields({ query: 'q' })], /documents must be a list/],
  ];
  for (const [args, message] of cases) assert.throws(() => measureMedia(...args), message);
});

const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(body)),
});

test('unitsAnswered: what the answer says, never more than was held; the gateway’s count when it says nothing', () => {
  const measure = { key: 'k', most: 5, counted: 4 };
  const cases: [Parameters<typeof unitsAnswered>[0], unknown, number][] = [
    ['images.generations', { data: [{}, {}] }, 2],
    ['images.generations', { data: Array(9).fill({}) }, 5],
    ['audio.transcriptions', { text: 'x', usage: { type: 'duration', seconds: 2.2 } }, 3],
    ['audio.transcriptions', { text: 'x', duration: 1.0 }, 1],
    ['audio.transcriptions', { text: 'x', usage: { type: 'tokens', input_tokens: 3 } }, 4],
    ['audio.transcriptions', 'plain text', 4],
    ['rerank', { meta: { billed_units: { search_units: 1 } } }, 1],
    ['rerank', { meta: {} }, 4],
    ['audio.speech', {}, 4],
  ];
  for (const [endpoint, body, units] of cases) {
    const reply =
      typeof body === 'string' ? { status: 200, contentType: 'text/plain', body: Buffer.from(body) } : json(body);
    assert.equal(unitsAnswered(endpoint, measure, reply), units, `${endpoint} ${JSON.stringify(body)}`);
  }
});

const tier = (unitPrices: Record<string, number>) => ({ minTokens: 0, maxTokens: null, unitPrices }) as unknown as Tier;

test('unitMicros: the exact key, else an image’s any-size price; auto at the dearest size', () => {
  const sized = [tier({ 'image:256x256': 16_000, 'image:1024x1024': 40_000 })];
  assert.equal(unitMicros(sized, 'image:256x256'), 16_000);
  assert.equal(unitMicros(sized, 'image:512x512'), null);
  assert.equal(unitMicros(sized, 'image'), 40_000);
  assert.equal(unitMicros([tier({ image: 80_000 })], 'image:1792x1024'), 80_000);
  assert.equal(unitMicros([tier({ audio_second: 100 })], 'speech_character'), null);
  assert.equal(unitMicros([], 'audio_second'), null);
});

test('a hold rounds up to the cent and a bill down, so a bill never passes its hold', () => {
  // Whisper's price: $0.006 a minute is 100 micro-dollars a second.
  assert.deepEqual([unitsHoldCents(7, 100), unitsBilledCents(7, 100)], [1, 0]);
  assert.deepEqual([unitsHoldCents(100, 100), unitsBilledCents(100, 100)], [1, 1]);
  assert.deepEqual([unitsHoldCents(2, 40_000), unitsBilledCents(2, 40_000)], [8, 8]);
  // Beyond 2^53 picodollars, exactly.
  assert.equal(unitsBilledCents(4_096, 1_000_000_000), 409_600_000);
});

test('unit keys and how the request log reads them', () => {
  assert.equal(unitPriceProblem('image:1024x1024', 0.04), null);
  assert.match(unitPriceProblem('images', 1)!, /"images" is not a unit/);
  assert.match(unitPriceProblem('search_unit', -1)!, /from 0 to 1000/);
  assert.equal(describeUnits('image:1024x1024', 2), '2 images (1024x1024)');
  assert.equal(describeUnits('audio_second', 1), '1 second of audio');
  assert.equal(describeUnits('speech_character', 1200), '1,200 characters');
});
