import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { TestUser } from './helpers';

// The dashboard's API answers are compressed (server/plugins/compressAnswers.ts); the gateway's are not.
let ctx: GatewayTestContext;
let owner: TestUser;
let key: string;
before(async () => {
  ctx = await createGatewayContext();
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
  ({ owner, key } = await ctx.funded(10_000));
  // Enough keys for a list of several kilobytes.
  for (let i = 0; i < 12; i++) await ctx.key(owner, `key ${i}`);
});
after(() => ctx.close());

const keys = (acceptEncoding?: string) =>
  ctx.request('GET', '/v1/api-keys/', {
    as: owner,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe("the dashboard's answers are compressed when the browser accepts it", () => {
  test('brotli, else gzip, else as they are; the same JSON every way, and Vary says so', async () => {
    const plain = await keys();
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /accept-encoding/i);
    assert.equal(plain.body.length, 13);
    assert.ok(plain.text.length > 5_000, `${plain.text.length} bytes`);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/api-keys/',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
    assert.ok(res.rawPayload.length < plain.text.length / 4, `${res.rawPayload.length} of ${plain.text.length}`);
    assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()), plain.body);

    for (const acceptEncoding of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const gzipped = await ctx.app.inject({
        method: 'GET',
        url: '/v1/api-keys/',
        headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': acceptEncoding },
      });
      assert.equal(gzipped.headers['content-encoding'], 'gzip', acceptEncoding);
      assert.deepEqual(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString()), plain.body);
    }
    assert.equal((await keys('identity')).headers['content-encoding'], undefined);
  });

  test('an answer under a kilobyte, and an error, go as they are when small', async () => {
    const me = await ctx.request('GET', '/v1/auth/me', { as: owner, headers: { 'accept-encoding': 'br' } });
    assert.equal(me.status, 200);
    assert.ok(me.text.length < 1024, `${me.text.length} bytes`);
    assert.equal(me.headers['content-encoding'], undefined);
    assert.equal(me.body.login, 'owner');
    const missing = await ctx.request('GET', '/v1/api-keys/', { headers: { 'accept-encoding': 'br' } });
    assert.equal(missing.status, 401);
    assert.equal(missing.headers['content-encoding'], undefined);
  });

  test("the gateway's answers are never compressed, however large", async () => {
    ctx.upstream.reply = 'long answer '.repeat(500);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(res.statusCode, 200);
    assert.ok(res.rawPayload.length > 5_000, `${res.rawPayload.length} bytes`);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.json().choices[0].message.content, ctx.upstream.reply);
  });
});
