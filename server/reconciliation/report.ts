import type { Queryable } from '../db/types';
import { iso } from '../lib/time';
import type { Reconciliation } from '../../contract/schemas/routing';
import { differences, type DayRow } from './reconcile';

interface StoredRow {
  credential_id: string;
  day: string;
  model: string;
  ours_requests: number;
  ours_input_tokens: number;
  ours_output_tokens: number;
  ours_cached_tokens: number;
  ours_cost_cents: number;
  theirs_input_tokens: number;
  theirs_output_tokens: number;
  theirs_cached_tokens: number;
  theirs_cost_cents: number | null;
  checked_at: Date;
}

/** The last `days` UTC days of every credential's reconciliation, newest first, each day's differences named. */
export async function listReconciliation(
  q: Queryable,
  days: number,
  tolerancePercent: number,
): Promise<Reconciliation> {
  const stored = await q.query<StoredRow>(
    `SELECT * FROM reconciliation_days WHERE day > (timezone('UTC', now())::date - $1::int)
     ORDER BY day DESC, credential_id, model`,
    [days],
  );
  return {
    tolerance_percent: tolerancePercent,
    rows: stored.map((row) => {
      const day: DayRow = {
        day: row.day,
        model: row.model,
        oursRequests: row.ours_requests,
        oursInput: row.ours_input_tokens,
        oursOutput: row.ours_output_tokens,
        oursCached: row.ours_cached_tokens,
        oursCostCents: row.ours_cost_cents,
        theirsInput: row.theirs_input_tokens,
        theirsOutput: row.theirs_output_tokens,
        theirsCached: row.theirs_cached_tokens,
        theirsCostCents: row.theirs_cost_cents,
      };
      return {
        credential_id: row.credential_id,
        day: row.day,
        model: row.model,
        ours: {
          requests: row.ours_requests,
          input_tokens: row.ours_input_tokens,
          output_tokens: row.ours_output_tokens,
          cached_tokens: row.ours_cached_tokens,
          cost_cents: row.ours_cost_cents,
        },
        theirs: {
          input_tokens: row.theirs_input_tokens,
          output_tokens: row.theirs_output_tokens,
          cached_tokens: row.theirs_cached_tokens,
          cost_cents: row.theirs_cost_cents,
        },
        differences: differences(day, tolerancePercent),
        checked_at: iso(row.checked_at),
      };
    }),
  };
}
