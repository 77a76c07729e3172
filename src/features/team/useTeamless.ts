import { useGetMeQuery } from '../../store/api';

/**
 * True when the signed-in user belongs to no team, as the session's user says (AuthUser.team_id is null). Team pages
 * then show "create or join a team" without asking for team data, which would only answer 404 NO_TEAM and put an
 * error in the browser's console. Undefined (user not loaded, or an older server) is not teamless: the pages then ask
 * and read NO_TEAM from the answer as before (src/lib/noTeam.ts).
 */
export function useTeamless(): boolean {
  const { data: user } = useGetMeQuery();
  return user?.team_id === null;
}
