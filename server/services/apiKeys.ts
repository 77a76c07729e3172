import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { badRequest, isUuid, notFound } from '../lib/errors';
import { randomToken } from '../lib/random';
import { iso, isoOrNull } from '../lib/time';
import { recordActivity } from './activity';
import type { Membership } from './teams';

/** 'sk-' plus the first 9 characters of the random part: enough to recognise a key, useless to guess it. */
const PREFIX_LENGTH = 12;

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  is_active: boolean;
  created_at: Date;
  last_used_at: Date | null;
  user_name: string | null;
  user_email: string | null;
}

const toApiKey = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  key_prefix: row.key_prefix,
  is_active: row.is_active,
  created_at: iso(row.created_at),
  last_used_at: isoOrNull(row.last_used_at),
  user_name: row.user_name,
  user_email: row.user_email,
});

const KEY_SELECT = `SELECT k.id, k.name, k.key_prefix, k.is_active, k.created_at, k.last_used_at,
                           COALESCE(u.name, u.login) AS user_name, u.email AS user_email
                    FROM api_keys k LEFT JOIN users u ON u.id = k.user_id`;

export async function listApiKeys(q: Queryable, teamId: string) {
  const rows = await q.query<KeyRow>(
    `${KEY_SELECT} WHERE k.team_id = $1 AND k.deleted_at IS NULL ORDER BY k.created_at DESC, k.id`,
    [teamId],
  );
  return rows.map(toApiKey);
}

export async function createApiKey(db: Db, membership: Membership | null, userId: string, name: string) {
  if (!membership) throw badRequest('You must belong to a team to create API keys');
  const secret = `sk-${randomToken(32)}`;
  const id = await db.tx(async (q) => {
    const [row] = await q.query<{ id: string }>(
      'INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [membership.teamId, userId, name, secret.slice(0, PREFIX_LENGTH), hashApiKey(secret)],
    );
    await recordActivity(q, membership.teamId, userId, 'api_key_created', `API key "${name}" was created`);
    return row.id;
  });
  const [row] = await db.query<KeyRow>(`${KEY_SELECT} WHERE k.id = $1`, [id]);
  return { ...toApiKey(row), key: secret };
}

export const revokedMessage = (keyName: string, actorName: string) =>
  `API key "${keyName}" was revoked by ${actorName}`;

/** Revoking is a soft delete so usage history keeps its reference to the key. */
export async function revokeApiKey(db: Db, teamId: string, userId: string, keyId: string) {
  if (!isUuid(keyId)) throw notFound('API key not found');
  await db.tx(async (q) => {
    const [key] = await q.query<{ name: string }>(
      `UPDATE api_keys SET deleted_at = now(), is_active = false
       WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL RETURNING name`,
      [keyId, teamId],
    );
    if (!key) throw notFound('API key not found');
    // Recent Activity says who revoked it: a key can be revoked by any member, not only its creator.
    const [actor] = await q.query<{ name: string }>('SELECT COALESCE(name, login) AS name FROM users WHERE id = $1', [
      userId,
    ]);
    await recordActivity(q, teamId, userId, 'api_key_deactivated', revokedMessage(key.name, actor?.name ?? 'a member'));
  });
  return { success: true as const };
}
