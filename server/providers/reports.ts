/**
 * What the providers' usage-report readers share (providers/<name>/usageReport.ts): paged JSON over HTTP with an
 * admin key, and the sums per day and model they build.
 */
import type { ReportedDay } from './types';

/** A report read that took longer fails: the next reconciliation reads it again. */
const REPORT_TIMEOUT_MS = 30_000;

export class ReportError extends Error {}

/** GETs `url` and every following page (`next(body)` gives the next page's URL, or null). */
export async function readPages(
  url: string,
  headers: Record<string, string>,
  next: (body: Record<string, unknown>) => string | null,
): Promise<Record<string, unknown>[]> {
  const pages: Record<string, unknown>[] = [];
  for (let page: string | null = url; page !== null && pages.length < 100;) {
    const res = await fetch(page, { headers, signal: AbortSignal.timeout(REPORT_TIMEOUT_MS) });
    const text = await res.text();
    if (!res.ok) {
      throw new ReportError(`The provider's usage report answered ${res.status}: ${text.slice(0, 200)}`);
    }
    const body = JSON.parse(text) as Record<string, unknown>;
    pages.push(body);
    page = next(body);
  }
  return pages;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The objects of an array field (a page's `data`, a bucket's `results`); none when it is not an array. */
export const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

/** A count in a report: a non-negative number, 0 when absent. */
export const tokens = (value: unknown) => (typeof value === 'number' && value > 0 ? Math.round(value) : 0);

/** Sums reported days by day and model (a report can split a model's day over several rows: tiers, geos). */
export function byDayAndModel(rows: Omit<ReportedDay, 'costCents'>[], costs: Map<string, number>): ReportedDay[] {
  const sums = new Map<string, ReportedDay>();
  for (const row of rows) {
    const key = `${row.day}\n${row.model}`;
    const sum = sums.get(key) ?? { ...row, inputTokens: 0, outputTokens: 0, cachedTokens: 0, costCents: null };
    sum.inputTokens += row.inputTokens;
    sum.outputTokens += row.outputTokens;
    sum.cachedTokens += row.cachedTokens;
    sums.set(key, sum);
  }
  for (const [key, micros] of costs) {
    const [day, model] = key.split('\n');
    const sum = sums.get(key) ?? { day, model, inputTokens: 0, outputTokens: 0, cachedTokens: 0, costCents: null };
    sum.costCents = Math.round(micros / 10_000);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** Adds `micros` (millionths of a dollar) to a day and model's cost. */
export function addCost(costs: Map<string, number>, day: string, model: string, micros: number) {
  const key = `${day}\n${model}`;
  costs.set(key, (costs.get(key) ?? 0) + micros);
}

/** The UTC day a timestamp (seconds, or an ISO string) falls on. */
export const utcDay = (at: number | string) =>
  new Date(typeof at === 'number' ? at * 1000 : at).toISOString().slice(0, 10);
