// /v1/admin/overview, teams, users and analytics: the operator's console, admins only (docs/governance.md
// #the-operators-console), derived from the fake's collections. The server searches, sorts and pages; so does this.
import { ADMIN_OVERVIEW_PATH, ADMIN_TEAMS_PATH, ADMIN_USERS_PATH } from '../../../contract/apiPaths';
import { centsToDollars, dollarsToCents, formatCents } from '../../../contract/money';
import {
  AdminTeamListQuery,
  AdminUserListQuery,
  DISABLE_SELF_MESSAGE,
  type AdminTeamDetail,
  type AdminTeamRow,
  type AdminUserRow,
} from '../../../contract/schemas/adminConsole';
import { CreditAdjustmentBody, type CreditAdjustmentReply } from '../../../contract/schemas/billing';
import { fakeDb } from '../fakeBackend';
import { schemaProblem } from '../fakeBackend/keys';
import type { FakeTeam } from '../fakeBackend/state';
import { creditBalance, memberMonthCents, teamCredits } from '../fakeBackend/views';
import { recordAudit } from './auditRoutes';
import { adminUser, bodyObject, checkBody, conflict, json, notFound, route, validationError } from './http';

const state = () => fakeDb.state;
const monthStart = () => fakeDb.now().toISOString().slice(0, 8) + '01';
const today = () => fakeDb.now().toISOString().slice(0, 10);

function checkedQuery(schema: Parameters<typeof schemaProblem>[0], query: URLSearchParams) {
  const raw: Record<string, unknown> = Object.fromEntries(query);
  for (const field of ['limit', 'offset']) if (field in raw) raw[field] = Number(raw[field]);
  const problem = schemaProblem(schema, raw);
  if (problem) throw validationError(problem);
  return raw as { search?: string; sort?: string; order?: 'asc' | 'desc'; limit?: number; offset?: number };
}

/** Searched, sorted (nulls last) and paged as the server does. */
function listed<T extends object>(
  rows: T[],
  query: ReturnType<typeof checkedQuery>,
  text: (row: T) => string[],
  sort: string,
) {
  const search = query.search?.trim().toLowerCase() ?? '';
  const found = search ? rows.filter((row) => text(row).some((t) => t.toLowerCase().includes(search))) : rows;
  const field = (query.sort ?? sort) as keyof T;
  const direction = (query.order ?? 'desc') === 'asc' ? 1 : -1;
  const sorted = [...found].sort((a, b) => {
    const [x, y] = [a[field], b[field]];
    if (x === null) return y === null ? 0 : 1;
    if (y === null) return -1;
    return (typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y)) * direction;
  });
  const offset = query.offset ?? 0;
  return { rows: sorted.slice(offset, offset + (query.limit ?? 25)), total: found.length };
}

const monthUsage = (teamId: string) =>
  state().usage.filter((row) => row.team_id === teamId && row.date >= monthStart());

function person(userId: string) {
  const user = state().users.find((candidate) => candidate.id === userId);
  return user ? { id: user.id, login: user.login, name: user.name, email: user.email } : null;
}

function teamRow(team: FakeTeam): AdminTeamRow {
  const members = state().memberships.filter((m) => m.team_id === team.id);
  const owner = members.find((m) => m.role === 'owner');
  const spent = monthUsage(team.id).reduce((sum, row) => sum + row.cost_cents, 0);
  const budget = dollarsToCents(team.budget_limit);
  const activity = state()
    .activities.filter((a) => a.team_id === team.id)
    .map((a) => a.timestamp)
    .sort()
    .at(-1);
  return {
    id: team.id,
    name: team.name,
    created_at: team.created_at,
    owner: owner ? person(owner.user_id) : null,
    member_count: members.length,
    balance_cents: dollarsToCents(creditBalance(state(), team.id)),
    month_spend_cents: spent,
    budget_limit_cents: budget,
    budget_use_percent: budget > 0 ? Math.round((spent / budget) * 10_000) / 100 : null,
    last_activity_at: activity ?? null,
  };
}

function userRow(userId: string): AdminUserRow {
  const user = state().users.find((candidate) => candidate.id === userId);
  if (!user) throw notFound('User not found');
  const found = fakeDb.membershipOf(user.id);
  const keys = state().apiKeys.filter((k) => k.user_id === user.id);
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    email: user.email,
    is_admin: user.is_admin,
    disabled_at: state().disabledUsers[user.id] ?? null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: null,
    team: found ? { id: found.team.id, name: found.team.name } : null,
    role: found?.membership.role ?? null,
    key_count: keys.length,
    month_spend_cents: found ? memberMonthCents(state(), found.team.id, user.id, fakeDb.now()) : 0,
  };
}

export function findTeam(teamId: string): FakeTeam {
  const team = state().teams.find((candidate) => candidate.id === teamId);
  if (!team) throw notFound('Team not found');
  return team;
}

function teamDetail(team: FakeTeam): AdminTeamDetail {
  const s = state();
  const now = fakeDb.now();
  const days: AdminTeamDetail['usage']['days'] = [];
  for (let back = 29; back >= 0; back--) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const rows = s.usage.filter((row) => row.team_id === team.id && row.date === day);
    days.push({
      day,
      requests: rows.reduce((sum, row) => sum + row.request_count, 0),
      cost_cents: rows.reduce((sum, row) => sum + row.cost_cents, 0),
    });
  }
  const models = new Map<string, AdminTeamDetail['usage']['models'][number]>();
  for (const row of s.usage.filter((r) => r.team_id === team.id && r.date >= days[0].day)) {
    const key = `${row.provider}/${row.model}`;
    const line = models.get(key) ?? { provider: row.provider, model: row.model, requests: 0, tokens: 0, cost_cents: 0 };
    line.requests += row.request_count;
    line.tokens += row.total_tokens;
    line.cost_cents += row.cost_cents;
    models.set(key, line);
  }
  return {
    team: teamRow(team),
    members: s.memberships
      .filter((m) => m.team_id === team.id)
      .map((m) => ({
        ...person(m.user_id)!,
        role: m.role,
        joined_at: m.created_at,
        disabled: m.user_id in s.disabledUsers,
        monthly_cap_cents: m.monthly_cap_cents ?? null,
        month_spend_cents: memberMonthCents(s, team.id, m.user_id, now),
      })),
    keys: s.apiKeys
      .filter((k) => k.team_id === team.id)
      .map((k) => ({
        id: k.id,
        name: k.name,
        key_prefix: k.key_prefix,
        is_active: k.is_active,
        created_at: k.created_at,
        last_used_at: k.last_used_at,
        expires_at: k.expires_at,
        user: k.user_id ? person(k.user_id) : null,
      })),
    payments: s.payments
      .filter((p) => p.team_id === team.id)
      .slice(0, 20)
      .map((p) => ({
        order_id: p.order_id,
        status: p.status,
        amount_cents: p.amount.cents,
        refunded_cents: p.refunded.cents,
        created_at: p.created_at,
        completed_at: p.completed_at,
      })),
    credits: [...teamCredits(s, team.id)]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, 20)
      .map((e) => ({
        id: e.id,
        type: e.type,
        description: e.description,
        amount_cents: dollarsToCents(e.amount),
        created_at: e.created_at,
        created_by: e.created_by ?? null,
      })),
    usage: { days, models: [...models.values()].sort((a, b) => b.cost_cents - a.cost_cents) },
  };
}

export const adminConsoleRoutes = [
  route('get', ADMIN_OVERVIEW_PATH, () => {
    adminUser();
    const calls = state()
      .usage.filter((row) => row.date === today())
      .reduce((sum, row) => sum + row.request_count, 0);
    return json({ total_users: state().users.length, total_teams: state().teams.length, api_calls_today: calls });
  }),

  route('get', ADMIN_TEAMS_PATH, ({ query }) => {
    adminUser();
    const checked = checkedQuery(AdminTeamListQuery, query);
    const rows = state().teams.map(teamRow);
    return json(
      listed(rows, checked, (row) => [row.name, row.owner?.login ?? '', row.owner?.email ?? ''], 'month_spend_cents'),
    );
  }),

  route('get', `${ADMIN_TEAMS_PATH}/:teamId`, ({ params }) => {
    adminUser();
    return json(teamDetail(findTeam(params.teamId)));
  }),

  route('post', `${ADMIN_TEAMS_PATH}/:teamId/credits/adjustments`, ({ params, body }) => {
    const admin = adminUser();
    const team = findTeam(params.teamId);
    const input = checkBody(CreditAdjustmentBody, body) as unknown as CreditAdjustmentBody;
    const reason = input.reason.trim();
    if (!reason) throw validationError('Give a reason of 1-200 characters.');
    const balance = dollarsToCents(creditBalance(state(), team.id));
    if (balance + input.amount_cents < 0) {
      throw conflict(
        `A debit of ${formatCents(-input.amount_cents)} is more than ${team.name} has: its balance is ` +
          `${formatCents(balance)}. Debit at most ${formatCents(balance)}.`,
      );
    }
    state().credits.push({
      id: fakeDb.nextId('credit'),
      team_id: team.id,
      type: 'adjustment',
      description: reason,
      amount: centsToDollars(input.amount_cents),
      created_at: fakeDb.now().toISOString(),
      created_by: admin.login,
    });
    const reply: CreditAdjustmentReply = { team_id: team.id, balance_cents: balance + input.amount_cents };
    recordAudit(
      'credits.adjusted',
      { id: team.id, label: team.name },
      { balance_cents: balance },
      { balance_cents: reply.balance_cents, amount_cents: input.amount_cents, reason },
    );
    return json(reply, 201);
  }),

  route('get', ADMIN_USERS_PATH, ({ query }) => {
    adminUser();
    const checked = checkedQuery(AdminUserListQuery, query);
    const status = query.get('status');
    const rows = state()
      .users.map((user) => userRow(user.id))
      .filter((row) => !status || (row.disabled_at !== null) === (status === 'disabled'));
    return json(
      listed(rows, checked, (row) => [row.login, row.name ?? '', row.email ?? '', row.team?.name ?? ''], 'created_at'),
    );
  }),

  route('patch', `${ADMIN_USERS_PATH}/:userId`, ({ params, body }) => {
    const admin = adminUser();
    const input = bodyObject(body);
    if (typeof input.disabled !== 'boolean') throw validationError('disabled must be true or false');
    userRow(params.userId);
    if (input.disabled && params.userId === admin.id) throw conflict(DISABLE_SELF_MESSAGE);
    const was = params.userId in state().disabledUsers;
    if (input.disabled) state().disabledUsers[params.userId] ??= fakeDb.now().toISOString();
    else delete state().disabledUsers[params.userId];
    if (was !== input.disabled) {
      const { login } = userRow(params.userId);
      recordAudit(
        input.disabled ? 'user.disabled' : 'user.enabled',
        { id: params.userId, label: login },
        { disabled: was },
        {
          disabled: input.disabled,
        },
      );
    }
    return json(userRow(params.userId));
  }),
];
