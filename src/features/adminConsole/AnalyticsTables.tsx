import Grid from '@mui/material/Grid';
import { InTurn } from '../../components/AfterFirstPaint';
import { TopUsageTable, type TopUsageColumn } from '../usage/TopUsageTable';
import { formatCount } from '../../lib/numbers';
import { formatCents } from '../../../contract/money';
import type {
  Analytics,
  AnalyticsDay,
  AnalyticsModel,
  AnalyticsProvider,
  AnalyticsTeam,
} from '../../../contract/schemas/analytics';

const ms = (value: number | null) => (value === null ? '-' : `${formatCount(value)} ms`);
type Figures = Pick<AnalyticsDay, 'requests' | 'errors' | 'prompt_tokens' | 'completion_tokens' | 'cost_cents'>;

function figureColumns<T extends Figures>(): TopUsageColumn<T>[] {
  return [
    { header: 'Requests', cell: (r) => formatCount(r.requests), numeric: true },
    { header: 'Errors', cell: (r) => formatCount(r.errors), numeric: true },
    { header: 'Tokens', cell: (r) => formatCount(r.prompt_tokens + r.completion_tokens), numeric: true },
    { header: 'Cost', cell: (r) => formatCents(r.cost_cents), numeric: true },
  ];
}

function latencyColumns<
  T extends { p50_latency_ms: number | null; p95_latency_ms: number | null },
>(): TopUsageColumn<T>[] {
  return [
    { header: 'p50', cell: (r) => ms(r.p50_latency_ms), numeric: true },
    { header: 'p95', cell: (r) => ms(r.p95_latency_ms), numeric: true },
  ];
}

const PROVIDER_COLUMNS: TopUsageColumn<AnalyticsProvider>[] = [
  { header: 'Provider', cell: (p) => p.provider },
  ...figureColumns<AnalyticsProvider>(),
  ...latencyColumns<AnalyticsProvider>(),
];
const MODEL_COLUMNS: TopUsageColumn<AnalyticsModel>[] = [
  { header: 'Model', cell: (m) => `${m.provider}/${m.model}` },
  ...figureColumns<AnalyticsModel>(),
  ...latencyColumns<AnalyticsModel>(),
];
const TEAM_COLUMNS: TopUsageColumn<AnalyticsTeam>[] = [
  { header: 'Team', cell: (t) => t.team_name },
  ...figureColumns<AnalyticsTeam>(),
  { header: 'Mean latency', cell: (t) => ms(t.mean_latency_ms), numeric: true },
];
const DAY_COLUMNS: TopUsageColumn<AnalyticsDay>[] = [
  { header: 'Date', cell: (d) => d.day },
  ...figureColumns<AnalyticsDay>(),
  ...latencyColumns<AnalyticsDay>(),
];

type CreditLine = { label: string; cents: number };
const CREDIT_COLUMNS: TopUsageColumn<CreditLine>[] = [
  { header: 'Credits', cell: (c) => c.label },
  { header: 'Amount', cell: (c) => formatCents(c.cents), numeric: true },
];

/**
 * The tables behind the chart: by provider, model and team, money in against usage, and every day. Each drawn in a
 * commit of its own once the one above has painted: all five in one were 1,500 boxes laid out at once, a 300 ms task
 * on a throttled phone (Lighthouse's trace of /admin/analytics; docs/performance.md, "Sections in turn").
 */
export function AnalyticsTables({ report }: { report: Analytics }) {
  const { credits } = report;
  const creditLines: CreditLine[] = [
    { label: 'Payments', cents: credits.payments_cents },
    { label: 'Refunds and disputes', cents: credits.refunds_cents },
    { label: 'Coupons', cents: credits.coupons_cents },
    { label: 'Manual adjustments', cents: credits.adjustments_cents },
    { label: 'Usage billed', cents: credits.usage_cents },
  ];
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, xl: 6 }}>
        <InTurn>
          <TopUsageTable
            id="analytics-providers"
            title="By provider"
            columns={PROVIDER_COLUMNS}
            rows={report.providers}
            rowKey={(p) => p.provider}
          />
        </InTurn>
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <InTurn>
          <TopUsageTable
            id="analytics-credits"
            title="Credits sold against usage"
            columns={CREDIT_COLUMNS}
            rows={creditLines}
            rowKey={(c) => c.label}
          />
        </InTurn>
      </Grid>
      <Grid size={12}>
        <InTurn>
          <TopUsageTable
            id="analytics-models"
            title="By model"
            columns={MODEL_COLUMNS}
            rows={report.models}
            rowKey={(m) => `${m.provider}/${m.model}`}
          />
        </InTurn>
      </Grid>
      <Grid size={12}>
        <InTurn>
          <TopUsageTable
            id="analytics-teams"
            title={`Top teams (${formatCount(report.team_count)} active)`}
            columns={TEAM_COLUMNS}
            rows={report.teams}
            rowKey={(t) => t.team_id}
          />
        </InTurn>
      </Grid>
      <Grid size={12}>
        <InTurn>
          <TopUsageTable
            id="analytics-days"
            title="By day"
            columns={DAY_COLUMNS}
            rows={report.days}
            rowKey={(d) => d.day}
          />
        </InTurn>
      </Grid>
    </Grid>
  );
}
