import { recordAudit, type UserAuditContext } from '../audit/audit';
import { notify } from '../db/perSchema';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, isUuid, notFound } from '../lib/errors';
import { centsToDollars, formatCents } from '../lib/money';
import { iso } from '../lib/time';
import {
  ADJUSTMENT_AMOUNT_MESSAGE,
  ADJUSTMENT_REASON_MESSAGE,
  type CreditAdjustmentReply,
  type CreditEntryType,
} from '../../contract/schemas/billing';
import { recordActivity } from '../teams/activity';
import { teamPage } from '../db/paging';

export type LedgerType = CreditEntryType;

export interface LedgerEntryInput {
  teamId: string;
  type: LedgerType;
  amountCents: number;
  description: string;
  paymentId?: string | null;
  couponRedemptionId?: string | null;
  /** The invoice or credit note the entry is the money of. */
  documentId?: string | null;
  createdBy?: string | null;
  createdAt?: Date;
  /**
   * A debit that must leave the team its requests in flight (teams.reserved_cents): written only while the balance
   * less those holds covers it, by the balance's own conditional UPDATE; otherwise nothing is (LedgerRefusal).
   */
  keepHolds?: boolean;
}

/** A `keepHolds` debit the balance did not cover: the team's balance and holds when it was refused, in cents. */
export class LedgerRefusal extends Error {
  constructor(
    readonly balanceCents: number,
    readonly reservedCents: number,
  ) {
    super('The debit is more than the balance left after the holds of requests in flight');
  }
}

/** Told, at COMMIT, the team of every ledger entry: the alerts room watches balances there (docs/alerts.md). */
export const CREDIT_CHANGED_CHANNEL = 'credit_changed';

/**
 * The only way money enters or leaves a team's ledger. Must run inside the caller's transaction: it appends the entry
 * and moves the denormalised balance by the same amount, returning the new balance in cents. A `keepHolds` debit the
 * balance does not cover throws LedgerRefusal (the caller's transaction then writes nothing). Every instance hears of
 * it once the transaction commits (CREDIT_CHANGED_CHANNEL), and never if it rolls back.
 */
export async function appendLedgerEntry(q: Queryable, entry: LedgerEntryInput): Promise<number> {
  await q.query(
    `INSERT INTO credit_ledger (team_id, type, amount_cents, description, payment_id, coupon_redemption_id, created_by,
                                created_at, document_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8, now()), $9)`,
    [
      entry.teamId,
      entry.type,
      entry.amountCents,
      entry.description,
      entry.paymentId ?? null,
      entry.couponRedemptionId ?? null,
      entry.createdBy ?? null,
      entry.createdAt ?? null,
      entry.documentId ?? null,
    ],
  );
  // Re-checked on the row's newest version once its lock is taken (READ COMMITTED): concurrent debits cannot both pass.
  const [team] = await q.query<{ credit_balance_cents: number }>(
    // $2 is bigint: PostgreSQL would infer it from `$2 >= 0` as integer, and refuse an amount past 2^31 cents.
    `UPDATE teams SET credit_balance_cents = credit_balance_cents + $2::bigint
     WHERE id = $1 AND (NOT $3 OR $2::bigint >= 0 OR credit_balance_cents - reserved_cents + $2::bigint >= 0)
     RETURNING credit_balance_cents`,
    [entry.teamId, entry.amountCents, entry.keepHolds ?? false],
  );
  if (!team) {
    const [now] = await q.query<{ credit_balance_cents: number; reserved_cents: number }>(
      'SELECT credit_balance_cents, reserved_cents FROM teams WHERE id = $1',
      [entry.teamId],
    );
    throw new LedgerRefusal(now.credit_balance_cents, now.reserved_cents);
  }
  await notify(q, CREDIT_CHANGED_CHANNEL, entry.teamId);
  return team.credit_balance_cents;
}

export async function balanceCents(q: Queryable, teamId: string): Promise<number> {
  const [row] = await q.query<{ credit_balance_cents: number }>(
    'SELECT credit_balance_cents FROM teams WHERE id = $1',
    [teamId],
  );
  return row.credit_balance_cents;
}

/** The balance recomputed from its sources; equal to teams.credit_balance_cents by construction (and by test). */
export async function derivedBalanceCents(q: Queryable, teamId: string): Promise<number> {
  const [row] = await q.query<{ cents: number }>(
    `SELECT (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger WHERE team_id = $1)
          - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_events WHERE team_id = $1) AS cents`,
    [teamId],
  );
  return row.cents;
}

export async function detailedBalance(q: Queryable, teamId: string) {
  const [row] = await q.query<Record<LedgerType | 'usage' | 'balance', number>>(
    `SELECT
       COALESCE(sum(amount_cents) FILTER (WHERE type = 'topup'), 0) AS topup,
       COALESCE(sum(amount_cents) FILTER (WHERE type = 'refund'), 0) AS refund,
       COALESCE(sum(amount_cents) FILTER (WHERE type = 'adjustment'), 0) AS adjustment,
       COALESCE(sum(amount_cents) FILTER (WHERE type = 'transfer'), 0) AS transfer,
       COALESCE(sum(amount_cents) FILTER (WHERE type = 'other'), 0) AS other,
       (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1) AS usage,
       (SELECT credit_balance_cents FROM teams WHERE id = $1) AS balance
     FROM credit_ledger WHERE team_id = $1`,
    [teamId],
  );
  return {
    team_id: teamId,
    current_balance: centsToDollars(row.balance),
    total_topups: centsToDollars(row.topup),
    total_refunds: centsToDollars(row.refund),
    total_adjustments: centsToDollars(row.adjustment),
    total_transfers: centsToDollars(row.transfer),
    total_other: centsToDollars(row.other),
    total_usage: centsToDollars(row.usage),
  };
}

export async function creditHistory(q: Queryable, teamId: string, limit: number, offset: number) {
  const { rows, total } = await teamPage<{
    id: string;
    type: LedgerType;
    description: string;
    amount_cents: number;
    created_at: Date;
  }>(
    q,
    'credit_ledger',
    { teamId, limit, offset },
    `SELECT id, type, description, amount_cents, created_at FROM credit_ledger WHERE team_id = $1
     ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
  );
  return {
    entries: rows.map((row) => ({
      id: row.id,
      type: row.type,
      description: row.description,
      amount: centsToDollars(row.amount_cents),
      created_at: iso(row.created_at),
    })),
    total,
  };
}

/**
 * An administrator's manual adjustment (docs/governance.md#manual-adjustments): a credit (positive) or a debit
 * (negative) with its reason, as one ledger entry of type adjustment, its activity and its audit entry, in one
 * transaction. A debit is written only while the team's balance, less what its requests in flight hold, covers it
 * (appendLedgerEntry's conditional write), so concurrent debits never take more than there is.
 */
export async function adjustCredits(
  db: Db,
  teamId: string,
  who: UserAuditContext,
  amountCents: number,
  reason: string,
): Promise<CreditAdjustmentReply> {
  const description = reason.trim();
  if (amountCents === 0) throw badRequest(ADJUSTMENT_AMOUNT_MESSAGE);
  if (!description) throw badRequest(ADJUSTMENT_REASON_MESSAGE);
  if (!isUuid(teamId)) throw notFound('Team not found');
  return db.tx(async (q) => {
    const [team] = await q.query<{ name: string; credit_balance_cents: number }>(
      'SELECT name, credit_balance_cents FROM teams WHERE id = $1',
      [teamId],
    );
    if (!team) throw notFound('Team not found');
    let balance: number;
    try {
      balance = await appendLedgerEntry(q, {
        teamId,
        type: 'adjustment',
        amountCents,
        description,
        createdBy: who.userId,
        keepHolds: true,
      });
    } catch (error) {
      if (!(error instanceof LedgerRefusal)) throw error;
      const available = Math.max(0, error.balanceCents - error.reservedCents);
      throw conflict(
        `A debit of ${formatCents(-amountCents)} is more than ${team.name} has: its balance is ` +
          `${formatCents(error.balanceCents)}` +
          (error.reservedCents > 0
            ? `, of which ${formatCents(error.reservedCents)} is held for requests in flight`
            : '') +
          `. Debit at most ${formatCents(available)}.`,
      );
    }
    const signed = amountCents > 0 ? `+${formatCents(amountCents)}` : formatCents(amountCents);
    await recordActivity(q, teamId, who.userId, 'credits_adjusted', `Credits adjusted by ${signed}: ${description}`);
    await recordAudit(q, who, {
      teamId,
      action: 'credits.adjusted',
      target: { id: teamId, label: team.name },
      // The balance this entry moved, read under the row lock the ledger's UPDATE took.
      before: { balance_cents: balance - amountCents },
      after: { balance_cents: balance, amount_cents: amountCents, reason: description },
    });
    return { team_id: teamId, balance_cents: balance };
  });
}
