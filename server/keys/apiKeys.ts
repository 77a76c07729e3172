import { hash as oneShotHash } from 'node:crypto';
import { recordAudit, type UserAuditContext } from '../audit/audit';
import { queryJsonRows } from '../db/jsonRows';
import type { Db, Queryable } from '../db/types';
import { badRequest, forbidden, isUuid, notFound } from '../lib/errors';
import { randomToken } from '../lib/random';
import { MONTH_START_SQL, iso, isoOrNull } from '../lib/time';
import { recordActivity } from '../teams/activity';
import { requireTeam, type Membership } from '../teams/teams';
import { KEY_MANAGEMENT_REFUSED, mayManageKey } from '../../contract/keyAccess';
import { keyBlock } from '../../contract/keyBlock';
import {
  ALLOWED_MODEL_MESSAGE,
  KEY_EXPIRY_MESSAGE,
  KEY_NAME_MESSAGE,
  NO_KEY_CONTROLS,
  TEAM_CACHE_SCOPE_REFUSED,
  type ApiKey,
  type ApiKeyControls,
  type ApiKeyCreateBody,
  type ApiKeyUpdateBody,
  type CacheScopeName,
  type LimitPeriod,
} from '../../contract/schemas/apiKeys';

/** 'sk-' plus the first 9 characters of the random part: enough to recognise a key, useless to guess it. */
const PREFIX_LENGTH = 12;

/**
 * The SHA-256 of a key, as stored. Every gateway request hashes its key: Node's one-shot `hash` takes about 0.5 µs
 * where createHash(...).update(...).digest(...) took 2.1 (a loop of 200,000 here), the same hex either way.
 */
export const hashApiKey = (secret: string) => oneShotHash('sha256', secret, 'hex');

/** A new secret, and what is stored of it: its prefix and its SHA-256 hash, never the secret itself. */
function newSecret() {
  const secret = `sk-${randomToken(32)}`;
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), hash: hashApiKey(secret) };
}

interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  is_active: boolean;
  created_at: Date | string;
  last_used_at: Date | string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  spend_limit_cents: number | null;
  limit_period: LimitPeriod;
  rpm_limit: number | null;
  tpm_limit: number | null;
  expires_at: Date | string | null;
  allowed_models: string[];
  note: string;
  cache_enabled: boolean;
  cache_scope: CacheScopeName;
  cache_ttl_seconds: number | null;
  period_spend_cents: number;
  period_resets_at: Date | string | null;
  previous_key_prefix: string | null;
  previous_key_expires_at: Date | string | null;
  rotated_at: Date | string | null;
}

/** What keyBlock reads besides the key: its creator's cap and month, the team's credit, budget and month (cents). */
interface BlockFiguresRow {
  owner_disabled: boolean;
  member_cap_cents: number | null;
  member_month_cents: number;
  team_credit_cents: number;
  team_budget_cents: number;
  team_month_cents: number;
}

function toApiKey(row: KeyRow & BlockFiguresRow, now: Date): ApiKey {
  const {
    owner_disabled,
    member_cap_cents,
    member_month_cents,
    team_credit_cents,
    team_budget_cents,
    team_month_cents,
    ...key
  } = row;
  const wire = {
    ...key,
    created_at: iso(key.created_at),
    last_used_at: isoOrNull(key.last_used_at),
    expires_at: isoOrNull(key.expires_at),
    period_resets_at: isoOrNull(key.period_resets_at),
    previous_key_expires_at: isoOrNull(key.previous_key_expires_at),
    rotated_at: isoOrNull(key.rotated_at),
  };
  const figures = {
    key: wire,
    member: { monthly_cap_cents: member_cap_cents, month_spend_cents: member_month_cents, disabled: owner_disabled },
    team: {
      credit_balance_cents: team_credit_cents,
      budget_limit_cents: team_budget_cents,
      month_spend_cents: team_month_cents,
    },
  };
  return { ...wire, ...keyBlock(figures, now) };
}

/**
 * A team's live keys with their controls, what each spent in its current period (a spend recorded for an earlier
 * period counts as 0, as admission counts it) and its previous secret while that still works; and the figures that
 * say whether the gateway would refuse its calls now (keyBlock): the creator's cap and month-to-date spend, the
 * team's credit, budget and month-to-date spend, from the same columns and usage_daily rows admission reads.
 */
const KEY_SELECT = `WITH member_month AS (
         SELECT user_id, sum(cost_cents) AS cents FROM usage_daily
         WHERE team_id = $1 AND day >= ${MONTH_START_SQL} GROUP BY user_id),
       team_figures AS (
         SELECT credit_balance_cents, budget_limit_cents,
                (SELECT COALESCE(sum(cents), 0) FROM member_month) AS month_cents
         FROM teams WHERE id = $1)
SELECT k.id, k.name, k.key_prefix, k.is_active, k.created_at, k.last_used_at, k.user_id,
       COALESCE(u.name, u.login) AS user_name, u.email AS user_email, k.spend_limit_cents, k.limit_period,
       k.rpm_limit, k.tpm_limit, k.expires_at, k.allowed_models, k.note, k.cache_enabled, k.cache_scope,
       k.cache_ttl_seconds,
       CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, now())
            THEN k.period_spend_cents ELSE 0 END AS period_spend_cents,
       key_period_end(k.limit_period, now()) AS period_resets_at,
       CASE WHEN k.previous_key_expires_at > now() THEN k.previous_key_prefix END AS previous_key_prefix,
       CASE WHEN k.previous_key_expires_at > now() THEN k.previous_key_expires_at END AS previous_key_expires_at,
       k.rotated_at, u.disabled_at IS NOT NULL AS owner_disabled,
       m.monthly_cap_cents AS member_cap_cents, COALESCE(mm.cents, 0) AS member_month_cents,
       t.credit_balance_cents AS team_credit_cents, t.budget_limit_cents AS team_budget_cents,
       t.month_cents AS team_month_cents
  FROM api_keys k CROSS JOIN team_figures t
  LEFT JOIN users u ON u.id = k.user_id
  LEFT JOIN team_members m ON m.team_id = k.team_id AND m.user_id = k.user_id
  LEFT JOIN member_month mm ON mm.user_id = k.user_id
 WHERE k.team_id = $1 AND k.deleted_at IS NULL`;

/** Each key read as one JSON text (db/jsonRows.ts: at 31 fields a row, half the time of reading its columns). */
export async function listApiKeys(q: Queryable, teamId: string) {
  const rows = await queryJsonRows<KeyRow & BlockFiguresRow>(q, `${KEY_SELECT} ORDER BY k.created_at DESC, k.id`, [
    teamId,
  ]);
  const now = new Date();
  return rows.map((row) => toApiKey(row, now));
}

async function keyById(q: Queryable, teamId: string, id: string) {
  const [row] = await q.query<KeyRow & BlockFiguresRow>(`${KEY_SELECT} AND k.id = $2`, [teamId, id]);
  return toApiKey(row, new Date());
}

/**
 * The checks the schema cannot make: a name that is not blank, an expiry in the future, and an allow-list without
 * blank or repeated entries (trimmed, then de-duplicated in order).
 */
function checkedControls<T extends Partial<ApiKeyControls> & { name?: string }>(body: T): T {
  const checked = { ...body };
  if (body.name !== undefined) {
    checked.name = body.name.trim();
    if (!checked.name) throw badRequest(KEY_NAME_MESSAGE);
  }
  if (body.expires_at != null && Date.parse(body.expires_at) <= Date.now()) {
    throw badRequest(KEY_EXPIRY_MESSAGE);
  }
  if (body.allowed_models !== undefined) {
    const models = body.allowed_models.map((model) => model.trim());
    if (models.some((model) => model === '')) throw badRequest(ALLOWED_MODEL_MESSAGE);
    checked.allowed_models = [...new Set(models)];
  }
  return checked;
}

/**
 * A key whose cached answers are shared with the team serves its answers to the team's other sharing keys, whoever
 * made them: the owner decides that (docs/gateway.md#caching). A member may keep a scope the owner set.
 */
function onlyTheOwnerSharesCache(membership: Membership) {
  if (membership.role !== 'owner') throw forbidden(TEAM_CACHE_SCOPE_REFUSED);
}

/** What the audit log keeps of a key (docs/audit.md): its name, prefix and controls; never its secret or hash. */
const AUDITED_KEY_COLUMNS = `name, key_prefix, spend_limit_cents, limit_period, rpm_limit, tpm_limit, expires_at,
  allowed_models, note, cache_enabled, cache_scope, cache_ttl_seconds`;

async function auditedKey(q: Queryable, keyId: string): Promise<Record<string, unknown>> {
  const [row] = await q.query<Record<string, unknown>>(`SELECT ${AUDITED_KEY_COLUMNS} FROM api_keys WHERE id = $1`, [
    keyId,
  ]);
  return row;
}

export async function createApiKey(
  db: Db,
  membership: Membership | null,
  who: UserAuditContext,
  body: ApiKeyCreateBody,
) {
  const userId = who.userId;
  if (!membership) throw badRequest('You must belong to a team to create API keys');
  const { name, ...controls } = checkedControls(body);
  const c: ApiKeyControls = { ...NO_KEY_CONTROLS, ...controls };
  if (c.cache_scope === 'team') onlyTheOwnerSharesCache(membership);
  const { secret, prefix, hash } = newSecret();
  const id = await db.tx(async (q) => {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash, spend_limit_cents, limit_period, rpm_limit,
                             tpm_limit, expires_at, allowed_models, note, cache_enabled, cache_scope,
                             cache_ttl_seconds, spend_period_start)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, key_period_start($7, now()))
       RETURNING id`,
      [
        membership.teamId,
        userId,
        name,
        prefix,
        hash,
        c.spend_limit_cents,
        c.limit_period,
        c.rpm_limit,
        c.tpm_limit,
        c.expires_at,
        c.allowed_models,
        c.note,
        c.cache_enabled,
        c.cache_scope,
        c.cache_ttl_seconds,
      ],
    );
    await recordActivity(q, membership.teamId, userId, 'api_key_created', `API key "${name}" was created`);
    await recordAudit(q, who, {
      teamId: membership.teamId,
      action: 'api_key.created',
      target: { id: row.id, label: name },
      after: await auditedKey(q, row.id),
    });
    return row.id;
  });
  return { ...(await keyById(db, membership.teamId, id)), key: secret };
}

/** The columns a PATCH may set, in the body's names (ApiKeyUpdateBody). */
const UPDATABLE = [
  'name',
  'spend_limit_cents',
  'limit_period',
  'rpm_limit',
  'tpm_limit',
  'expires_at',
  'allowed_models',
  'note',
  'cache_enabled',
  'cache_scope',
  'cache_ttl_seconds',
] as const satisfies readonly (keyof ApiKeyUpdateBody)[];

/**
 * Locks a live key of the team that the user may edit, rotate or revoke: its creator or the team owner
 * (contract/keyAccess.ts). Others see the team's keys but get 403.
 */
export async function lockManageableKey(q: Queryable, membership: Membership, userId: string, keyId: string) {
  if (!isUuid(keyId)) throw notFound('API key not found');
  const [key] = await q.query<{ name: string; user_id: string | null }>(
    'SELECT name, user_id FROM api_keys WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [keyId, membership.teamId],
  );
  if (!key) throw notFound('API key not found');
  if (!mayManageKey({ id: userId, team_role: membership.role }, key)) throw forbidden(KEY_MANAGEMENT_REFUSED);
  return key;
}

/**
 * Changes the fields sent. A new limit period counts the key's spend afresh for the period it starts now, from the
 * usage events (admission counts a spend recorded for another period as 0).
 */
export async function updateApiKey(
  db: Db,
  membership: Membership | null,
  who: UserAuditContext,
  keyId: string,
  body: ApiKeyUpdateBody,
) {
  const team = requireTeam(membership);
  const changes = checkedControls(body);
  await db.tx(async (q) => {
    await lockManageableKey(q, team, who.userId, keyId);
    const before = await auditedKey(q, keyId);
    if (changes.cache_scope === 'team' && before.cache_scope !== 'team') onlyTheOwnerSharesCache(team);
    const fields = UPDATABLE.filter((field) => changes[field] !== undefined);
    const sets = fields.map((field, i) => `${field} = $${i + 2}`);
    if (changes.limit_period !== undefined) {
      const period = `$${fields.indexOf('limit_period') + 2}`;
      sets.push(
        `spend_period_start = key_period_start(${period}, now())`,
        `period_spend_cents = (SELECT COALESCE(sum(e.cost_cents), 0) FROM usage_events e
           WHERE e.team_id = api_keys.team_id AND e.api_key_id = api_keys.id
             AND e.created_at >= COALESCE(key_period_start(${period}, now()), '-infinity'))`,
      );
    }
    await q.query(`UPDATE api_keys SET ${sets.join(', ')} WHERE id = $1`, [
      keyId,
      ...fields.map((field) => changes[field]),
    ]);
    const after = await auditedKey(q, keyId);
    await recordAudit(q, who, {
      teamId: team.teamId,
      action: 'api_key.updated',
      target: { id: keyId, label: String(after.name) },
      before,
      after,
    });
  });
  return keyById(db, team.teamId, keyId);
}

/**
 * A new secret for the same key (same id, limits and history). The secret it replaces keeps working for
 * `graceSeconds` (0: stops at once); a second rotation replaces that previous secret.
 */
export async function rotateApiKey(
  db: Db,
  membership: Membership | null,
  who: UserAuditContext,
  keyId: string,
  graceSeconds: number,
) {
  const team = requireTeam(membership);
  const { secret, prefix, hash } = newSecret();
  await db.tx(async (q) => {
    const key = await lockManageableKey(q, team, who.userId, keyId);
    const [before] = await q.query<{ key_prefix: string }>('SELECT key_prefix FROM api_keys WHERE id = $1', [keyId]);
    await q.query(
      `UPDATE api_keys SET previous_key_hash = key_hash, previous_key_prefix = key_prefix,
         previous_key_expires_at = now() + make_interval(secs => $2), key_hash = $3, key_prefix = $4, rotated_at = now()
       WHERE id = $1`,
      [keyId, graceSeconds, hash, prefix],
    );
    const grace =
      graceSeconds === 0 ? 'the old secret stopped working at once' : `the old secret works for ${graceSeconds} s`;
    await recordActivity(q, team.teamId, who.userId, 'api_key_rotated', `API key "${key.name}" was rotated; ${grace}`);
    await recordAudit(q, who, {
      teamId: team.teamId,
      action: 'api_key.rotated',
      target: { id: keyId, label: key.name },
      before: { key_prefix: before.key_prefix },
      after: { key_prefix: prefix, previous_key_prefix: before.key_prefix, grace_seconds: graceSeconds },
    });
  });
  return { ...(await keyById(db, team.teamId, keyId)), key: secret };
}

export const revokedMessage = (keyName: string, actorName: string) =>
  `API key "${keyName}" was revoked by ${actorName}`;

/** Revoking is a soft delete so usage history keeps its reference to the key; its creator or the owner may. */
export async function revokeApiKey(db: Db, membership: Membership | null, who: UserAuditContext, keyId: string) {
  const team = requireTeam(membership);
  const userId = who.userId;
  await db.tx(async (q) => {
    const key = await lockManageableKey(q, team, userId, keyId);
    const before = await auditedKey(q, keyId);
    await q.query('UPDATE api_keys SET deleted_at = now(), is_active = false WHERE id = $1', [keyId]);
    await recordAudit(q, who, {
      teamId: team.teamId,
      action: 'api_key.revoked',
      target: { id: keyId, label: key.name },
      before: { ...before, is_active: true },
      after: { is_active: false },
    });
    // Recent Activity says who revoked it: the owner may revoke a member's key.
    const [actor] = await q.query<{ name: string }>('SELECT COALESCE(name, login) AS name FROM users WHERE id = $1', [
      userId,
    ]);
    await recordActivity(
      q,
      team.teamId,
      userId,
      'api_key_deactivated',
      revokedMessage(key.name, actor?.name ?? 'a member'),
    );
  });
  return { success: true as const };
}
