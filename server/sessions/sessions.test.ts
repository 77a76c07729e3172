import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_SECRET, createTestContext, testConfig, type TestContext } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ ADMIN_LOGINS: 'boss' });
});
after(() => ctx.close());
beforeEach(() => ctx.reset());

/** Signs in through the real endpoint and returns the session token from the cookie it sets. */
async function signIn(login: string, headers: Record<string, string> = {}) {
  const res = await ctx.request('POST', '/v1/auth/dev-login', {
    body: { login },
    headers: { 'content-type': 'application/json', ...headers },
  });
  assert.equal(res.status, 200);
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((value) => value.startsWith('jwt='));
  assert.ok(cookie, 'session cookie set');
  return { token: cookie.split(';')[0].slice(4), cookie, user: res.body };
}

const me = (token: string) => ctx.request('GET', '/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
const key = new TextEncoder().encode(TEST_SECRET);

describe('sessions end on the server', () => {
  test('after logout the same token no longer answers /v1/auth/me', async () => {
    const { token } = await signIn('alice');
    assert.equal((await me(token)).status, 200);
    const logout = await ctx.app.inject({ url: '/v1/auth/logout', cookies: { jwt: token } });
    assert.equal(logout.statusCode, 302);
    const after = await me(token);
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'INVALID_TOKEN');
    assert.match(after.body.message, /session has ended/);
  });

  test('logout with a Bearer token ends that session too, and other sessions of the user stay', async () => {
    const laptop = await signIn('alice');
    const phone = await signIn('alice');
    await ctx.request('GET', '/v1/auth/logout', { headers: { authorization: `Bearer ${laptop.token}` } });
    assert.equal((await me(laptop.token)).status, 401);
    assert.equal((await me(phone.token)).status, 200);
  });

  test('logout without a session, or with garbage, still clears the cookies and redirects', async () => {
    for (const cookies of [{}, { jwt: 'garbage' }] as Record<string, string>[]) {
      const res = await ctx.app.inject({ url: '/v1/auth/logout', cookies });
      assert.equal(res.statusCode, 302);
      assert.match(String(res.headers['set-cookie']), /jwt=;/);
    }
  });

  test('signing out with a token that has just expired still ends its session', async () => {
    const alice = await ctx.user('alice');
    const expired = await ctx.token(alice.id, -5);
    await ctx.app.inject({ url: '/v1/auth/logout', cookies: { jwt: expired } });
    const [row] = await ctx.db.query<{ ended: boolean }>(
      'SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE user_id = $1 AND expires_at < now()',
      [alice.id],
    );
    assert.equal(row.ended, true);
  });

  test('sign out everywhere ends every session of the user and only theirs', async () => {
    const laptop = await signIn('alice');
    const phone = await signIn('alice');
    const bob = await signIn('bob');
    const res = await ctx.request('POST', '/v1/auth/logout-all', {
      headers: { authorization: `Bearer ${phone.token}`, 'content-type': 'application/json' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { ended_sessions: 2 });
    assert.match(String(res.headers['set-cookie']), /jwt=;/);
    assert.equal((await me(laptop.token)).status, 401);
    assert.equal((await me(phone.token)).status, 401);
    assert.equal((await me(bob.token)).status, 200);
    const again = await signIn('alice');
    assert.equal((await me(again.token)).status, 200);
  });

  test('sign out everywhere needs a session and a JSON request (no cross-site form can trigger it)', async () => {
    assert.equal((await ctx.request('POST', '/v1/auth/logout-all')).status, 401);
    const { token } = await signIn('alice');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/v1/auth/logout-all',
      cookies: { jwt: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(form.statusCode, 403);
    assert.equal((await me(token)).status, 200);
  });
});

describe('tokens the server did not issue for a live session are refused', () => {
  test('a token without exp is refused, even with a valid signature and session', async () => {
    const { token } = await signIn('alice');
    const [, payload] = token.split('.');
    const { sub, sid } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; sid: string };
    const forever = await new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).sign(key);
    const res = await me(forever);
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'INVALID_TOKEN');
  });

  test('a token of the old kind (no session id) is refused', async () => {
    const alice = await ctx.user('alice');
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setExpirationTime('1h')
      .sign(key);
    assert.equal((await me(old)).status, 401);
  });

  test("a token naming another user's session is refused", async () => {
    const alice = await signIn('alice');
    const bob = await ctx.user('bob');
    const sid = JSON.parse(Buffer.from(alice.token.split('.')[1], 'base64url').toString()).sid as string;
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(bob.id)
      .setExpirationTime('1h')
      .sign(key);
    assert.equal((await me(forged)).status, 401);
  });

  test('a session past its expiry on the server is refused as expired whatever the token says', async () => {
    const { token } = await signIn('alice');
    await ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    const res = await me(token);
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'TOKEN_EXPIRED');
  });

  test('sessions are issued for 7 days: the token, the cookie and the row agree', async () => {
    const { token, cookie } = await signIn('alice');
    const { exp, iat } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    assert.ok(Math.abs(exp - iat - 7 * 24 * 3600) <= 2, `exp - iat = ${exp - iat}`);
    assert.match(cookie, /Max-Age=604800/);
    const [row] = await ctx.db.query<{ seconds: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM sessions',
    );
    assert.ok(Math.abs(row.seconds - 7 * 24 * 3600) <= 2);
  });
});

describe('administrator rights come from ADMIN_LOGINS on every request', () => {
  test('a login removed from ADMIN_LOGINS loses /v1/admin at once after a restart, with the same session', async () => {
    const { token } = await signIn('boss');
    const adminCall = (app: typeof ctx.app) =>
      app.inject({ url: '/v1/admin/coupons', headers: { authorization: `Bearer ${token}` } });
    assert.equal((await adminCall(ctx.app)).statusCode, 200);

    // The same database, restarted with another configuration.
    const restarted = await buildApp({ config: testConfig({ ADMIN_LOGINS: 'someone-else' }), db: ctx.db });
    try {
      const refused = await adminCall(restarted);
      assert.equal(refused.statusCode, 403);
      const status = await restarted.inject({ url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
      assert.equal(status.json().is_admin, false);
    } finally {
      await restarted.close();
    }
  });

  test('a login added to ADMIN_LOGINS is an administrator without signing in again', async () => {
    const { token } = await signIn('carol');
    const promoted = await buildApp({ config: testConfig({ ADMIN_LOGINS: 'CAROL' }), db: ctx.db });
    try {
      const res = await promoted.inject({ url: '/v1/admin/coupons', headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200);
    } finally {
      await promoted.close();
    }
  });
});

describe('the Secure cookie flag', () => {
  const secureCases: [Record<string, string>, boolean | null][] = [
    [{}, null],
    [{ PUBLIC_URL: 'https://gateway.example.com' }, true],
    [{ PUBLIC_URL: 'http://gateway.example.com' }, null],
    [{ PUBLIC_URL: 'https://gateway.example.com', COOKIE_SECURE: 'false' }, false],
    [{ COOKIE_SECURE: 'true' }, true],
  ];
  for (const [env, expected] of secureCases) {
    test(`${JSON.stringify(env)} gives cookieSecure ${expected}`, () => {
      assert.equal(loadConfig(env, ['--demo']).cookieSecure, expected);
    });
  }

  test('with an https PUBLIC_URL the session cookie is Secure even on a plain-http hop behind the proxy', async () => {
    const app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://gateway.example.com' }), db: ctx.db });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth/dev-login',
        headers: { 'content-type': 'application/json' },
        payload: { login: 'alice' },
      });
      assert.equal(res.statusCode, 200);
      const cookies = [res.headers['set-cookie']].flat().map(String);
      assert.ok(cookies.length >= 2);
      for (const cookie of cookies) assert.match(cookie, /; Secure/, cookie);
    } finally {
      await app.close();
    }
  });
});
