import { recordAudit, type UserAuditContext } from '../audit/audit';
import type { ResponseCache } from './responseCache';
import type { Db } from '../db/types';
import { lockManageableKey } from '../keys/apiKeys';
import { requireOwner, requireTeam, type Membership } from '../teams/teams';

/**
 * Deletes one key's cached answers (docs/gateway.md#caching): its creator or the team owner may. The audit log says
 * who cleared how many (docs/audit.md).
 */
export async function purgeKeyCache(
  db: Db,
  cache: Pick<ResponseCache, 'purge'>,
  membership: Membership | null,
  who: UserAuditContext,
  keyId: string,
) {
  const team = requireTeam(membership);
  const key = await db.tx((q) => lockManageableKey(q, team, who.userId, keyId));
  const deleted = await cache.purge({ teamId: team.teamId, keyId });
  await recordAudit(db, who, {
    teamId: team.teamId,
    action: 'api_key.cache_cleared',
    target: { id: keyId, label: key.name },
    before: { cached_answers: deleted },
    after: { cached_answers: 0 },
  });
  return { deleted };
}

/** Deletes every cached answer of the team, the team-scoped ones and each key's: the owner may. */
export async function purgeTeamCache(
  db: Db,
  cache: Pick<ResponseCache, 'purge'>,
  membership: Membership | null,
  who: UserAuditContext,
) {
  const { teamId } = requireOwner(membership);
  const deleted = await cache.purge({ teamId });
  const [team] = await db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [teamId]);
  await recordAudit(db, who, {
    teamId,
    action: 'team.cache_cleared',
    target: { id: teamId, label: team?.name ?? teamId },
    before: { cached_answers: deleted },
    after: { cached_answers: 0 },
  });
  return { deleted };
}
