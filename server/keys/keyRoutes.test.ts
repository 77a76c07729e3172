import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { hashApiKey } from './apiKeys';
import type { CreatedApiKey } from '../../contract/schemas/apiKeys';
import { API_KEYS_PATH, apiKeyPath, apiKeyRotatePath, memberCapPath } from '../../contract/apiPaths';
import type { TestUser } from '../test/helpers';
import { createGatewayContext, type GatewayTestContext } from '../test/gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let other: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  other = await ctx.user('other');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.join(member, teamId);
  await ctx.join(other, teamId);
  await ctx.topUp(teamId, 10_000);
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
});

async function create(as: TestUser, body: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', API_KEYS_PATH, { as, body: { name: 'k', ...body } });
  assert.equal(res.status, 201, res.text);
  return res.body as CreatedApiKey;
}

const hello = { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
const status = async (key: string) => (await ctx.chat(key, hello)).status;

test('a key is stored as its SHA-256 in hex: the hashes databases already hold still match', () => {
  // FIPS 180-2's first example, and a key-shaped secret checked against `printf %s <secret> | sha256sum`.
  assert.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(
    hashApiKey('sk-test-0123456789abcdef'),
    'c871f067542d565c57ebb8b54f99afe326644dceeb5c05fc2209a8161a52875e',
  );
});

describe('creating and listing keys with controls', () => {
  test('the controls are stored and listed with the period spend, reset time and no previous secret', async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const key = await create(member, {
      spend_limit_cents: 500,
      limit_period: 'weekly',
      rpm_limit: 60,
      tpm_limit: 100_000,
      expires_at: expires,
      allowed_models: ['openai/gpt-4o'],
      note: 'CI only',
    });
    const [listed] = (await ctx.request('GET', API_KEYS_PATH, { as: owner })).body as CreatedApiKey[];
    for (const shown of [key, listed]) {
      assert.equal(shown.spend_limit_cents, 500);
      assert.equal(shown.limit_period, 'weekly');
      assert.deepEqual([shown.rpm_limit, shown.tpm_limit], [60, 100_000]);
      assert.equal(shown.expires_at, expires);
      assert.deepEqual(shown.allowed_models, ['openai/gpt-4o']);
      assert.equal(shown.note, 'CI only');
      assert.equal(shown.period_spend_cents, 0);
      assert.equal(new Date(shown.period_resets_at!).getUTCDay(), 1);
      assert.deepEqual(
        [shown.previous_key_prefix, shown.previous_key_expires_at, shown.rotated_at],
        [null, null, null],
      );
      assert.equal(shown.user_id, member.id);
    }
    const plain = await create(member);
    assert.deepEqual(
      [
        plain.spend_limit_cents,
        plain.limit_period,
        plain.rpm_limit,
        plain.expires_at,
        plain.allowed_models,
        plain.note,
      ],
      [null, 'none', null, null, [], ''],
    );
  });

  test('400 with a clear message for bad controls', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { spend_limit_cents: 0 },
        /^The spending limit must be an amount from \$0\.01 to \$1,000,000,000\.00, or none\.$/,
      ],
      [{ spend_limit_cents: 1.5 }, /The spending limit must be/],
      [{ limit_period: 'hourly' }, /The reset period must be one of: none, daily, weekly, monthly\./],
      [{ rpm_limit: -1 }, /^Requests per minute must be a whole number from 1 to 1,000,000, or none\.$/],
      [{ tpm_limit: 0 }, /^Tokens per minute must be a whole number from 1 to 1,000,000,000, or none\.$/],
      [{ expires_at: 'tomorrow' }, /The expiry must be an ISO 8601 date and time\./],
      [{ expires_at: new Date(Date.now() - 1000).toISOString() }, /The expiry must be in the future\./],
      [{ allowed_models: ['  '] }, /Each allowed model must be 1 to 200 characters\./],
      [{ allowed_models: 'openai/gpt-4o' }, /The allow-list must be a list of at most 100 models and routes\./],
      [{ note: 'x'.repeat(501) }, /The note must be at most 500 characters\./],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request('POST', API_KEYS_PATH, { as: owner, body: { name: 'k', ...body } });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message, JSON.stringify(body));
    }
  });
});

describe('PATCH /v1/api-keys/{id}', () => {
  test("the key's creator and the team owner may change it; another member gets 403", async () => {
    const key = await create(member);
    const byCreator = await ctx.request('PATCH', apiKeyPath(key.id), {
      as: member,
      body: { spend_limit_cents: 300, note: 'mine' },
    });
    assert.equal(byCreator.status, 200, byCreator.text);
    assert.deepEqual([byCreator.body.spend_limit_cents, byCreator.body.note, byCreator.body.name], [300, 'mine', 'k']);
    const byOwner = await ctx.request('PATCH', apiKeyPath(key.id), {
      as: owner,
      body: { name: ' renamed ', spend_limit_cents: null },
    });
    assert.equal(byOwner.status, 200);
    assert.deepEqual([byOwner.body.name, byOwner.body.spend_limit_cents], ['renamed', null]);
    const byOther = await ctx.request('PATCH', apiKeyPath(key.id), { as: other, body: { note: 'theirs' } });
    assert.equal(byOther.status, 403);
    assert.equal(byOther.body.message, "Only the key's creator or the team owner can edit, rotate or revoke this key.");
    const rotated = await ctx.request('POST', apiKeyRotatePath(key.id), { as: other, body: { grace_seconds: 0 } });
    assert.equal(rotated.status, 403);
    assert.equal(rotated.body.message, byOther.body.message);
  });

  test('revoking follows the same rule: another member gets 403 and the key keeps working', async () => {
    const key = await create(member);
    const byOther = await ctx.request('DELETE', apiKeyPath(key.id), { as: other });
    assert.equal(byOther.status, 403);
    assert.equal(byOther.body.message, "Only the key's creator or the team owner can edit, rotate or revoke this key.");
    assert.equal(await status(key.key), 200);
    const mine = await create(other);
    assert.equal((await ctx.request('DELETE', apiKeyPath(mine.id), { as: other })).status, 200, 'the creator may');
    assert.equal((await ctx.request('DELETE', apiKeyPath(key.id), { as: owner })).status, 200, 'the owner may');
    assert.equal(await status(key.key), 401);
  });

  test('400 for an empty change or bad values; 404 for an unknown, revoked or other team’s key', async () => {
    const key = await create(owner);
    for (const [body, message] of [
      [{}, /Change at least one field before saving\./],
      [{ expires_at: new Date(Date.now() - 1000).toISOString() }, /The expiry must be in the future\./],
      [{ name: '  ' }, /The key name must be 1 to 100 characters\./],
      [{ rpm_limit: 0 }, /Requests per minute must be/],
    ] as const) {
      const res = await ctx.request('PATCH', apiKeyPath(key.id), { as: owner, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    const stranger = await ctx.user('stranger');
    await ctx.team(stranger, 'Other');
    const theirs = await create(stranger);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', theirs.id]) {
      assert.equal((await ctx.request('PATCH', apiKeyPath(id), { as: owner, body: { note: 'x' } })).status, 404);
    }
    await ctx.request('DELETE', apiKeyPath(key.id), { as: owner });
    assert.equal((await ctx.request('PATCH', apiKeyPath(key.id), { as: owner, body: { note: 'x' } })).status, 404);
  });

  test('a new limit period counts the spend of the period it starts from the usage events', async () => {
    const key = await create(owner);
    assert.equal(await status(key.key), 200);
    await ctx.app.gateway.settled();
    const [{ cost }] = await ctx.db.query<{ cost: number }>('SELECT sum(cost_cents) AS cost FROM usage_events');
    const res = await ctx.request('PATCH', apiKeyPath(key.id), { as: owner, body: { limit_period: 'daily' } });
    assert.equal(res.body.period_spend_cents, cost);
    await ctx.db.query(`UPDATE usage_events SET created_at = now() - interval '2 days'`);
    const weekly = await ctx.request('PATCH', apiKeyPath(key.id), { as: owner, body: { limit_period: 'daily' } });
    assert.equal(weekly.body.period_spend_cents, 0);
  });
});

describe('rotation', () => {
  test('a new secret for the same key; both work during the grace, the old one is 401 after it', async () => {
    const key = await create(member, { spend_limit_cents: 900, note: 'kept' });
    assert.equal(await status(key.key), 200);
    const res = await ctx.request('POST', apiKeyRotatePath(key.id), { as: member, body: { grace_seconds: 3600 } });
    assert.equal(res.status, 200, res.text);
    const rotated = res.body as CreatedApiKey;
    assert.equal(rotated.id, key.id);
    assert.notEqual(rotated.key, key.key);
    assert.equal(rotated.key_prefix, rotated.key.slice(0, 12));
    assert.deepEqual([rotated.spend_limit_cents, rotated.note], [900, 'kept']);
    assert.equal(rotated.previous_key_prefix, key.key_prefix);
    const graceEnd = Date.parse(rotated.previous_key_expires_at!);
    assert.ok(Math.abs(graceEnd - Date.now() - 3_600_000) < 60_000);
    assert.ok(rotated.rotated_at);
    // Only hashes are stored.
    const [stored] = await ctx.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [key.id]);
    assert.equal(stored.previous_key_hash, hashApiKey(key.key));
    assert.equal(stored.key_hash, hashApiKey(rotated.key));
    assert.ok(!JSON.stringify(stored).includes(key.key) && !JSON.stringify(stored).includes(rotated.key));

    assert.equal(await status(key.key), 200);
    assert.equal(await status(rotated.key), 200);
    await ctx.app.gateway.settled();
    const [{ keys }] = await ctx.db.query<{ keys: number }>(
      'SELECT count(DISTINCT api_key_id) AS keys FROM usage_events',
    );
    assert.equal(keys, 1);

    await ctx.db.query(`UPDATE api_keys SET previous_key_expires_at = now() - interval '1 second' WHERE id = $1`, [
      key.id,
    ]);
    assert.equal(await status(key.key), 401);
    assert.equal(await status(rotated.key), 200);
    const [listed] = (await ctx.request('GET', API_KEYS_PATH, { as: owner })).body as CreatedApiKey[];
    assert.deepEqual([listed.previous_key_prefix, listed.previous_key_expires_at], [null, null]);

    const activity = await ctx.request('GET', '/v1/dashboard/activity?limit=20', { as: owner });
    assert.ok(
      (activity.body.activities as { type: string; message: string }[]).some(
        (a) => a.type === 'api_key_rotated' && a.message.startsWith('API key "k" was rotated'),
      ),
    );
  });

  test('grace 0 stops the old secret at once; a second rotation replaces the previous secret', async () => {
    const key = await create(owner);
    const first = (await ctx.request('POST', apiKeyRotatePath(key.id), { as: owner, body: { grace_seconds: 0 } }))
      .body as CreatedApiKey;
    assert.equal(await status(key.key), 401);
    assert.equal(await status(first.key), 200);
    const second = (await ctx.request('POST', apiKeyRotatePath(key.id), { as: owner, body: { grace_seconds: 600 } }))
      .body as CreatedApiKey;
    assert.equal(second.previous_key_prefix, first.key_prefix);
    assert.equal(await status(first.key), 200);
    assert.equal(await status(second.key), 200);
    assert.equal(await status(key.key), 401);
  });

  test('400 for a grace outside 0 to 7 days', async () => {
    const key = await create(owner);
    for (const body of [{}, { grace_seconds: -1 }, { grace_seconds: 7 * 86_400 + 1 }, { grace_seconds: 1.5 }]) {
      const res = await ctx.request('POST', apiKeyRotatePath(key.id), { as: owner, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(
        res.body.message,
        /^The grace period must be a whole number of seconds from 0 to 604,800 \(7 days\)\.$/,
      );
    }
  });
});

describe('PATCH /v1/teams/members/{userId}/cap', () => {
  test('the owner sets and lifts a cap; a member gets 403; a non-member 404; bad input 400', async () => {
    const set = await ctx.request('PATCH', memberCapPath(member.id), { as: owner, body: { monthly_cap_cents: 2500 } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual([set.body.id, set.body.monthly_cap_cents, set.body.month_spend_cents], [member.id, 2500, 0]);
    const members = await ctx.request('GET', '/v1/teams/members', { as: member });
    assert.equal(
      (members.body as { id: string; monthly_cap_cents: number | null }[]).find((m) => m.id === member.id)!
        .monthly_cap_cents,
      2500,
    );
    const lifted = await ctx.request('PATCH', memberCapPath(member.id), {
      as: owner,
      body: { monthly_cap_cents: null },
    });
    assert.equal(lifted.body.monthly_cap_cents, null);

    const byMember = await ctx.request('PATCH', memberCapPath(other.id), {
      as: member,
      body: { monthly_cap_cents: 1 },
    });
    assert.equal(byMember.status, 403);
    const stranger = await ctx.user('stranger');
    for (const id of [stranger.id, 'nobody']) {
      const res = await ctx.request('PATCH', memberCapPath(id), { as: owner, body: { monthly_cap_cents: 1 } });
      assert.equal(res.status, 404, id);
      assert.equal(res.body.message, 'Team member not found');
    }
    for (const body of [{}, { monthly_cap_cents: -1 }, { monthly_cap_cents: 2.5 }, { monthly_cap_cents: '5' }]) {
      const res = await ctx.request('PATCH', memberCapPath(member.id), { as: owner, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(
        res.body.message,
        /^The monthly cap must be an amount from \$0\.00 to \$1,000,000,000\.00, or none\.$/,
      );
    }
    assert.ok(teamId);
  });
});
