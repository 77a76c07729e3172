export const TEAMS_LABEL = 'Teams';
export const NO_TEAMS = 'No teams found.';
export const USERS_LABEL = 'Users';
export const NO_USERS = 'No users found.';

/** A team's page in the console. */
export const teamPagePath = (teamId: string) => `/admin/teams/${encodeURIComponent(teamId)}`;
