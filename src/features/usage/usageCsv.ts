// The 'Export Report' file of /usage-reports (our own design, docs/rules.md#usage-reports): one CSV holding the daily
// series, then the per-member table, then the per-model table, each section under its own header row.
import { csvRow, type CsvCell as Cell } from '../../../contract/csv';
import type { DateRange } from '../../../contract/dates';
import type { UsageStats } from '../../../contract/schemas/usage';
import { dailyUsageSeries } from './usageReport';
import { modelUnits } from './modelUnits';

/** Cents as dollars with two decimals and no symbol or grouping, so spreadsheets read them as numbers. */
export const centsAsCsvDollars = (cents: number): string => (Number.isFinite(cents) ? cents / 100 : 0).toFixed(2);

const byCostDesc = <T extends { total_cost_cents: number }>(entries: Record<string, T> | undefined): T[] =>
  Object.values(entries ?? {}).sort((a, b) => b.total_cost_cents - a.total_cost_cents);

/** The whole report of the fetched range; every member and model (not only the top 5), most expensive first. */
export function usageReportCsv(stats: UsageStats): string {
  const rows: Cell[][] = [
    ['Date', 'Cost (USD)'],
    ...dailyUsageSeries(stats.daily_usage).map((point) => [point.date, point.dollars.toFixed(2)]),
    [],
    ['Member Email', 'Requests', 'Cost (USD)'],
    ...byCostDesc(stats.usage_by_member).map((member) => [
      member.user_email ?? member.user_id,
      member.request_count,
      centsAsCsvDollars(member.total_cost_cents),
    ]),
    [],
    // Units: what a media model was billed by (docs/media.md), empty for a model priced by tokens.
    ['Model', 'Requests', 'Total Tokens', 'Cost (USD)', 'Units'],
    ...byCostDesc(stats.usage_by_model).map((model) => [
      model.model_name,
      model.request_count,
      model.total_tokens,
      centsAsCsvDollars(model.total_cost_cents),
      modelUnits(model) ?? '',
    ]),
  ];
  return `${rows.map(csvRow).join('\r\n')}\r\n`;
}

export const usageReportFileName = (range: DateRange): string =>
  `usage-report-${range.start_date}-to-${range.end_date}.csv`;
