import assert from 'node:assert/strict';
import { test } from 'node:test';
import { storableJson, storableText } from '../credit/storable';

/** What the database can store of a bill's text (credit/storable.ts), table-tested. */
const R = '\ufffd';

test('text: NUL becomes U+FFFD; everything else, surrogate pairs and halves included, is left to the driver', () => {
  for (const [given, stored] of [
    ['plain', 'plain'],
    ['', ''],
    ["Invalid value: 'a\u0000b'", `Invalid value: 'a${R}b'`],
    ['\u0000\u0000', R + R],
    ['half \ud83d only', 'half \ud83d only'],
    ['whole 🙂', 'whole 🙂'],
  ]) {
    assert.equal(storableText(given), stored, JSON.stringify(given));
  }
});

test('JSON: NUL and half a surrogate pair become U+FFFD in every string and member name; the rest is unchanged', () => {
  const cases: [unknown, unknown][] = [
    [null, null],
    [42, 42],
    [true, true],
    ['a\u0000b', `a${R}b`],
    ['high \ud83d alone', `high ${R} alone`],
    ['low \ude42 alone', `low ${R} alone`],
    ['reversed \ude42\ud83d', `reversed ${R}${R}`],
    ['whole 🙂 and \ud83d\ude42', 'whole 🙂 and 🙂'],
    ['cut at the end \ud83d', `cut at the end ${R}`],
    [{ 'k\u0000': ['v\ud800', { n: 1, s: 'ok' }] }, { [`k${R}`]: [`v${R}`, { n: 1, s: 'ok' }] }],
  ];
  for (const [given, stored] of cases) assert.deepEqual(storableJson(given), stored, JSON.stringify(given));
});
