import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ CORS_ORIGINS: 'https://app.example.com' });
});
after(() => ctx.close());
beforeEach(() => ctx.reset());

describe('GET /v1/auth/me', () => {
  test('returns the signed-in user (bearer token)', async () => {
    const alice = await ctx.user('alice');
    const res = await ctx.request('GET', '/v1/auth/me', { as: alice });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      id: alice.id,
      login: 'alice',
      name: 'alice',
      email: 'alice@example.com',
      is_admin: false,
      team_id: null,
      team_role: null,
    });
  });

  test("names the user's team and role, so the app asks no team-scoped call of a user without one", async () => {
    const alice = await ctx.user('alice');
    const teamId = await ctx.team(alice);
    const bob = await ctx.user('bob');
    await ctx.join(bob, teamId);
    const me = (await ctx.request('GET', '/v1/auth/me', { as: alice })).body;
    assert.deepEqual([me.team_id, me.team_role], [teamId, 'owner']);
    const member = (await ctx.request('GET', '/v1/auth/me', { as: bob })).body;
    assert.deepEqual([member.team_id, member.team_role], [teamId, 'member']);
    const login = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'alice' } });
    assert.deepEqual([login.body.team_id, login.body.team_role], [teamId, 'owner']);
    const newcomer = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'newcomer' } });
    assert.deepEqual([newcomer.body.team_id, newcomer.body.team_role], [null, null]);
  });

  test('accepts the jwt cookie', async () => {
    const alice = await ctx.user('alice');
    const res = await ctx.app.inject({ url: '/v1/auth/me', cookies: { jwt: alice.token } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().login, 'alice');
  });

  test('401 NO_TOKEN without a session', async () => {
    const res = await ctx.request('GET', '/v1/auth/me');
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'NO_TOKEN');
  });

  test('?optional=true answers 204 without a session (no 401 in the console of /login) and the user with one', async () => {
    const none = await ctx.request('GET', '/v1/auth/me?optional=true');
    assert.equal(none.status, 204);
    const expired = await ctx.request('GET', '/v1/auth/me?optional=true', {
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    assert.equal(expired.status, 204);
    const alice = await ctx.user('alice');
    const signedIn = await ctx.request('GET', '/v1/auth/me?optional=true', { as: alice });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.login, 'alice');
    assert.equal((await ctx.request('GET', '/v1/auth/me?optional=false')).status, 401);
    assert.equal((await ctx.request('GET', '/v1/auth/me?optional=maybe', { as: alice })).status, 400);
  });

  test('401 INVALID_TOKEN for a forged or garbage token', async () => {
    const garbage = await ctx.request('GET', '/v1/auth/me', { headers: { authorization: 'Bearer not-a-jwt' } });
    assert.equal(garbage.status, 401);
    assert.equal(garbage.body.code, 'INVALID_TOKEN');
    const alice = await ctx.user('alice');
    const [header, payload] = alice.token.split('.');
    const forged = await ctx.request('GET', '/v1/auth/me', {
      headers: { authorization: `Bearer ${header}.${payload}.AAAA` },
    });
    assert.equal(forged.body.code, 'INVALID_TOKEN');
  });

  test('401 INVALID_TOKEN when the user no longer exists', async () => {
    const gone = await ctx.user('gone');
    await ctx.db.query('DELETE FROM users WHERE id = $1', [gone.id]);
    const token = gone.token;
    const res = await ctx.request('GET', '/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'INVALID_TOKEN');
  });

  test('401 TOKEN_EXPIRED for an expired session', async () => {
    const alice = await ctx.user('alice');
    const expired = await ctx.token(alice.id, -60);
    const res = await ctx.request('GET', '/v1/auth/me', { headers: { authorization: `Bearer ${expired}` } });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'TOKEN_EXPIRED');
  });

  test('a user whose email has a pending invite joins that team', async () => {
    const owner = await ctx.user('owner');
    const teamId = await ctx.team(owner);
    const invited = await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'Carol@Example.com' } });
    assert.equal(invited.status, 201);
    const carol = await ctx.user('carol', { email: 'carol@example.com' });
    const me = await ctx.request('GET', '/v1/auth/me', { as: carol });
    assert.equal(me.status, 200);
    assert.equal(me.body.team_id, teamId, 'the team joined on this very check');
    assert.equal(me.body.team_role, 'member');
    const team = await ctx.request('GET', '/v1/teams/', { as: carol });
    assert.equal(team.status, 200);
    assert.equal(team.body.id, teamId);
    assert.equal(team.body.member_count, 2);
  });
});

describe('POST /v1/auth/dev-login', () => {
  test('signs in, creating the user, and sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'newbie' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.login, 'newbie');
    assert.equal(res.body.is_admin, false);
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^jwt=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    const token = cookie.split(';')[0].slice(4);
    const me = await ctx.request('GET', '/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.body.id, res.body.id);
  });

  test('sets a readable signed_in hint next to the session cookie, with the same lifetime', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'hinted' } });
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const session = cookies.find((cookie) => cookie.startsWith('jwt='));
    const hint = cookies.find((cookie) => cookie.startsWith('signed_in='));
    assert.ok(session && hint, `both cookies set: ${cookies.join(' | ')}`);
    assert.match(hint, /^signed_in=1;/);
    assert.doesNotMatch(hint, /HttpOnly/);
    assert.equal(/Max-Age=(\d+)/.exec(hint)?.[1], /Max-Age=(\d+)/.exec(session)?.[1]);
  });

  test('logins in ADMIN_LOGINS are admins', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'Admin' } });
    assert.equal(res.body.is_admin, true);
  });

  test('x-forwarded-proto is not trusted unless TRUST_PROXY is set', async () => {
    const res = await ctx.request('POST', '/v1/auth/dev-login', {
      body: { login: 'alice' },
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    });
    assert.equal(res.status, 200);
    assert.doesNotMatch(String(res.headers['set-cookie']), /Secure/);
  });

  for (const login of ['', 'has space', 'x'.repeat(40), 'semi;colon']) {
    test(`400 for login ${JSON.stringify(login)}`, async () => {
      const res = await ctx.request('POST', '/v1/auth/dev-login', { body: { login } });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'VALIDATION_ERROR');
      assert.match(res.body.message, /login/);
    });
  }

  test('400 when login is missing or the body is not JSON', async () => {
    const missing = await ctx.request('POST', '/v1/auth/dev-login', { body: {} });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /login is required|login must/);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/v1/auth/dev-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'VALIDATION_ERROR');
  });
});

describe('logout and the login page', () => {
  test('logout clears the cookie and redirects to /login', async () => {
    const res = await ctx.request('GET', '/v1/auth/logout');
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/login');
    assert.match(String(res.headers['set-cookie']), /jwt=;.*Expires=Thu, 01 Jan 1970/);
    assert.match(String(res.headers['set-cookie']), /signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  test('the development sign-in page is accessible HTML with the demo users', async () => {
    const res = await ctx.request('GET', '/v1/oauth/github/login?redirect=%2Fdashboard');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.text, /<html lang="en">/);
    assert.match(res.text, /<title>/);
    assert.match(res.text, /<label for="login">/);
    // Browsers compile an input's pattern with the v flag, where a bare '-' in a class is a syntax error (the console
    // says so and the field goes unchecked).
    const pattern = /pattern="([^"]+)"/.exec(res.text)?.[1] ?? '';
    assert.doesNotThrow(() => new RegExp(`^(?:${pattern})$`, 'v'), pattern);
    assert.ok(new RegExp(`^(?:${pattern})$`, 'v').test('new-user-1'));
    assert.ok(!new RegExp(`^(?:${pattern})$`, 'v').test('no spaces'));
    for (const login of ['alice', 'bob', 'admin']) assert.match(res.text, new RegExp(`data-login="${login}"`));
    assert.match(res.text, /const redirect = "\/dashboard"/);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
  });

  test('accepts an allowed CORS origin as redirect; any other target falls back to /dashboard', async () => {
    const ok = await ctx.request('GET', '/v1/oauth/github/login?redirect=https%3A%2F%2Fapp.example.com%2Fdebug');
    assert.equal(ok.status, 200);
    assert.match(ok.text, /const redirect = "https:\/\/app.example.com\/debug"/);
    for (const bad of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      const res = await ctx.request('GET', `/v1/oauth/github/login?redirect=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 200, bad);
      assert.match(res.text, /const redirect = "\/dashboard"/, bad);
    }
  });
});

describe('CSRF, CORS and request plumbing', () => {
  test('state-changing requests must be JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/auth/dev-login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=alice',
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'CSRF_REJECTED');
  });

  test('a foreign Origin is rejected, our own and CORS_ORIGINS are allowed', async () => {
    const body = { login: 'alice' };
    const foreign = await ctx.request('POST', '/v1/auth/dev-login', {
      body,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'CSRF_REJECTED');
    const own = await ctx.request('POST', '/v1/auth/dev-login', {
      body,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8080', host: 'localhost:8080' },
    });
    assert.equal(own.status, 200);
    const cors = await ctx.request('POST', '/v1/auth/dev-login', {
      body,
      headers: { 'content-type': 'application/json', origin: 'https://app.example.com' },
    });
    assert.equal(cors.status, 200);
    assert.equal(cors.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.equal(cors.headers['access-control-allow-credentials'], 'true');
  });

  test('CORS preflight for an allowed origin', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/v1/teams/',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.match(String(res.headers['access-control-allow-headers']), /content-type/);
  });

  test('x-request-id is echoed, or generated', async () => {
    const given = await ctx.request('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    assert.equal(given.headers['x-request-id'], 'abc-123');
    const generated = await ctx.request('GET', '/healthz');
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  test('health and readiness', async () => {
    assert.deepEqual((await ctx.request('GET', '/healthz')).body, { status: 'ok' });
    assert.deepEqual((await ctx.request('GET', '/readyz')).body, { status: 'ok' });
  });

  test('a draining instance says so on /readyz (the load balancer stops sending) and still serves', async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const ready = await ctx.request('GET', '/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body, { code: 'DRAINING', message: 'This instance is shutting down' });
      assert.equal((await ctx.request('GET', '/healthz')).status, 200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
    assert.equal((await ctx.request('GET', '/readyz')).status, 200);
  });

  test('GET /v1/debug/cookies reports what the server received', async () => {
    const alice = await ctx.user('alice');
    const res = await ctx.app.inject({ url: '/v1/debug/cookies', cookies: { jwt: alice.token, other: '1' } });
    const body = res.json();
    assert.deepEqual(body.cookie_names.sort(), ['jwt', 'other']);
    assert.equal(body.jwt_cookie_present, true);
    assert.equal(body.token_valid, true);
    assert.equal(body.token_error, null);
    assert.equal(body.user.login, 'alice');
    assert.equal(body.authorization_header_present, false);
    const anonymous = (await ctx.request('GET', '/v1/debug/cookies')).body;
    assert.equal(anonymous.token_valid, false);
    assert.equal(anonymous.token_error, 'NO_TOKEN');
    assert.equal(anonymous.user, null);
  });

  test('the built app: files, index.html fallback for HTML routes, robots.txt, JSON 404 under /v1', async () => {
    const page = await ctx.request('GET', '/usage-reports', { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(page.text, /<div id="root">/);
    // The root is a directory to the static plugin; it must still be the app (sign-in redirects land there).
    const root = await ctx.request('GET', '/', { headers: { accept: 'text/html' } });
    assert.equal(root.status, 200);
    assert.match(root.text, /<div id="root">/);
    const asset = await ctx.request('GET', '/main.0123456789.js');
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    const robots = await ctx.request('GET', '/robots.txt');
    assert.equal(robots.text, 'User-agent: *\nAllow: /\n');
    const api = await ctx.request('GET', '/v1/unknown', { headers: { accept: 'text/html' } });
    assert.equal(api.status, 404);
    assert.equal(api.body.code, 'NOT_FOUND');
    const json = await ctx.request('GET', '/missing.png');
    assert.equal(json.status, 404);
  });
});
