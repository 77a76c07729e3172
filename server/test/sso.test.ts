import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { AuthUser } from '../../contract/schemas/auth';
import { createTestContext, type TestContext } from './helpers';
import { CookieJar, browse, startOidcProvider, throughProvider, type TestOidcProvider } from './oidcProvider';

/**
 * Single sign-on with an OpenID Connect provider (docs/operations.md#single-sign-on), against a real one
 * (oidc-provider), through HTTP with a browser's cookies: the whole redirect flow, who a sign-in is (by subject; by a
 * verified email only), the admin claim and the team of an email's domain; and every answer that must be refused.
 */
const TEAM_ID = '00000000-0000-4000-8000-0000000000ac';
let idp: TestOidcProvider;
let ctx: TestContext;
let origin: string;

before(async () => {
  idp = await startOidcProvider();
  ctx = await createTestContext({
    OIDC_PROVIDERS: 'corp',
    OIDC_CORP_NAME: 'Corp SSO',
    OIDC_CORP_ISSUER: idp.issuer,
    OIDC_CORP_CLIENT_ID: idp.clientId,
    OIDC_CORP_CLIENT_SECRET: idp.clientSecret,
    OIDC_CORP_SCOPES: 'openid email profile groups',
    OIDC_CORP_ADMIN_CLAIM: 'groups=gateway-admins',
    OIDC_CORP_TEAM_DOMAINS: `corp.example=${TEAM_ID}`,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  await idp.serve(`${origin}/v1/oauth/oidc/corp/callback`);
});
after(async () => {
  await ctx.close();
  await idp.close();
});
beforeEach(async () => {
  await ctx.reset();
  idp.accounts.clear();
  idp.tamper = null;
  await ctx.db.query(`INSERT INTO teams (id, name) VALUES ($1, 'Corp')`, [TEAM_ID]);
});

const loginUrl = () => `${origin}/v1/oauth/oidc/corp/login?redirect=${encodeURIComponent(`${origin}/dashboard`)}`;

/** Signs `subject` in through the provider; the gateway's answer to the callback, and the browser's jar. */
async function signIn(subject: string, jar = new CookieJar()) {
  const callback = await throughProvider(jar, loginUrl(), subject);
  return { jar, callback, response: await browse(jar, callback) };
}

async function me(jar: CookieJar): Promise<{ status: number; body: AuthUser }> {
  const response = await browse(jar, `${origin}/v1/auth/me`);
  return { status: response.status, body: (response.status === 200 ? await response.json() : null) as AuthUser };
}

const identities = () =>
  ctx.db.query<{ subject: string; user_id: string }>('SELECT subject, user_id FROM user_identities ORDER BY subject');

test('the login page`s list names the configured provider', async () => {
  const res = await ctx.request('GET', '/v1/auth/providers');
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { providers: [{ id: 'corp', name: 'Corp SSO' }] });
});

describe('the redirect flow', () => {
  test('a new user signs in: PKCE, state and nonce sent; admin by the group claim; the team of their verified domain', async () => {
    idp.accounts.set('sub-ann', {
      email: 'Ann@Corp.Example',
      email_verified: true,
      name: 'Ann Example',
      preferred_username: 'ann',
      groups: ['gateway-admins'],
    });
    const jar = new CookieJar();
    const start = await browse(jar, loginUrl());
    assert.equal(start.status, 302);
    const authorize = new URL(start.headers.get('location')!);
    assert.equal(authorize.origin, idp.issuer);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    for (const param of ['code_challenge', 'state', 'nonce']) assert.ok(authorize.searchParams.get(param), param);
    assert.equal(authorize.searchParams.get('redirect_uri'), `${origin}/v1/oauth/oidc/corp/callback`);

    const { response } = await signIn('sub-ann', jar);
    assert.equal(response.status, 302, await response.clone().text());
    assert.equal(response.headers.get('location'), '/dashboard');
    const { status, body } = await me(jar);
    assert.equal(status, 200);
    assert.equal(body.login, 'ann');
    assert.equal(body.email, 'ann@corp.example');
    assert.equal(body.name, 'Ann Example');
    assert.equal(body.is_admin, true);
    assert.equal(body.team_id, TEAM_ID);
    assert.equal(body.team_role, 'member');
    assert.deepEqual(
      (await identities()).map((row) => row.subject),
      ['sub-ann'],
    );
  });

  test("the domain's team is joined at the first sign-in only: a member the owner removed stays out", async () => {
    idp.accounts.set('sub-cy', { email: 'cy@corp.example', email_verified: true, preferred_username: 'cy' });
    const first = await me((await signIn('sub-cy')).jar);
    assert.equal(first.body.team_id, TEAM_ID);
    await ctx.db.query('DELETE FROM team_members WHERE user_id = $1', [first.body.id]);
    const second = await me((await signIn('sub-cy')).jar);
    assert.equal(second.status, 200);
    assert.equal(second.body.team_id, null, 'not joined again');
  });

  test('a user is their subject: a later sign-in with another email is the same user, without the admin group no admin', async () => {
    idp.accounts.set('sub-bo', { email: 'bo@elsewhere.example', email_verified: true, preferred_username: 'bo' });
    const first = await signIn('sub-bo');
    const firstMe = await me(first.jar);
    assert.equal(firstMe.body.is_admin, false);
    assert.equal(firstMe.body.team_id, null, 'a domain nobody mapped joins no team');
    idp.accounts.set('sub-bo', { email: 'bo@new.example', email_verified: true, preferred_username: 'bo-renamed' });
    const second = await signIn('sub-bo');
    const secondMe = await me(second.jar);
    assert.equal(secondMe.body.id, firstMe.body.id);
    assert.equal(secondMe.body.email, 'bo@new.example');
  });

  test('a verified email links the identity to the existing user whose address it is', async () => {
    const existing = await ctx.user('carol', { email: 'carol@corp.example' });
    idp.accounts.set('sub-carol', { email: 'carol@corp.example', email_verified: true });
    const { response, jar } = await signIn('sub-carol');
    assert.equal(response.status, 302);
    assert.equal((await me(jar)).body.id, existing.id);
    assert.deepEqual(await identities(), [{ subject: 'sub-carol', user_id: existing.id }]);
  });

  test('an unverified email of a new address makes a new user without that email, and joins no team by it', async () => {
    idp.accounts.set('sub-dan', { email: 'dan@corp.example', email_verified: false, preferred_username: 'dan' });
    const { jar } = await signIn('sub-dan');
    const { body } = await me(jar);
    assert.equal(body.login, 'dan');
    assert.equal(body.email, null);
    assert.equal(body.team_id, null);
  });
});

describe('refused', () => {
  test('an unverified email claiming an existing user`s address (nOAuth): no session, nothing linked', async () => {
    const victim = await ctx.user('victim', { email: 'victim@corp.example' });
    idp.accounts.set('sub-attacker', { email: 'victim@corp.example', email_verified: false });
    const { response, jar } = await signIn('sub-attacker');
    assert.equal(response.status, 403);
    const body = (await response.json()) as { code: string; message: string };
    assert.equal(body.code, 'SIGN_IN_REFUSED');
    assert.match(body.message, /has not verified it/);
    assert.equal(jar.get(origin, 'token'), undefined);
    assert.equal((await me(jar)).status, 401);
    assert.deepEqual(await identities(), []);
    const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [
      'victim@corp.example',
    ]);
    assert.equal(row.n, 1, `only ${victim.login} has the address`);
  });

  test('a user an administrator disabled: sent to the login page with the reason, no session, no team joined', async () => {
    const disabled = await ctx.user('erin', { email: 'erin@corp.example' });
    await ctx.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [disabled.id]);
    idp.accounts.set('sub-erin', { email: 'erin@corp.example', email_verified: true });
    const { response, jar } = await signIn('sub-erin');
    assert.equal(response.status, 302);
    assert.match(response.headers.get('location') ?? '', /\/login\?error=account_disabled$/);
    assert.equal(jar.get(origin, 'token'), undefined);
    assert.equal((await me(jar)).status, 401);
    const [member] = await ctx.db.query('SELECT 1 FROM team_members WHERE user_id = $1', [disabled.id]);
    assert.equal(member, undefined, 'the verified domain joins no team while disabled');
  });

  test('a forged state', async () => {
    idp.accounts.set('sub-eve', { email: 'eve@corp.example', email_verified: true });
    const jar = new CookieJar();
    const callback = new URL(await throughProvider(jar, loginUrl(), 'sub-eve'));
    callback.searchParams.set('state', 'forged-state-value');
    const response = await browse(jar, callback.href);
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, /state does not match/);
    assert.equal((await me(jar)).status, 401);
  });

  test('a callback without the browser`s sign-in cookie (another browser’s code and state)', async () => {
    idp.accounts.set('sub-eve', { email: 'eve@corp.example', email_verified: true });
    const callback = await throughProvider(new CookieJar(), loginUrl(), 'sub-eve');
    const response = await browse(new CookieJar(), callback);
    assert.equal(response.status, 400);
  });

  test('a replayed code', async () => {
    idp.accounts.set('sub-fay', { email: 'fay@corp.example', email_verified: true });
    const jar = new CookieJar();
    const callback = await throughProvider(jar, loginUrl(), 'sub-fay');
    const pending = jar.get(origin, 'oidc_state')!;
    assert.equal((await browse(jar, callback)).status, 302);
    // The same callback again, with the sign-in cookie as it was: the provider refuses the used code.
    const replay = new CookieJar();
    replay.set(origin, 'oidc_state', pending);
    const response = await browse(replay, callback);
    assert.equal(response.status, 403);
    assert.match(((await response.json()) as { message: string }).message, /invalid_grant/);
    assert.equal((await me(replay)).status, 401);
  });

  test('an ID token for another audience', async () => {
    idp.accounts.set('sub-gus', { email: 'gus@corp.example', email_verified: true });
    idp.tamper = (claims) => ({ ...claims, aud: 'some-other-client' });
    const { response, jar } = await signIn('sub-gus');
    assert.equal(response.status, 403);
    assert.match(((await response.json()) as { message: string }).message, /"aud" \(audience\)/);
    assert.equal((await me(jar)).status, 401);
    assert.deepEqual(await identities(), []);
  });

  test('an expired ID token', async () => {
    idp.accounts.set('sub-hal', { email: 'hal@corp.example', email_verified: true });
    const now = Math.floor(Date.now() / 1000);
    idp.tamper = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    const { response, jar } = await signIn('sub-hal');
    assert.equal(response.status, 403);
    assert.match(((await response.json()) as { message: string }).message, /"exp" \(expiration time\)/);
    assert.equal((await me(jar)).status, 401);
  });

  test('an unknown provider', async () => {
    const res = await ctx.request('GET', '/v1/oauth/oidc/nobody/login');
    assert.equal(res.status, 404);
  });
});
