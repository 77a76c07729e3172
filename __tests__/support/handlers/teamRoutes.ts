// /v1/teams/… routes of the signed-in user's own team (docs/api-contract.md, Calls).
import { fakeDb } from '../fakeBackend';
import { BudgetBody, MemberCapBody, TEAM_NAME_MESSAGE, TeamCreateBody } from '../../../contract/schemas/teams';
import { schemaProblem } from '../fakeBackend/keys';
import { recordAudit } from './auditRoutes';
import { dollars, membersView, teamDashboardView, teamView, today, usageStatsView } from '../fakeBackend/views';
import {
  bodyObject,
  checkBody,
  conflict,
  forbidden,
  isEmail,
  json,
  notFound,
  numberAtLeast,
  ownedTeam,
  ownTeam,
  queryDate,
  requiredString,
  route,
  signedInUser,
  validationError,
} from './http';

const DAY = 24 * 60 * 60 * 1000;

const getTeam = route('get', '/v1/teams/', () => json(teamView(fakeDb.state, ownTeam().team)));

const createTeam = route('post', '/v1/teams/', ({ body }) => {
  const user = signedInUser();
  const input = checkBody(TeamCreateBody, body);
  // As the server (server/teams/routes.ts): 1 to 100 characters once trimmed.
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > 100) throw validationError(TEAM_NAME_MESSAGE);
  const budgetLimit = numberAtLeast(input, 'budget_limit', 0);
  if (fakeDb.membershipOf(user.id)) throw conflict('You already belong to a team');
  const now = fakeDb.now().toISOString();
  const team = {
    id: fakeDb.nextId('team'),
    name,
    budget_limit: dollars(budgetLimit),
    current_usage: 0,
    created_at: now,
  };
  fakeDb.state.teams.push(team);
  fakeDb.state.memberships.push({ team_id: team.id, user_id: user.id, role: 'owner', created_at: now });
  return json(teamView(fakeDb.state, team), 201);
});

const listMembers = route('get', '/v1/teams/members', () =>
  json(membersView(fakeDb.state, ownTeam().team.id, fakeDb.now())),
);

/** Owner only; the cap is cents or null (docs/governance.md#member-caps). */
const setMemberCap = route('patch', '/v1/teams/members/:userId/cap', ({ params, body }) => {
  const { team } = ownedTeam();
  const problem = schemaProblem(MemberCapBody, bodyObject(body));
  if (problem) throw validationError(problem);
  const membership = fakeDb.state.memberships.find(
    (candidate) => candidate.team_id === team.id && candidate.user_id === params.userId,
  );
  if (!membership) throw notFound('Team member not found');
  membership.monthly_cap_cents = (body as MemberCapBody).monthly_cap_cents;
  const member = membersView(fakeDb.state, team.id, fakeDb.now()).find((row) => row.id === params.userId);
  return json(member);
});

const inviteMember = route('post', '/v1/teams/invite', ({ body }) => {
  const { user, team } = ownedTeam();
  const email = requiredString(bodyObject(body), 'email').toLowerCase();
  if (!isEmail(email)) throw validationError('Enter a valid email address.');
  if (fakeDb.state.invites.some((invite) => invite.team_id === team.id && invite.email === email)) {
    throw conflict(`${email} has already been invited to this team`);
  }
  const created_at = fakeDb.now().toISOString();
  const id = fakeDb.nextId('invite');
  fakeDb.state.invites.push({ id, team_id: team.id, email, status: 'pending', invited_by: user.id, created_at });
  return json({ email, status: 'pending' }, 201);
});

/** Pending invites, newest first, with the inviter's name (as server/teams/teams.ts). */
const listInvites = route('get', '/v1/teams/invites', () => {
  const { team } = ownTeam();
  const invites = fakeDb.state.invites.filter((invite) => invite.team_id === team.id);
  return json(
    [...invites]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.email.localeCompare(b.email))
      .map(({ id, email, created_at, invited_by }) => {
        const inviter = fakeDb.state.users.find((candidate) => candidate.id === invited_by);
        return { id, email, created_at, invited_by: inviter ? (inviter.name ?? inviter.login) : null };
      }),
  );
});

const cancelInvite = route('delete', '/v1/teams/invites/:inviteId', ({ params }) => {
  const { team } = ownedTeam();
  const invite = fakeDb.state.invites.find((row) => row.id === params.inviteId && row.team_id === team.id);
  if (!invite) throw notFound('Invite not found');
  fakeDb.state.invites = fakeDb.state.invites.filter((row) => row !== invite);
  return json({ success: true });
});

const removeMember = route('delete', '/v1/teams/members/:userId', ({ params }) => {
  const { team } = ownedTeam();
  const membership = fakeDb.state.memberships.find(
    (candidate) => candidate.team_id === team.id && candidate.user_id === params.userId,
  );
  if (!membership) throw notFound('Team member not found');
  if (membership.role === 'owner') throw forbidden('The team owner cannot be removed');
  fakeDb.state.memberships = fakeDb.state.memberships.filter((candidate) => candidate !== membership);
  return json({ success: true });
});

const updateBudget = route('put', '/v1/teams/budget', ({ body }) => {
  const { team } = ownedTeam();
  const before = { budget_limit_cents: Math.round(team.budget_limit * 100) };
  team.budget_limit = dollars(numberAtLeast(checkBody(BudgetBody, body), 'budget_limit', 0));
  recordAudit('team.budget_changed', { id: team.id, label: team.name }, before, {
    budget_limit_cents: Math.round(team.budget_limit * 100),
  });
  return json(teamView(fakeDb.state, team));
});

const getDashboard = route('get', '/v1/teams/dashboard', () => {
  const { team, membership } = ownTeam();
  return json(teamDashboardView(fakeDb.state, team, membership, fakeDb.now()));
});

/** Defaults to the last 30 days up to today. */
const getUsageStats = route('get', '/v1/teams/usage-stats', ({ query }) => {
  const { team } = ownTeam();
  const now = fakeDb.now();
  const start = queryDate(query, 'start_date', today(new Date(now.getTime() - 29 * DAY)));
  const end = queryDate(query, 'end_date', today(now));
  if (start > end) throw validationError('start_date must not be after end_date');
  return json(usageStatsView(fakeDb.state, team, start, end));
});

export const teamRoutes = [
  getTeam,
  createTeam,
  listMembers,
  setMemberCap,
  inviteMember,
  listInvites,
  cancelInvite,
  removeMember,
  updateBudget,
  getDashboard,
  getUsageStats,
];
