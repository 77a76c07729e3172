/** The path of a team-scoped API call: '/v1/teams/{teamId}' followed by `rest` (e.g. '/credits/balance'). */
export const teamPath = (teamId: string, rest: string) => `/v1/teams/${encodeURIComponent(teamId)}${rest}`;
