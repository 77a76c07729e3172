import type { Queryable } from '../db/types';
import { badRequest } from '../lib/errors';

/** What the ledger's entries of a month add up to, by the statement's lines (signed cents, as in the ledger). */
export interface StatementTotals {
  /** Top-ups paid through a payment provider. */
  topups: number;
  coupons: number;
  refunds: number;
  adjustments: number;
  transfers: number;
  other: number;
}

export interface StatementEntry {
  at: Date;
  line: keyof StatementTotals;
  description: string;
  amountCents: number;
  document: string | null;
}

export interface StatementUsage {
  provider: string;
  model: string;
  requests: number;
  tokens: number;
  costCents: number;
  /** A media model's unit without its size (`image`, `audio_second`: docs/media.md) and how many; null, 0 otherwise. */
  unit: string | null;
  units: number;
}

/**
 * A team's statement of one calendar month (UTC): the balance it opened with, every ledger entry of the month, its
 * usage by model, and the balance it closed with. Read from the same rows as the balance itself (credit_ledger and
 * usage_daily), so closing = opening + entries - usage to the cent, and the current month's closing balance is the
 * team's balance now.
 */
export interface Statement {
  month: string;
  from: Date;
  /** The end of the month, or now for the month in progress. */
  to: Date;
  monthToDate: boolean;
  openingCents: number;
  totals: StatementTotals;
  entries: StatementEntry[];
  usage: StatementUsage[];
  usageCents: number;
  closingCents: number;
}

/** The statement line of a ledger entry: coupons are top-ups that came from a redemption. */
const LINE_SQL = `CASE WHEN type = 'topup' AND coupon_redemption_id IS NOT NULL THEN 'coupons'
                       WHEN type = 'topup' THEN 'topups' WHEN type = 'refund' THEN 'refunds'
                       WHEN type = 'adjustment' THEN 'adjustments' WHEN type = 'transfer' THEN 'transfers'
                       ELSE 'other' END`;

/** The first instant of `month` (YYYY-MM) and of the month after it, in UTC. */
export function monthBounds(month: string): { from: Date; next: Date } {
  const [year, monthNumber] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), next: new Date(Date.UTC(year, monthNumber, 1)) };
}

export async function buildStatement(
  q: Queryable,
  teamId: string,
  month: string,
  now = new Date(),
): Promise<Statement> {
  const { from, next } = monthBounds(month);
  if (from > now) throw badRequest('The statement month must not be in the future.');
  const monthToDate = next > now;
  const to = monthToDate ? now : next;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  // The usage of the days up to `to`: the whole month, or every day of it so far (today included).
  const lastDay = monthToDate ? day(now) : day(new Date(next.getTime() - 86_400_000));

  const [opening] = await q.query<{ cents: number }>(
    `SELECT (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger WHERE team_id = $1 AND created_at < $2)
          - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1 AND day < $3::date) AS cents`,
    [teamId, from, day(from)],
  );
  const entries = await q.query<{
    created_at: Date;
    line: keyof StatementTotals;
    description: string;
    amount_cents: number;
    document: string | null;
  }>(
    `SELECT l.created_at, ${LINE_SQL} AS line, l.description, l.amount_cents, d.number AS document
     FROM credit_ledger l LEFT JOIN invoices d ON d.id = l.document_id
     WHERE l.team_id = $1 AND l.created_at >= $2 AND l.created_at < $3
     ORDER BY l.created_at, l.id`,
    [teamId, from, to],
  );
  const usage = await q.query<{
    provider: string;
    model: string;
    requests: number;
    tokens: number;
    cost_cents: number;
    unit: string | null;
    units: number;
  }>(
    `SELECT provider, model, sum(request_count) AS requests, sum(prompt_tokens + completion_tokens) AS tokens,
            sum(cost_cents) AS cost_cents, max(unit) AS unit, sum(units) AS units
     FROM usage_daily WHERE team_id = $1 AND day BETWEEN $2::date AND $3::date
     GROUP BY provider, model ORDER BY sum(cost_cents) DESC, provider, model`,
    [teamId, day(from), lastDay],
  );

  const totals: StatementTotals = { topups: 0, coupons: 0, refunds: 0, adjustments: 0, transfers: 0, other: 0 };
  for (const entry of entries) totals[entry.line] += entry.amount_cents;
  const usageCents = usage.reduce((sum, row) => sum + row.cost_cents, 0);
  const moved = Object.values(totals).reduce((sum, cents) => sum + cents, 0);
  return {
    month,
    from,
    to,
    monthToDate,
    openingCents: opening.cents,
    totals,
    entries: entries.map((entry) => ({
      at: entry.created_at,
      line: entry.line,
      description: entry.description,
      amountCents: entry.amount_cents,
      document: entry.document,
    })),
    usage: usage.map((row) => ({
      provider: row.provider,
      model: row.model,
      requests: row.requests,
      tokens: row.tokens,
      costCents: row.cost_cents,
      unit: row.unit,
      units: row.units,
    })),
    usageCents,
    closingCents: opening.cents + moved - usageCents,
  };
}
