import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { badRequest, isUuid, notFound } from '../lib/errors';
import { patternProblem } from './policy';
import type { GuardrailPolicy, GuardrailSettings } from '../../contract/schemas/guardrails';
import { requireOwner, requireTeam, type Membership } from '../teams/teams';

/**
 * Guardrail policies (docs/guardrails.md#policies): the operator's floor (administrators), a team's (its owner), and
 * a key's own (the team's owner: a member could otherwise widen their own key past the team's rules). Each change is
 * one transaction with its audit entry, which records the policies before and after: rule names and actions, never
 * anything a rule found.
 */
type Level = { kind: 'operator' } | { kind: 'team'; teamId: string } | { kind: 'key'; teamId: string; keyId: string };

const WHERE: Record<Level['kind'], string> = {
  operator: 'team_id IS NULL',
  team: 'team_id = $1 AND api_key_id IS NULL',
  key: 'api_key_id = $1',
};
const paramsOf = (level: Level) =>
  level.kind === 'operator' ? [] : [level.kind === 'key' ? level.keyId : level.teamId];

async function policyAt(q: Queryable, level: Level): Promise<GuardrailPolicy | null> {
  const [row] = await q.query<{ policy: GuardrailPolicy }>(
    `SELECT policy FROM guardrail_policies WHERE ${WHERE[level.kind]}`,
    paramsOf(level),
  );
  return row?.policy ?? null;
}

async function settingsAt(q: Queryable, level: Level): Promise<GuardrailSettings> {
  const floor = await policyAt(q, { kind: 'operator' });
  return { policy: level.kind === 'operator' ? floor : await policyAt(q, level), floor };
}

/** A policy whose patterns can all run, or a 400 naming the first that cannot. */
function checked(policy: GuardrailPolicy | null): GuardrailPolicy | null {
  for (const pattern of policy?.patterns ?? []) {
    const problem = patternProblem(pattern);
    if (problem) throw badRequest(`${problem}.`);
  }
  const names = (policy?.patterns ?? []).map((pattern) => pattern.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw badRequest(`Two patterns are named ${twice}; give each its own name.`);
  return policy;
}

async function setPolicy(
  q: Queryable,
  level: Level,
  policy: GuardrailPolicy | null,
): Promise<{ before: GuardrailPolicy | null }> {
  const before = await policyAt(q, level);
  await q.query(`DELETE FROM guardrail_policies WHERE ${WHERE[level.kind]}`, paramsOf(level));
  if (policy) {
    await q.query('INSERT INTO guardrail_policies (team_id, api_key_id, policy) VALUES ($1, $2, $3::jsonb)', [
      level.kind === 'operator' ? null : level.teamId,
      level.kind === 'key' ? level.keyId : null,
      JSON.stringify(policy),
    ]);
  }
  return { before };
}

async function teamKey(q: Queryable, teamId: string, keyId: string) {
  const [key] = isUuid(keyId)
    ? await q.query<{ name: string }>(
        'SELECT name FROM api_keys WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL FOR UPDATE',
        [keyId, teamId],
      )
    : [];
  if (!key) throw notFound('API key not found');
  return key;
}

export const teamGuardrails = (db: Db, membership: Membership | null) =>
  settingsAt(db, { kind: 'team', teamId: requireTeam(membership).teamId });

export async function keyGuardrails(db: Db, membership: Membership | null, keyId: string) {
  const { teamId } = requireTeam(membership);
  await teamKey(db, teamId, keyId);
  return settingsAt(db, { kind: 'key', teamId, keyId });
}

export const operatorGuardrails = (db: Db) => settingsAt(db, { kind: 'operator' });

export async function setTeamGuardrails(
  db: Db,
  membership: Membership | null,
  who: AuditContext,
  policy: GuardrailPolicy | null,
) {
  const { teamId } = requireOwner(membership);
  const level: Level = { kind: 'team', teamId };
  return db.tx(async (q) => {
    const [team] = await q.query<{ name: string }>('SELECT name FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
    const { before } = await setPolicy(q, level, checked(policy));
    await recordAudit(q, who, {
      teamId,
      action: 'team.guardrails_changed',
      target: { id: teamId, label: team?.name ?? teamId },
      before,
      after: policy,
    });
    return settingsAt(q, level);
  });
}

export async function setKeyGuardrails(
  db: Db,
  membership: Membership | null,
  who: AuditContext,
  keyId: string,
  policy: GuardrailPolicy | null,
) {
  const { teamId } = requireOwner(membership);
  const level: Level = { kind: 'key', teamId, keyId };
  return db.tx(async (q) => {
    const key = await teamKey(q, teamId, keyId);
    const { before } = await setPolicy(q, level, checked(policy));
    await recordAudit(q, who, {
      teamId,
      action: 'api_key.guardrails_changed',
      target: { id: keyId, label: key.name },
      before,
      after: policy,
    });
    return settingsAt(q, level);
  });
}

/** Why the floor sets no moderation check: it runs through a team's own model and is billed to the team. */
export const FLOOR_MODERATION_REFUSED =
  "The operator's floor cannot set a moderation check: it runs through a team's own model or route and is billed to " +
  'the team. Set it on a team’s policy.';

export async function setOperatorGuardrails(db: Db, who: AuditContext, policy: GuardrailPolicy | null) {
  const level: Level = { kind: 'operator' };
  if (policy?.moderation) throw badRequest(FLOOR_MODERATION_REFUSED);
  return db.tx(async (q) => {
    // One floor: concurrent edits take turns (the table's unique index would refuse the second insert).
    await q.query("SELECT pg_advisory_xact_lock(hashtext('guardrail floor'))");
    const { before } = await setPolicy(q, level, checked(policy));
    await recordAudit(q, who, {
      teamId: null,
      action: 'guardrails.floor_changed',
      target: { id: 'floor', label: 'Guardrail floor' },
      before,
      after: policy,
    });
    return settingsAt(q, level);
  });
}
