import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { httpUpstream } from '../providers/upstream';
import { CallStop } from '../providers/callStop';
import { createReloadingCache } from '../gateway/reloadingCache';

// The provider client (providers/upstream.ts) parses its base URL once and builds each request from its parts: the
// base's path, port and credentials must reach the provider as a URL string would have sent them.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

describe('httpUpstream', () => {
  const seen: Seen[] = [];
  let port = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body,
      });
      if (request.url?.endsWith('/cut')) {
        // Headers and half an answer, then the connection drops.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"id":');
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = async (body: NodeJS.ReadableStream) => {
    let text = '';
    for await (const chunk of body) text += chunk.toString();
    return text;
  };

  test('the base path, a trailing slash and the port make the same URL a string would', async () => {
    const upstream = httpUpstream(`http://127.0.0.1:${port}/openai/v1/`, { authorization: 'Bearer sk-test' });
    const reply = await upstream.send('/chat/completions', { model: 'm' }, { 'x-extra': '1' }, new CallStop());
    assert.equal(reply.status, 200);
    assert.equal(await read(reply.body), '{"ok":true}');
    const last = seen.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.url, '/openai/v1/chat/completions');
    assert.equal(last.headers.host, `127.0.0.1:${port}`);
    assert.equal(last.headers.authorization, 'Bearer sk-test');
    assert.equal(last.headers['x-extra'], '1');
    assert.equal(last.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(last.body), { model: 'm' });
    upstream.close();
  });

  test("the client's host, credential and body type win over a call's header of the same name, sent once", async () => {
    const upstream = httpUpstream(`http://127.0.0.1:${port}/v1`, { authorization: 'Bearer sk-test' });
    const own = {
      'Content-Type': 'text/plain',
      Authorization: 'Bearer sk-other',
      HOST: 'elsewhere',
      'anthropic-beta': 'b1',
    };
    const reply = await upstream.send('/chat/completions', { model: 'm' }, own, new CallStop());
    await read(reply.body);
    const last = seen.at(-1)!;
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers.authorization, 'Bearer sk-test');
    assert.equal(last.headers.host, `127.0.0.1:${port}`);
    assert.equal(last.headers['anthropic-beta'], 'b1');
    assert.equal(last.headers['content-length'], String(Buffer.byteLength(last.body)));
    assert.equal(last.headers.accept, 'application/json');
    const names = last.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    assert.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
      'no header is sent twice',
    );
    upstream.close();
  });

  test('a header value the HTTP client refuses fails the call, as a network failure', async () => {
    const upstream = httpUpstream(`http://127.0.0.1:${port}`, {});
    await assert.rejects(upstream.send('/v1/x', {}, { 'x-bad': 'a\r\nb' }, new CallStop()));
    upstream.close();
  });

  test('credentials in the base URL are sent as basic authentication', async () => {
    const upstream = httpUpstream(`http://us%40er:p%3Ass@127.0.0.1:${port}`, {});
    const reply = await upstream.send('/v1/messages', { stream: true }, {}, new CallStop());
    await read(reply.body);
    const last = seen.at(-1)!;
    assert.equal(last.url, '/v1/messages');
    assert.equal(last.headers.authorization, `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
    assert.equal(last.headers.accept, 'text/event-stream');
    upstream.close();
  });

  test('an aborted call ends its body short instead of hanging', async () => {
    const upstream = httpUpstream(`http://127.0.0.1:${port}`, {});
    const stop = new CallStop();
    const reply = await upstream.send('/cut', {}, {}, stop);
    stop.stop();
    await assert.rejects(read(reply.body));
    upstream.close();
  });
});

describe('CallStop', () => {
  test('runs its listener once, when stopped, or at once when already stopped', () => {
    const stop = new CallStop();
    let ran = 0;
    stop.onStop(() => ran++);
    assert.equal(ran, 0);
    stop.stop();
    stop.stop();
    assert.equal(ran, 1);
    assert.equal(stop.stopped, true);
    stop.onStop(() => ran++);
    assert.equal(ran, 2);
  });
  test('its signal aborts with it, whether made before or after the stop', () => {
    const before = new CallStop();
    const signal = before.signal;
    assert.equal(signal.aborted, false);
    before.stop();
    assert.equal(signal.aborted, true);
    const after = new CallStop();
    after.stop();
    assert.equal(after.signal.aborted, true);
  });
});

describe('createReloadingCache', () => {
  test('peek gives nothing before the first load, the value after it, and nothing again once invalidated', async () => {
    let loads = 0;
    const cache = createReloadingCache(async () => ++loads, 60_000);
    assert.equal(cache.peek(), null);
    assert.equal(await cache.get(), 1);
    assert.equal(cache.peek(), 1);
    cache.invalidate();
    assert.equal(cache.peek(), null);
    assert.equal(await cache.get(), 2);
    assert.equal(cache.loads(), 2);
  });

  test('a stale value is still given by peek, and starts one reload in the background', async () => {
    let loads = 0;
    const cache = createReloadingCache(async () => ++loads, 0);
    assert.equal(await cache.get(), 1);
    await new Promise((resolve) => setTimeout(resolve, 2));
    assert.equal(cache.peek(), 1);
    assert.equal(cache.peek(), 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(cache.loads(), 2);
    assert.equal(cache.peek(), 2);
  });
});
