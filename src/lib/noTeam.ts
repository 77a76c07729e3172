// The contract answers team-scoped calls of a user without a team with 404 NO_TEAM (docs/api-contract.md, Errors).
// Only that answer means "no team"; any other failure says nothing about membership.

/** True for a query or mutation error that means the user belongs to no team. */
export function isNoTeamError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return code === 'NO_TEAM' || status === 404;
}
