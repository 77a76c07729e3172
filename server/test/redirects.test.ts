import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_REDIRECT, safeRedirect } from '../lib/redirect';
import { createTestContext, type TestContext } from './helpers';
import { runSeed, seededRandom } from './seededRandom';

const OWN = 'http://localhost:8080';
const ALLOWED = ['https://app.example.com'];

/** Where a browser ends up when it follows `target` from a page of our origin (its own URL parser decides). */
const landing = (target: string) => new URL(target, OWN).origin;

describe('safeRedirect', () => {
  const table: [string | undefined, string][] = [
    [undefined, DEFAULT_REDIRECT],
    ['', DEFAULT_REDIRECT],
    ['/usage-reports?tab=1#top', '/usage-reports?tab=1#top'],
    [OWN, '/'],
    [`${OWN}/billing`, '/billing'],
    ['https://app.example.com/debug', 'https://app.example.com/debug'],
    ['https://evil.example', DEFAULT_REDIRECT],
    ['//evil.example', DEFAULT_REDIRECT],
    ['/\\evil.example', DEFAULT_REDIRECT],
    ['\\\\evil.example', DEFAULT_REDIRECT],
    ['/\t/evil.example', DEFAULT_REDIRECT],
    ['/\n/evil.example', DEFAULT_REDIRECT],
    ['/\r\n/evil.example', DEFAULT_REDIRECT],
    ['\t//evil.example', DEFAULT_REDIRECT],
    ['https:evil.example', DEFAULT_REDIRECT],
    ['javascript:alert(1)', DEFAULT_REDIRECT],
    ['data:text/html,hi', DEFAULT_REDIRECT],
    [`${OWN}//evil.example/`, DEFAULT_REDIRECT],
    ['https://app.example.com@evil.example/', DEFAULT_REDIRECT],
    ['http://[::1', DEFAULT_REDIRECT],
  ];
  for (const [value, expected] of table) {
    test(`${JSON.stringify(value)} -> ${expected}`, () => {
      assert.equal(safeRedirect(value, OWN, ALLOWED), expected);
    });
  }

  test('property: whatever the input, the browser lands on our origin or an allowed one, and no control character survives', () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    const parts = [
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '@',
      ':',
      '.',
      '#',
      '?',
      '%2f',
      '%09',
      '%0a',
      'evil.example',
      'localhost',
      ':8080',
      'http',
      'https',
      'javascript',
      'app.example.com',
      '\u0000',
      '\u3002',
      '%5c',
    ];
    for (let i = 0; i < 5000; i++) {
      const value = Array.from({ length: random.int(1, 8) }, () => random.pick(parts)).join('');
      const target = safeRedirect(value, OWN, ALLOWED);
      assert.ok([OWN, ...ALLOWED].includes(landing(target)), `seed ${seed}: ${JSON.stringify(value)} -> ${target}`);
      assert.ok(
        ![...target].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f'),
        `seed ${seed}: ${JSON.stringify(value)}`,
      );
    }
  });
});

describe('sign-in redirects over HTTP', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({ CORS_ORIGINS: ALLOWED.join(','), PUBLIC_URL: OWN });
  });
  after(() => ctx.close());

  // Raw query strings, as an attacker would put them in a link.
  for (const query of [
    '%2F%09%2Fevil.example',
    '%2F%0A%2Fevil.example',
    '%2F%5Cevil.example',
    'https%3A%2F%2Fevil.example',
  ]) {
    test(`the development sign-in page sends redirect=${query} to /dashboard`, async () => {
      const res = await ctx.request('GET', `/v1/oauth/github/login?redirect=${query}`);
      assert.equal(res.status, 200);
      const redirect = /const redirect = ("[^"]*")/.exec(res.text)?.[1];
      assert.equal(redirect && JSON.parse(redirect), '/dashboard');
    });
  }
});
