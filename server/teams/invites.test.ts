import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestContext, eventually, type TestContext } from '../test/helpers';
import { QUICK_BACKGROUND, startSmtpServer } from '../test/alertHelpers';

/**
 * Invitations go out through the mail room (docs/alerts.md#invitations): a real SMTP server receives the email, and
 * its link brings the invitee to sign-in and into the team, whatever address they sign in with.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext(
    { SMTP_URL: smtp.url, ALERTS_FROM: 'alerts@gateway.test', PUBLIC_URL: 'http://gateway.test' },
    undefined,
    { background: QUICK_BACKGROUND },
  );
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

test('the invitation email links to sign-in, then into the team', async () => {
  const owner = await ctx.user('alice');
  const teamId = await ctx.team(owner, 'Acme AI');
  const res = await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'Dave@Example.org' } });
  assert.equal(res.status, 201, res.text);

  await eventually('the invitation arrived', () => smtp.messages.length === 1, 15_000);
  const [mail] = smtp.messages;
  assert.deepEqual(mail.to, ['dave@example.org']);
  assert.equal(mail.subject, 'alice invited you to Acme AI on AI Model Gateway');
  const link = /Accept the invitation: (\S+)/.exec(mail.text)?.[1];
  assert.ok(link?.startsWith('http://gateway.test/v1/invites/accept?token='), mail.text);
  const path = link!.slice('http://gateway.test'.length);

  // Without a session: to sign-in, which comes back to the link.
  const anonymous = await ctx.app.inject({ method: 'GET', url: path });
  assert.equal(anonymous.statusCode, 302);
  assert.equal(anonymous.headers.location, `/v1/oauth/github/login?redirect=${encodeURIComponent(path)}`);

  // Signed in with another address than the one invited: the link's token is what counts.
  const dave = await ctx.user('dave', { email: 'dave@personal.example' });
  const joined = await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${dave.token}` } });
  assert.equal(joined.statusCode, 302);
  assert.equal(joined.headers.location, '/team');
  const me = await ctx.request('GET', '/v1/auth/me', { as: dave });
  assert.equal(me.body.team_id, teamId);
  assert.equal(me.body.team_role, 'member');
  const [entry] = await ctx.db.query<{ actor_label: string; after: { invited_email: string } }>(
    `SELECT actor_label, after FROM audit_log WHERE action = 'member.joined' AND team_id = $1`,
    [teamId],
  );
  assert.deepEqual([entry.actor_label, entry.after.invited_email], ['dave', 'dave@example.org']);

  // The link is used up; following it again changes nothing.
  const again = await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${dave.token}` } });
  assert.equal(again.headers.location, '/team');
  const invites = await ctx.request('GET', '/v1/teams/invites', { as: owner });
  assert.deepEqual(invites.body, []);
});

test('a link with a token that is not ours adds nobody', async () => {
  const stranger = await ctx.user('stranger');
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/invites/accept?token=made-up',
    headers: { authorization: `Bearer ${stranger.token}` },
  });
  assert.equal(res.statusCode, 302);
  assert.equal((await ctx.request('GET', '/v1/auth/me', { as: stranger })).body.team_id, null);
  assert.equal((await ctx.app.inject({ method: 'GET', url: '/v1/invites/accept' })).statusCode, 400);
});

test('without SMTP_URL the demo keeps the email in the outbox, which administrators read', async () => {
  const demo = await createTestContext({}, undefined, { background: QUICK_BACKGROUND });
  try {
    const owner = await demo.user('alice');
    const admin = await demo.user('admin');
    await demo.team(owner, 'Acme AI');
    await demo.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'dave@example.org' } });
    await eventually(
      'kept',
      async () => (await demo.request('GET', '/v1/admin/outbox', { as: admin })).body.messages[0]?.status === 'kept',
      3_000,
    );
    const outbox = await demo.request('GET', '/v1/admin/outbox', { as: admin });
    assert.equal(outbox.body.total, 1);
    const [message] = outbox.body.messages;
    assert.deepEqual(
      [message.kind, message.recipients, message.subject, message.team_name],
      ['invite', ['dave@example.org'], 'alice invited you to Acme AI on AI Model Gateway', 'Acme AI'],
    );
    assert.match(message.body_text, /Accept the invitation: http:\/\/localhost\/v1\/invites\/accept\?token=/);
    assert.equal((await demo.request('GET', '/v1/admin/outbox', { as: owner })).status, 403);
  } finally {
    await demo.close();
  }
});
