import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from './helpers';

// A built app large enough to be worth compressing: a hashed bundle, index.html and a small file.
const BUNDLE = `console.log(${JSON.stringify('gateway '.repeat(2000))});\n`;
const INDEX = `<!doctype html><html lang="en"><title>App</title><div id="root"></div>${'<!-- pad -->'.repeat(200)}</html>`;
const SMALL = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let ctx: TestContext;
let distDir: string;
before(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-static-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'main.0123456789.js'), BUNDLE);
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), SMALL);
  ctx = await createTestContext({ DIST_DIR: distDir });
});
after(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('the built app: caching and compression', () => {
  test('hashed bundles are cached for a year and sent with brotli to a browser that accepts it', async () => {
    for (const attempt of ['first (compresses)', 'second (from memory)']) {
      const res = await get('/assets/main.0123456789.js', BROWSER);
      assert.equal(res.statusCode, 200, attempt);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(res.headers.vary, 'accept-encoding');
      assert.match(String(res.headers['content-type']), /javascript/);
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
      assert.ok(res.rawPayload.length < BUNDLE.length / 10, `${res.rawPayload.length} bytes is not compressed`);
      assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), BUNDLE);
    }
  });

  test('gzip when brotli is not accepted, the file as it is when nothing is', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/main.0123456789.js', { 'accept-encoding': acceptEncoding });
      assert.equal(res.headers['content-encoding'], 'gzip', acceptEncoding);
      assert.equal(zlib.gunzipSync(res.rawPayload).toString(), BUNDLE);
    }
    const plain = await get('/assets/main.0123456789.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'accept-encoding');
    assert.equal(plain.body, BUNDLE);
  });

  test('index.html (any client-side route) must be revalidated and is compressed too', async () => {
    for (const url of ['/', '/usage-reports']) {
      const res = await get(url, { ...BROWSER, accept: 'text/html' });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), INDEX);
    }
  });

  test('a file that changes on disk is compressed again', async () => {
    const file = path.join(distDir, 'index.html');
    const changed = INDEX.replace('<title>App</title>', '<title>New build</title>');
    fs.writeFileSync(file, changed);
    // A later mtime even on a coarse clock: the version is the file's size and mtime.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    try {
      const res = await get('/', { ...BROWSER, accept: 'text/html' });
      assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), changed);
    } finally {
      fs.writeFileSync(file, INDEX);
    }
  });

  test('small files, range requests and revalidations are left alone', async () => {
    const small = await get('/favicon.svg', BROWSER);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers['cache-control'], 'public, max-age=3600');
    assert.equal(small.body, SMALL);

    const range = await get('/assets/main.0123456789.js', { ...BROWSER, range: 'bytes=0-11' });
    assert.equal(range.statusCode, 206);
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.body, BUNDLE.slice(0, 12));

    const first = await get('/assets/main.0123456789.js', BROWSER);
    const revalidated = await get('/assets/main.0123456789.js', {
      ...BROWSER,
      'if-none-match': String(first.headers.etag),
    });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
  });
});
