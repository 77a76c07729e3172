import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { keyRefusal, type KeyUsabilityFacts } from '../../contract/keyBlock';
import { openTestDb, type TestDb } from '../test/helpers';

// Whether an API key may be used is one rule: key_usable (server/keys/sql/usable.sql) in the database, which
// admission, credit leases, batch holds and the gateway's key lookup all call, and keyRefusal (contract/keyBlock.ts)
// for the API Keys page. This table holds the two equal over every combination of what the rule reads.

const NOW = new Date('2026-12-03T12:00:00.000Z');
const PAST = '2026-12-01T00:00:00.000Z';
const FUTURE = '2026-12-31T00:00:00.000Z';

interface Case extends KeyUsabilityFacts {
  name: string;
}

const SECRETS = [
  ['current', null],
  ['previous', FUTURE],
  ['previous', PAST],
  ['unknown', null],
] as const;

const CASES: Case[] = SECRETS.flatMap(([secret, previousUntil]) =>
  [true, false].flatMap((isActive) =>
    [false, true].flatMap((deleted) =>
      [null, PAST, FUTURE].flatMap((expiresAt) =>
        [true, false].flatMap((member) =>
          [false, true].map((disabled) => ({
            name:
              `${secret}${previousUntil === PAST ? ' after its grace' : ''} secret, ` +
              `${isActive ? 'active' : 'revoked'}${deleted ? ', deleted' : ''}, expires ${expiresAt ?? 'never'}, ` +
              `creator ${member ? 'a member' : 'not a member'}${disabled ? ', disabled' : ''}`,
            secret,
            is_active: isActive,
            deleted,
            expires_at: expiresAt,
            previous_key_expires_at: previousUntil,
            creator_is_member: member,
            creator_disabled: disabled,
          })),
        ),
      ),
    ),
  ),
);

let testDb: TestDb;
before(async () => {
  testDb = await openTestDb();
  const { db } = testDb;
  await db.tx(async (q) => {
    const [team] = await q.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('Usable') RETURNING id`);
    // One creator per (member, disabled); the members belong to the keys' team.
    const creators = new Map<string, string>();
    for (const member of [true, false]) {
      for (const disabled of [false, true]) {
        const [user] = await q.query<{ id: string }>(
          `INSERT INTO users (login, disabled_at) VALUES ($1, $2) RETURNING id`,
          [`creator-${member}-${disabled}`, disabled ? PAST : null],
        );
        if (member) {
          await q.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [
            team.id,
            user.id,
          ]);
        }
        creators.set(`${member}-${disabled}`, user.id);
      }
    }
    for (const [i, c] of CASES.entries()) {
      await q.query(
        `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash, previous_key_hash, previous_key_expires_at,
                               is_active, deleted_at, expires_at)
         VALUES ($1, $2, $3, 'sk-test', $4, $5, $6, $7, $8, $9)`,
        [
          team.id,
          creators.get(`${c.creator_is_member}-${c.creator_disabled}`),
          `key ${i}`,
          `current-${i}`,
          `previous-${i}`,
          c.previous_key_expires_at,
          c.is_active,
          c.deleted ? PAST : null,
          c.expires_at,
        ],
      );
    }
  });
});
after(() => testDb.drop());

const sentHash = (c: Case, i: number) =>
  c.secret === 'current' ? `current-${i}` : c.secret === 'previous' ? `previous-${i}` : `unknown-${i}`;

for (const lock of [false, true]) {
  test(`key_usable (${lock ? 'locking, as admission and leases ask' : 'reading, as the key lookup asks'}) answers as keyRefusal for ${CASES.length} keys`, async () => {
    const hashes = CASES.map(sentHash);
    const answers = await testDb.db.tx((q) =>
      q.query<{ hash: string; refusal: string | null; key_name: string | null }>(
        `SELECT h.hash, (u).refusal, ((u).k).name AS key_name
           FROM unnest($1::text[]) AS h(hash), LATERAL (SELECT key_usable(h.hash, $2, $3) AS u) x`,
        [hashes, NOW.toISOString(), lock],
      ),
    );
    const byHash = new Map(answers.map((row) => [row.hash, row]));
    const differ = CASES.flatMap((c, i) => {
      const got = byHash.get(hashes[i]);
      const want = keyRefusal(c, NOW);
      const found = want === 'invalid_key' ? null : `key ${i}`;
      return got?.refusal === want && (want === 'invalid_key' || got.key_name === found)
        ? []
        : [`${c.name}: the database says ${got?.refusal ?? 'usable'}, the contract ${want ?? 'usable'}`];
    });
    assert.deepEqual(differ, []);
    // The table is not one-sided: every answer occurs.
    const seen = new Set(CASES.map((c) => keyRefusal(c, NOW)));
    assert.deepEqual([...seen].sort(), [null, 'invalid_key', 'key_expired', 'key_owner_disabled'].sort());
  });
}

test('admission, leases, batch holds and the key lookup ask key_usable and state none of its rule themselves', () => {
  const server = path.join(__dirname, '..');
  const callers = ['credit/sql/admit.sql', 'credit/sql/lease.sql', 'credit/sql/batch.sql', 'gateway/callerKey.ts'];
  for (const file of callers) {
    const text = fs.readFileSync(path.join(server, file), 'utf8');
    assert.match(text, /key_usable\(/, `${file} asks key_usable`);
    for (const rule of ['disabled_at', 'previous_key_expires_at >', 'deleted_at IS NULL', 'FROM team_members']) {
      assert.ok(!text.includes(rule), `${file} states "${rule}" itself`);
    }
  }
});
