import type { CacheStore } from '../cache/cacheStore';
import type { Db } from '../db/types';
import { lockManageableKey } from './apiKeys';
import { requireOwner, requireTeam, type Membership } from './teams';

/** Deletes one key's cached answers (docs/gateway.md#caching): its creator or the team owner may. */
export async function purgeKeyCache(
  db: Db,
  store: Pick<CacheStore, 'purge'>,
  membership: Membership | null,
  userId: string,
  keyId: string,
) {
  const team = requireTeam(membership);
  await db.tx((q) => lockManageableKey(q, team, userId, keyId));
  return { deleted: await store.purge({ teamId: team.teamId, keyId }) };
}

/** Deletes every cached answer of the team, the team-scoped ones and each key's: the owner may. */
export async function purgeTeamCache(store: Pick<CacheStore, 'purge'>, membership: Membership | null) {
  const { teamId } = requireOwner(membership);
  return { deleted: await store.purge({ teamId }) };
}
