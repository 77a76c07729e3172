import type { AuthUser } from './schemas/auth';
import type { ApiKey } from './schemas/apiKeys';

/**
 * Who may edit, rotate or revoke a key of the team (docs/governance.md#per-key-controls): its creator or the team
 * owner. Others see the team's keys but may not loosen or tighten another member's limits, take over its secret or
 * stop it. The server answers 403 with KEY_MANAGEMENT_REFUSED; the API Keys page offers the actions only when this
 * holds.
 */
export function mayManageKey(viewer: Pick<AuthUser, 'id' | 'team_role'>, key: Pick<ApiKey, 'user_id'>): boolean {
  // A server too old to say who made the key or what the viewer's role is decides itself (a 403 when it refuses).
  if (viewer.team_role === undefined || key.user_id === undefined) return true;
  if (viewer.team_role === null) return false;
  return viewer.team_role === 'owner' || key.user_id === viewer.id;
}

export const KEY_MANAGEMENT_REFUSED = "Only the key's creator or the team owner can edit, rotate or revoke this key.";
