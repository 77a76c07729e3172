import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readBatchInput, MAX_BATCH_LINES } from '../batches/batchInput';
import { fileContentStore } from '../batches/fileStore';
import { billedCents, ceilCents, costPicoDollars } from '../lib/cost';

const line = (customId: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    custom_id: customId,
    method: 'POST',
    url: '/v1/chat/completions',
    body: { model: 'echo/echo-1', messages: [{ role: 'user', content: 'hi' }] },
    ...extra,
  });

test('readBatchInput: the lines of a good file, with blank lines skipped and stream dropped', () => {
  const read = readBatchInput(
    `${line('a')}\n\n${line('b', { body: { model: 'm', messages: [], stream: true, stream_options: {} } })}\n`,
    'chat.completions',
  );
  assert.ok(read.ok);
  assert.deepEqual(
    read.lines.map((l) => [l.line, l.customId, l.body]),
    [
      [1, 'a', { model: 'echo/echo-1', messages: [{ role: 'user', content: 'hi' }] }],
      [3, 'b', { model: 'm', messages: [] }],
    ],
  );
});

test('readBatchInput: each problem names its line, its code and what to fix', () => {
  const cases: [string, string, RegExp][] = [
    ['', 'empty_file', /no requests/],
    ['{oops', 'invalid_json_line', /^Line 1 is not valid JSON/],
    ['[1]', 'invalid_request', /^Line 1 must be a JSON object/],
    [line(''), 'missing_required_parameter', /^Line 1 needs a custom_id/],
    [`${line('a')}\n${line('a')}`, 'duplicate_custom_id', /^Line 2 repeats the custom_id "a"/],
    [line('a', { method: 'GET' }), 'invalid_method', /method must be "POST"/],
    [
      line('a', { url: '/v1/embeddings' }),
      'mismatched_endpoint',
      /url must be the batch's endpoint, \/v1\/chat\/completions \(got "\/v1\/embeddings"\)/,
    ],
    [line('a', { body: { messages: [] } }), 'missing_required_parameter', /body must be an object with a model/],
  ];
  for (const [text, code, message] of cases) {
    const read = readBatchInput(text, 'chat.completions');
    assert.ok(!read.ok, text);
    assert.equal(read.problems[0].code, code, text);
    assert.match(read.problems[0].message, message, text);
  }
  const many = Array.from({ length: MAX_BATCH_LINES + 1 }, (_, i) => line(`c${i}`)).join('\n');
  const tooMany = readBatchInput(many, 'chat.completions');
  assert.ok(!tooMany.ok);
  assert.equal(tooMany.problems[0].code, 'too_many_requests');
});

test('a percent of a price: the hold (rounded up) and the bill (rounded down) read the same picodollars', () => {
  const prices = {
    promptMicros: 3_000_000,
    completionMicros: 15_000_000,
    cacheReadMicros: null,
    cacheCreateMicros: null,
  };
  const usage = { promptTokens: 1_001, completionTokens: 333, cachedTokens: 0, cacheCreationTokens: 0 };
  const whole = costPicoDollars(usage, prices);
  assert.equal(costPicoDollars(usage, { ...prices, percent: 50 }), whole / 2n);
  assert.equal(costPicoDollars(usage, { ...prices, percent: 100 }), whole);
  assert.equal(costPicoDollars(usage, { ...prices, percent: 0 }), 0n);
  const half = { ...prices, percent: 50 };
  assert.ok(billedCents(usage, half) <= ceilCents(costPicoDollars(usage, half)));
});

test('the directory store keeps a file whole under its id and forgets it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  try {
    const store = fileContentStore({ store: 'directory', dir, s3: null });
    assert.equal(await store.write('file-abc', Buffer.from('hello')), null);
    assert.equal((await store.read('file-abc', null)).toString(), 'hello');
    assert.deepEqual(fs.readdirSync(dir), ['file-abc']);
    await store.remove('file-abc');
    assert.deepEqual(fs.readdirSync(dir), []);
    const inRow = fileContentStore({ store: 'database', dir, s3: null });
    assert.equal((await inRow.read('x', new Uint8Array([104, 105]) as Buffer)).toString(), 'hi');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
