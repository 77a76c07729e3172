import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../test/helpers';

/** A tiny stand-in for github.com and api.github.com that records what it was asked. */
function startFakeGithub() {
  const seen: { tokenRequests: unknown[] } = { tokenRequests: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
        const parsed = JSON.parse(body);
        seen.tokenRequests.push(parsed);
        return parsed.code === 'good-code'
          ? json(200, { access_token: 'gho_fake', token_type: 'bearer' })
          : json(200, { error: 'bad_verification_code' });
      }
      if (req.headers.authorization !== 'Bearer gho_fake') return json(401, { message: 'Bad credentials' });
      if (req.url === '/user') return json(200, { id: 4242, login: 'octocat', name: 'The Octocat', email: null });
      if (req.url === '/user/emails') {
        return json(200, [
          { email: 'secondary@example.com', primary: false, verified: true },
          { email: 'Octo@Example.com', primary: true, verified: true },
        ]);
      }
      json(404, { message: 'Not Found' });
    });
  });
  return new Promise<{ url: string; seen: typeof seen; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen,
        close: () =>
          new Promise((done) => {
            // fetch keeps connections alive; drop them so close() does not wait for their timeout.
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let ctx: TestContext;
let github: Awaited<ReturnType<typeof startFakeGithub>>;

before(async () => {
  github = await startFakeGithub();
  ctx = await createTestContext(
    {
      GITHUB_CLIENT_ID: 'client-123',
      GITHUB_CLIENT_SECRET: 'secret-456',
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
      PUBLIC_URL: 'http://gateway.test',
      APP_URL: 'http://app.test',
      CORS_ORIGINS: 'http://app.test',
      ADMIN_LOGINS: 'octocat',
    },
    [],
  );
});
after(async () => {
  await ctx.close();
  await github.close();
});

async function startLogin(redirect: string) {
  const res = await ctx.app.inject({ url: `/v1/oauth/github/login?redirect=${encodeURIComponent(redirect)}` });
  assert.equal(res.statusCode, 302);
  const location = new URL(String(res.headers.location));
  const stateCookie = res.cookies.find((cookie) => cookie.name === 'oauth_state');
  assert.ok(stateCookie, 'state cookie set');
  return { location, stateCookie: stateCookie.value };
}

describe('GitHub OAuth (production mode)', () => {
  test('login redirects to GitHub with client id, callback and a state kept in a signed cookie', async () => {
    const { location } = await startLogin('/dashboard');
    assert.equal(location.origin, github.url);
    assert.equal(location.pathname, '/login/oauth/authorize');
    assert.equal(location.searchParams.get('client_id'), 'client-123');
    assert.equal(location.searchParams.get('redirect_uri'), 'http://gateway.test/v1/oauth/github/callback');
    assert.ok((location.searchParams.get('state') ?? '').length >= 32);
  });

  test('a callback whose state does not match is rejected', async () => {
    const { stateCookie } = await startLogin('/dashboard');
    const res = await ctx.app.inject({
      url: '/v1/oauth/github/callback?code=good-code&state=someone-elses-state',
      cookies: { oauth_state: stateCookie },
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /state/);
    assert.equal(
      res.cookies.find((cookie) => cookie.name === 'jwt'),
      undefined,
    );
  });

  test('a callback without the state cookie is rejected', async () => {
    const { location } = await startLogin('/dashboard');
    const res = await ctx.app.inject({
      url: `/v1/oauth/github/callback?code=good-code&state=${location.searchParams.get('state')}`,
    });
    assert.equal(res.statusCode, 400);
  });

  test('a successful callback creates the user, sets the session cookie and redirects to the saved target', async () => {
    const { location, stateCookie } = await startLogin('http://app.test/billing');
    const state = location.searchParams.get('state')!;
    const res = await ctx.app.inject({
      url: `/v1/oauth/github/callback?code=good-code&state=${state}`,
      cookies: { oauth_state: stateCookie },
    });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'http://app.test/billing');
    const jwt = res.cookies.find((cookie) => cookie.name === 'jwt');
    assert.ok(jwt);
    assert.equal(jwt.httpOnly, true);
    assert.equal(jwt.sameSite, 'Lax');
    assert.deepEqual(github.seen.tokenRequests.at(-1), {
      client_id: 'client-123',
      client_secret: 'secret-456',
      code: 'good-code',
      redirect_uri: 'http://gateway.test/v1/oauth/github/callback',
    });
    const me = await ctx.app.inject({ url: '/v1/auth/me', cookies: { jwt: jwt.value } });
    assert.deepEqual(
      { ...(me.json() as object), id: undefined },
      {
        id: undefined,
        login: 'octocat',
        name: 'The Octocat',
        email: 'octo@example.com',
        is_admin: true,
        team_id: null,
        team_role: null,
      },
    );
  });

  test('a disabled user is sent back to the login page with the reason, and gets no session', async () => {
    const first = await startLogin('http://app.test/billing');
    await ctx.app.inject({
      url: `/v1/oauth/github/callback?code=good-code&state=${first.location.searchParams.get('state')}`,
      cookies: { oauth_state: first.stateCookie },
    });
    await ctx.db.query(`UPDATE users SET disabled_at = now() WHERE login = 'octocat'`);
    const { location, stateCookie } = await startLogin('http://app.test/billing');
    const res = await ctx.app.inject({
      url: `/v1/oauth/github/callback?code=good-code&state=${location.searchParams.get('state')}`,
      cookies: { oauth_state: stateCookie },
    });
    await ctx.db.query(`UPDATE users SET disabled_at = NULL WHERE login = 'octocat'`);
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'http://app.test/login?error=account_disabled');
    assert.equal(
      res.cookies.find((cookie) => cookie.name === 'jwt'),
      undefined,
    );
  });

  test('a code GitHub refuses gives 502 and no session', async () => {
    const { location, stateCookie } = await startLogin('/');
    const res = await ctx.app.inject({
      url: `/v1/oauth/github/callback?code=bad-code&state=${location.searchParams.get('state')}`,
      cookies: { oauth_state: stateCookie },
    });
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().code, 'OAUTH_FAILED');
  });

  const redirects = [
    ['https://evil.example/', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    // Browsers drop the CR and LF: what is left is a harmless path of ours, never a header of its own.
    ['/\r\nSet-Cookie: x=1', '/Set-Cookie:%20x=1'],
  ];
  for (const [target, expected] of redirects) {
    test(`redirect ${JSON.stringify(target)} lands on ${expected} after the callback`, async () => {
      const { location, stateCookie } = await startLogin(target);
      const state = location.searchParams.get('state');
      const res = await ctx.app.inject({
        url: `/v1/oauth/github/callback?code=good-code&state=${state}`,
        cookies: { oauth_state: stateCookie },
      });
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, expected);
      assert.ok(!res.cookies.some((cookie) => cookie.name === 'x'));
    });
  }

  test('400 when code or state is missing', async () => {
    const noState = await ctx.request('GET', '/v1/oauth/github/callback?code=abc');
    assert.equal(noState.status, 400);
    assert.match(noState.body.message, /state/);
    const { location, stateCookie } = await startLogin('/');
    const noCode = await ctx.app.inject({
      url: `/v1/oauth/github/callback?state=${location.searchParams.get('state')}`,
      cookies: { oauth_state: stateCookie },
    });
    assert.equal(noCode.statusCode, 400);
    assert.match(noCode.json().message, /code/);
  });

  test('declining on GitHub leads back to the login page', async () => {
    const { location, stateCookie } = await startLogin('/');
    const res = await ctx.app.inject({
      url: `/v1/oauth/github/callback?error=access_denied&state=${location.searchParams.get('state')}`,
      cookies: { oauth_state: stateCookie },
    });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'http://app.test/login');
  });

  test('development sign-in answers 404 outside demo mode', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'alice' } });
    assert.equal(res.status, 404);
  });

  test('logout redirects to APP_URL/login', async () => {
    const res = await ctx.request('GET', '/v1/auth/logout');
    assert.equal(res.headers.location, 'http://app.test/login');
  });
});
