import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, type TestContext } from './helpers';

/** Links the server stores or sends are built from configuration, never from the Host header a client chose. */
describe('without PUBLIC_URL (the demo)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', PORT: '8080' });
  });
  after(() => ctx.close());
  beforeEach(() => ctx.reset());

  async function createLink(host: string) {
    const alice = await ctx.user('alice');
    const teamId = await ctx.team(alice);
    const res = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
      as: alice,
      body: { amount_cents: 1000 },
      headers: { host },
    });
    assert.equal(res.status, 201);
    const [stored] = await ctx.db.query<{ payment_url: string }>('SELECT payment_url FROM payments');
    return { answered: res.body.payment_url as string, stored: stored.payment_url };
  }

  for (const host of [
    'evil.example',
    'evil.example:8080',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    '[::2]',
  ]) {
    test(`Host: ${host} does not reach a stored payment link`, async () => {
      const { answered, stored } = await createLink(host);
      assert.equal(stored, answered);
      assert.match(stored, /^http:\/\/localhost:8080\/v1\/payments\/sandbox\/ord_/);
    });
  }

  test('a loopback Host (the browser of the person running the demo) is kept, port included', async () => {
    const { stored } = await createLink('127.0.0.1:9000');
    assert.match(stored, /^http:\/\/127\.0\.0\.1:9000\/v1\/payments\/sandbox\//);
  });

  test('the OAuth callback URL sent to GitHub ignores a foreign Host', async () => {
    const res = await ctx.app.inject({ url: '/v1/oauth/github/login', headers: { host: 'evil.example' } });
    assert.equal(res.statusCode, 302);
    const redirectUri = new URL(String(res.headers.location)).searchParams.get('redirect_uri');
    assert.equal(redirectUri, 'http://localhost:8080/v1/oauth/github/callback');
  });

  test('a foreign Host cannot vouch for its own Origin in the CSRF check', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', {
      body: { login: 'alice' },
      headers: { 'content-type': 'application/json', host: 'evil.example', origin: 'http://evil.example' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'CSRF_REJECTED');
  });
});

describe('with PUBLIC_URL', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://gateway.example.com' });
  });
  after(() => ctx.close());

  test('every link uses PUBLIC_URL, whatever the Host', async () => {
    const alice = await ctx.user('alice');
    const teamId = await ctx.team(alice);
    for (const host of ['evil.example', 'localhost:8080']) {
      const res = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
        as: alice,
        body: { amount_cents: 1000 },
        headers: { host },
      });
      assert.match(res.body.payment_url, /^https:\/\/gateway\.example\.com\/v1\/payments\/sandbox\//);
    }
  });
});
