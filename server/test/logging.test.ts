import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { formatLogLine } from '../lib/prettyLog';
import { openTestDb, testConfig } from './helpers';

/** 14:03:07.412 on the local clock, as pino stamps it. */
const time = new Date(2026, 10, 23, 14, 3, 7, 412).getTime();

describe('the pretty format', () => {
  test('one line per record: time, level, message, then the other fields', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { level: 30, time, pid: 1, hostname: 'h', reqId: 'r-1', msg: 'GET /v1/teams/ 200 4.2 ms' },
        '14:03:07.412 INFO  GET /v1/teams/ 200 4.2 ms\n',
      ],
      [
        { level: 40, time, pid: 1, hostname: 'h', reqId: 'r-2', msg: 'GET /missing.js 404 0.8 ms' },
        '14:03:07.412 WARN  GET /missing.js 404 0.8 ms req=r-2\n',
      ],
      [
        { level: 40, time, msg: 'payments reconciled with the provider', moved: 2, note: 'two words', ids: [1] },
        '14:03:07.412 WARN  payments reconciled with the provider moved=2 note="two words" ids=[1]\n',
      ],
      [
        {
          level: 50,
          time,
          reqId: 'r-3',
          msg: 'request failed',
          err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)' },
        },
        '14:03:07.412 ERROR request failed err=boom req=r-3\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)\n',
      ],
    ];
    for (const [record, expected] of cases) assert.equal(formatLogLine(`${JSON.stringify(record)}\n`), expected);
    assert.equal(formatLogLine('not json'), 'not json\n');
    assert.equal(
      formatLogLine(JSON.stringify({ level: 50, time, msg: 'x' }), { color: true }),
      '\u001b[31m14:03:07.412 ERROR x\u001b[0m\n',
    );
  });
});

const database = openTestDb();
const apps: FastifyInstance[] = [];
after(async () => {
  for (const app of apps) await app.close();
  await (await database).drop();
});

/** An app logging at info in `format`, and what it wrote. */
async function appLogging(format: 'pretty' | 'json') {
  const { db } = await database;
  const lines: string[] = [];
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: format }),
    db,
    logSink: { write: (text: string) => lines.push(text) },
  });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

/** The app's files and pages, an app file that is missing, API calls, and an OAuth callback with its secrets. */
async function browse(app: FastifyInstance) {
  const secret = { authorization: 'Bearer do-not-log', cookie: 'jwt=do-not-log' };
  const html = { accept: 'text/html', cookie: secret.cookie };
  const statuses = [
    (await app.inject({ url: '/main.0123456789.js', headers: secret })).statusCode,
    (await app.inject({ url: '/', headers: html })).statusCode,
    (await app.inject({ url: '/dashboard', headers: html })).statusCode,
    (await app.inject({ url: '/robots.txt' })).statusCode,
    (await app.inject({ url: '/healthz' })).statusCode,
    (await app.inject({ url: '/main.missing.js' })).statusCode,
    (await app.inject({ url: '/v1/auth/me', headers: secret })).statusCode,
    (await app.inject({ url: '/v1/oauth/github/callback?code=one-time-code&state=the-state' })).statusCode,
  ];
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 404, 401, 404]);
}

const secrets = /do-not-log|one-time-code|the-state/;

describe('request logs', () => {
  test('pretty (demo): one line per API request; app files and pages only when they fail', async () => {
    const { app, lines } = await appLogging('pretty');
    lines.length = 0;
    await browse(app);
    const shown = lines.map((line) => line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, '').replace(/ [\d.]+ ms/, ' N ms'));
    assert.deepEqual(shown, [
      `WARN  GET /main.missing.js 404 N ms req=${/req=(\S+)/.exec(lines[0])?.[1]}\n`,
      'INFO  GET /v1/auth/me 401 N ms\n',
      'INFO  GET /v1/oauth/github/callback 404 N ms\n',
    ]);
    assert.doesNotMatch(lines.join(''), secrets);
  });

  test('json (production): one JSON line per request when it completes, still redacted and without query strings', async () => {
    const { app, lines } = await appLogging('json');
    lines.length = 0;
    await browse(app);
    const records = lines.map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          reqId?: string;
          req?: { url: string; method: string; id: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    // No "incoming request" line: each request's one line names it, its status and its time.
    assert.equal(records.filter((record) => record.msg === 'incoming request').length, 0);
    const completed = records.filter((record) => record.msg === 'request completed');
    assert.deepEqual(
      completed.map((record) => [record.req?.method, record.req?.url, record.res?.statusCode]),
      [
        ['GET', '/main.0123456789.js', 200],
        ['GET', '/', 200],
        ['GET', '/dashboard', 200],
        ['GET', '/robots.txt', 200],
        ['GET', '/healthz', 200],
        ['GET', '/main.missing.js', 404],
        ['GET', '/v1/auth/me', 401],
        ['GET', '/v1/oauth/github/callback', 404],
      ],
    );
    for (const record of completed) {
      assert.equal(typeof record.responseTime, 'number');
      assert.equal(record.req?.id, record.reqId);
    }
    assert.doesNotMatch(lines.join(''), secrets);
  });
});
