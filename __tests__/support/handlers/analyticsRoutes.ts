// GET /v1/admin/analytics: every team's traffic over a range, derived from the fake's usage rows (which keep total
// tokens only, and no latencies: the percentiles are fixed figures), and the credits from its ledger.
import { ADMIN_ANALYTICS_PATH } from '../../../contract/apiPaths';
import { dollarsToCents } from '../../../contract/money';
import type { Analytics, AnalyticsFigures } from '../../../contract/schemas/analytics';
import { fakeDb } from '../fakeBackend';
import type { FakeUsageRow } from '../fakeBackend/state';
import { findTeam } from './adminConsoleRoutes';
import { adminUser, json, route, validationError } from './http';

const state = () => fakeDb.state;
const today = () => fakeDb.now().toISOString().slice(0, 10);

function sums(rows: FakeUsageRow[]): AnalyticsFigures {
  const requests = rows.reduce((sum, row) => sum + row.request_count, 0);
  const tokens = rows.reduce((sum, row) => sum + row.total_tokens, 0);
  return {
    requests,
    errors: 0,
    // The fake keeps total tokens only: three quarters prompt, as the seed's calls are.
    prompt_tokens: Math.round(tokens * 0.75),
    completion_tokens: tokens - Math.round(tokens * 0.75),
    cost_cents: rows.reduce((sum, row) => sum + row.cost_cents, 0),
    p50_latency_ms: requests > 0 ? 820 : null,
    p95_latency_ms: requests > 0 ? 2_400 : null,
  };
}

function groupBy<K extends string>(rows: FakeUsageRow[], key: (row: FakeUsageRow) => K): Map<K, FakeUsageRow[]> {
  const groups = new Map<K, FakeUsageRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function analytics(query: URLSearchParams): Analytics {
  const end = query.get('end_date') ?? today();
  const start = query.get('start_date') ?? new Date(Date.parse(end) - 30 * 86_400_000).toISOString().slice(0, 10);
  if (start > end) throw validationError('start_date must not be after end_date');
  const rows = state().usage.filter((row) => row.date >= start && row.date <= end);
  const days: Analytics['days'] = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, ...sums(rows.filter((row) => row.date === day)) });
  }
  const byCost = <T extends { cost_cents: number }>(list: T[]) => list.sort((a, b) => b.cost_cents - a.cost_cents);
  const teams = [...groupBy(rows, (row) => row.team_id)].map(([teamId, teamRows]) => {
    const { p50_latency_ms: _p50, p95_latency_ms: _p95, ...figures } = sums(teamRows);
    return { team_id: teamId, team_name: findTeam(teamId).name, ...figures, mean_latency_ms: 910 };
  });
  const usageCents = rows.reduce((sum, row) => sum + row.cost_cents, 0);
  const adjustments = state().credits.filter(
    (e) => e.type === 'adjustment' && e.created_at.slice(0, 10) >= start && e.created_at.slice(0, 10) <= end,
  );
  return {
    start_date: start,
    end_date: end,
    totals: sums(rows),
    days,
    providers: byCost([...groupBy(rows, (row) => row.provider)].map(([provider, r]) => ({ provider, ...sums(r) }))),
    models: byCost(
      [...groupBy(rows, (row) => `${row.provider}/${row.model}`)].map(([, r]) => ({
        provider: r[0].provider,
        model: r[0].model,
        ...sums(r),
      })),
    ),
    teams: byCost(teams),
    team_count: teams.length,
    credits: {
      payments_cents: 0,
      refunds_cents: 0,
      coupons_cents: 0,
      adjustments_cents: adjustments.reduce((sum, e) => sum + dollarsToCents(e.amount), 0),
      usage_cents: usageCents,
      days: days.map((d) => ({ day: d.day, payments_cents: 0, coupons_cents: 0, usage_cents: d.cost_cents })),
    },
  };
}

export const analyticsRoutes = [
  route('get', ADMIN_ANALYTICS_PATH, ({ query }) => {
    adminUser();
    return json(analytics(query));
  }),
];
