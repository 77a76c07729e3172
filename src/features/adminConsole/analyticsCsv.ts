// The 'Export CSV' file of /admin/analytics: the tables behind the charts, each section under its own header row
// (docs/governance.md#analytics), money as dollars with two decimals so spreadsheets read numbers.
import { csvRow, formulaSafe, type CsvCell } from '../../../contract/csv';
import type { Analytics, AnalyticsFigures } from '../../../contract/schemas/analytics';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const FIGURE_HEADERS = ['Requests', 'Errors', 'Prompt Tokens', 'Completion Tokens', 'Cost (USD)'];
const LATENCY_HEADERS = ['p50 Latency (ms)', 'p95 Latency (ms)'];

const figureCells = (row: Omit<AnalyticsFigures, 'p50_latency_ms' | 'p95_latency_ms'>): CsvCell[] => [
  row.requests,
  row.errors,
  row.prompt_tokens,
  row.completion_tokens,
  dollars(row.cost_cents),
];
const latencyCells = (row: AnalyticsFigures): CsvCell[] => [row.p50_latency_ms, row.p95_latency_ms];

export function analyticsCsv(report: Analytics): string {
  const rows: CsvCell[][] = [
    ['Date', ...FIGURE_HEADERS, ...LATENCY_HEADERS],
    ...report.days.map((day) => [day.day, ...figureCells(day), ...latencyCells(day)]),
    [],
    ['Provider', ...FIGURE_HEADERS, ...LATENCY_HEADERS],
    ...report.providers.map((p) => [formulaSafe(p.provider), ...figureCells(p), ...latencyCells(p)]),
    [],
    ['Provider', 'Model', ...FIGURE_HEADERS, ...LATENCY_HEADERS],
    ...report.models.map((m) => [formulaSafe(m.provider), formulaSafe(m.model), ...figureCells(m), ...latencyCells(m)]),
    [],
    ['Team', 'Team ID', ...FIGURE_HEADERS, 'Mean Latency (ms)'],
    ...report.teams.map((t) => [formulaSafe(t.team_name), t.team_id, ...figureCells(t), t.mean_latency_ms]),
    [],
    ['Date', 'Payments (USD)', 'Coupons (USD)', 'Usage (USD)'],
    ...report.credits.days.map((d) => [
      d.day,
      dollars(d.payments_cents),
      dollars(d.coupons_cents),
      dollars(d.usage_cents),
    ]),
  ];
  return `${rows.map(csvRow).join('\n')}\n`;
}

export const analyticsFileName = (report: Pick<Analytics, 'start_date' | 'end_date'>) =>
  `analytics-${report.start_date}-to-${report.end_date}.csv`;
