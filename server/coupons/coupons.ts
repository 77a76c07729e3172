import { normaliseCouponCode } from '../../contract/couponCode';
import { recordAudit, type AuditContext, type UserAuditContext } from '../audit/audit';
import { queryJsonRows } from '../db/jsonRows';
import type { Db, Queryable } from '../db/types';
import { type HttpError, badRequest, conflict, isUniqueViolation, isUuid, notFound } from '../lib/errors';
import { centsToDollars, dollarsToCents, formatCents } from '../lib/money';
import { randomCode } from '../lib/random';
import { iso, isoOrNull } from '../lib/time';
import type { CouponCreateBody, CouponListQuery, CouponSort, CouponUpdateBody } from '../../contract/schemas/coupons';
import { recordActivity } from '../teams/activity';
import { appendLedgerEntry } from '../ledger/ledger';
import { teamPage } from '../db/paging';

interface CouponRow {
  id: string;
  code: string;
  amount_cents: number;
  description: string | null;
  active: boolean;
  expires_at: Date | null;
  max_uses: number;
  current_uses: number;
  created_at: Date;
}

/** A coupon row read as JSON text (listCoupons): its times as ISO text. */
type CouponJsonRow = Omit<CouponRow, 'expires_at' | 'created_at'> & { expires_at: string | null; created_at: string };

export const toCoupon = (row: CouponRow | CouponJsonRow) => ({
  id: row.id,
  code: row.code,
  amount: centsToDollars(row.amount_cents),
  description: row.description,
  active: row.active,
  expires_at: isoOrNull(row.expires_at),
  max_uses: row.max_uses,
  current_uses: row.current_uses,
  created_at: iso(row.created_at),
});

/** The reasons a coupon cannot be used, in the order they are checked. */
function usabilityError(row: CouponRow | undefined, now: Date): HttpError | null {
  if (!row) return notFound('Coupon not found');
  if (!row.active) return badRequest('Coupon is inactive');
  if (row.expires_at && row.expires_at <= now) return badRequest('Coupon has expired');
  if (row.current_uses >= row.max_uses) return badRequest('Coupon has reached its maximum uses');
  return null;
}

async function loadForTeam(q: Queryable, code: string, teamId: string) {
  const [row] = await q.query<CouponRow & { redeemed: boolean; now: Date }>(
    `SELECT c.*, now() AS now,
            EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.team_id = $2) AS redeemed
     FROM coupons c WHERE c.code = $1`,
    [normaliseCouponCode(code), teamId],
  );
  return row;
}

export async function validateCoupon(q: Queryable, teamId: string, code: string) {
  const row = await loadForTeam(q, code, teamId);
  const error = usabilityError(row, row?.now ?? new Date());
  if (error) throw error;
  if (row.redeemed) throw conflict('Coupon already redeemed by this team');
  const dollars = centsToDollars(row.amount_cents);
  return {
    valid: true as const,
    coupon: { code: row.code, amount: dollars, description: row.description, expires_at: isoOrNull(row.expires_at) },
    amount: dollars,
  };
}

/**
 * One transaction: the conditional UPDATE claims a use only while one is left, the UNIQUE (coupon_id, team_id)
 * redemption row stops a second redemption by the same team, and the ledger credit lands with them or not at all.
 */
export async function redeemCoupon(db: Db, teamId: string, who: UserAuditContext, code: string) {
  const userId = who.userId;
  try {
    return await db.tx(async (q) => {
      const [claimed] = await q.query<CouponRow>(
        `UPDATE coupons SET current_uses = current_uses + 1
         WHERE code = $1 AND active AND current_uses < max_uses AND (expires_at IS NULL OR expires_at > now())
         RETURNING *`,
        [normaliseCouponCode(code)],
      );
      if (!claimed) {
        const row = await loadForTeam(q, code, teamId);
        throw usabilityError(row, row?.now ?? new Date()) ?? conflict('Coupon could not be redeemed, try again');
      }
      const [redemption] = await q.query<{ id: string }>(
        'INSERT INTO coupon_redemptions (coupon_id, team_id, user_id, amount_cents) VALUES ($1, $2, $3, $4) RETURNING id',
        [claimed.id, teamId, userId, claimed.amount_cents],
      );
      const balance = await appendLedgerEntry(q, {
        teamId,
        type: 'topup',
        amountCents: claimed.amount_cents,
        description: `Coupon ${claimed.code} redeemed`,
        couponRedemptionId: redemption.id,
        createdBy: userId,
      });
      const dollars = centsToDollars(claimed.amount_cents);
      await recordAudit(q, who, {
        teamId,
        action: 'coupon.redeemed',
        target: { id: claimed.id, label: claimed.code },
        before: { balance_cents: balance - claimed.amount_cents },
        after: { balance_cents: balance, amount_cents: claimed.amount_cents },
      });
      await recordActivity(
        q,
        teamId,
        userId,
        'coupon_redeemed',
        `Coupon ${claimed.code} added ${formatCents(claimed.amount_cents)} in credits`,
      );
      return { success: true as const, amount: dollars, new_balance: centsToDollars(balance) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Coupon already redeemed by this team');
    throw error;
  }
}

export async function listRedemptions(q: Queryable, teamId: string, limit: number, offset: number) {
  const { rows, total } = await teamPage<{
    id: string;
    code: string;
    amount_cents: number;
    redeemed_at: Date;
    user_email: string | null;
  }>(
    q,
    'coupon_redemptions',
    { teamId, limit, offset },
    `SELECT r.id, c.code, r.amount_cents, r.redeemed_at, u.email AS user_email
     FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id LEFT JOIN users u ON u.id = r.user_id
     WHERE r.team_id = $1 ORDER BY r.redeemed_at DESC, r.id LIMIT $2 OFFSET $3`,
  );
  return {
    redemptions: rows.map((row) => ({
      id: row.id,
      code: row.code,
      amount: centsToDollars(row.amount_cents),
      redeemed_at: iso(row.redeemed_at),
      user_email: row.user_email,
    })),
    total,
  };
}

export type CouponInput = CouponCreateBody & Pick<CouponUpdateBody, 'active'>;

/** What the audit log keeps of a coupon. */
const couponRecord = ({ id: _id, created_at: _created, ...coupon }: CouponRow) => coupon;

export async function createCoupon(q: Queryable, who: AuditContext, input: CouponInput) {
  try {
    const [row] = await q.query<CouponRow>(
      `INSERT INTO coupons (code, amount_cents, description, max_uses, expires_at, active)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [
        normaliseCouponCode(input.code),
        dollarsToCents(input.amount_usd),
        input.description ?? null,
        input.max_uses,
        input.expires_at ?? null,
        input.active ?? true,
      ],
    );
    await recordAudit(q, who, {
      teamId: null,
      action: 'coupon.created',
      target: { id: row.id, label: row.code },
      after: couponRecord(row),
    });
    return toCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Coupon code ${normaliseCouponCode(input.code)} already exists`);
    throw error;
  }
}

const SORTS: Record<CouponSort, string> = {
  created_at: 'created_at DESC, code',
  code: 'code ASC',
  amount: 'amount_cents DESC, code',
  expires_at: 'expires_at ASC NULLS LAST, code',
};

export async function listCoupons(q: Queryable, filters: CouponListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.active !== undefined) {
    params.push(filters.active);
    where.push(`active = $${params.length}`);
  }
  if (filters.has_uses_remaining !== undefined) {
    where.push(filters.has_uses_remaining ? 'current_uses < max_uses' : 'current_uses >= max_uses');
  }
  // Read as JSON text (db/jsonRows.ts): 10,000 coupons in 65-85 ms instead of 170-200.
  const rows = await queryJsonRows<CouponJsonRow>(
    q,
    `SELECT * FROM coupons ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${SORTS[filters.sort_by ?? 'created_at']}`,
    params,
  );
  return { coupons: rows.map(toCoupon), total: rows.length };
}

export async function getCoupon(q: Queryable, id: string) {
  if (!isUuid(id)) throw notFound('Coupon not found');
  const [row] = await q.query<CouponRow>('SELECT * FROM coupons WHERE id = $1', [id]);
  if (!row) throw notFound('Coupon not found');
  return toCoupon(row);
}

export async function updateCoupon(
  q: Queryable,
  who: AuditContext,
  id: string,
  changes: Partial<CouponInput>,
  action: 'coupon.updated' | 'coupon.deactivated' = 'coupon.updated',
) {
  if (!isUuid(id)) throw notFound('Coupon not found');
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (changes.code !== undefined) set('code', normaliseCouponCode(changes.code));
  if (changes.amount_usd !== undefined) set('amount_cents', dollarsToCents(changes.amount_usd));
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.max_uses !== undefined) set('max_uses', changes.max_uses);
  if (changes.expires_at !== undefined) set('expires_at', changes.expires_at);
  if (changes.active !== undefined) set('active', changes.active);
  if (sets.length === 0) return getCoupon(q, id);
  try {
    const [before] = await q.query<CouponRow>('SELECT * FROM coupons WHERE id = $1 FOR UPDATE', [id]);
    if (!before) throw notFound('Coupon not found');
    const [row] = await q.query<CouponRow>(`UPDATE coupons SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, params);
    await recordAudit(q, who, {
      teamId: null,
      action,
      target: { id, label: row.code },
      before: couponRecord(before),
      after: couponRecord(row),
    });
    return toCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Coupon code ${normaliseCouponCode(changes.code ?? '')} already exists`);
    throw error;
  }
}

export async function deactivateCoupon(q: Queryable, who: AuditContext, id: string) {
  return updateCoupon(q, who, id, { active: false }, 'coupon.deactivated');
}

/** Random codes from an unambiguous alphabet; a few retries make a collision with an existing code vanishingly rare. */
export async function generateCouponCode(q: Queryable, prefix: string, length: number) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = `${normaliseCouponCode(prefix)}${randomCode(length)}`;
    const [taken] = await q.query('SELECT 1 FROM coupons WHERE code = $1', [code]);
    if (!taken) return { code };
  }
  throw conflict('Could not generate a unique code, try a longer length');
}
