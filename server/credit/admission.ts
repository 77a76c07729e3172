/**
 * What admitting a request means to the rest of the server (docs/gateway.md#holding-credits-every-room-holds-the-whole-request):
 * what it asks for, what it is granted, and why it may be refused. Admission itself is by lease (leaseBook.ts) or by
 * statement (admitByStatement.ts), both over the SQL functions in credit/sql/.
 */
import type { LimitPeriod } from '../../contract/schemas/apiKeys';

export interface KeyOwner {
  keyId: string;
  teamId: string;
  userId: string;
}

/**
 * A room a request draws on had less than the request's least hold: what it has left (never below 0), what the
 * smallest of all the rooms has (what would fit), and what requests in flight hold of it (given back as they finish
 * what they do not spend), in cents.
 */
export interface Shortfall {
  leftCents: number;
  fitsCents: number;
  heldCents: number;
}

/** Why a request was not admitted, with what the refusal's message names (migration 11, gateway_admit). */
export type Refusal =
  | { reason: 'invalid_key' | 'key_owner_disabled' | 'model_not_allowed' }
  | { reason: 'key_expired'; expiredAt: Date }
  | { reason: 'rpm_exceeded' | 'tpm_exceeded'; limit: number; retryAfterSeconds: number }
  | ({ reason: 'insufficient_credits' } & Shortfall)
  | ({ reason: 'key_budget_exceeded'; limitCents: number; resetsAt: Date | null; period: LimitPeriod } & Shortfall)
  | ({ reason: 'member_budget_exceeded'; limitCents: number; resetsAt: Date } & Shortfall)
  | ({ reason: 'budget_exceeded'; budgetCents: number } & Shortfall);

/**
 * A request admitted against this instance's credit lease (credit/leaseBook.ts, no database round trip): the lease
 * and request id its bill names, its hold, and `settle`, which gives the book back the hold and takes the real cost
 * once the bill is queued.
 */
export interface LeaseHold {
  leaseId: number;
  requestId: number;
  amountCents: number;
  settle(costCents: number): void;
}

/**
 * Admitted by its own statement (reservationId) or against a lease, holding `heldCents` (never billed more); or
 * refused, and why.
 */
export type Admission =
  | { ok: true; owner: KeyOwner; reservationId: number | null; lease: LeaseHold | null; heldCents: number }
  | ({ ok: false } & Refusal);

/**
 * What one request asks of its key and team: a hold of `amountCents` (its worst case), or, when every room has less,
 * as much as they have down to `leastCents` (holds.ts); the tokens it may use; the names it called.
 */
export interface AdmissionRequest {
  amountCents: number;
  leastCents: number;
  tokens: number;
  /**
   * The model name the client sent, and the provider/model it resolved to when it is not a route; null for what is
   * not a model call (a tool call through the MCP gateway, which the key's tool access governs: docs/mcp.md).
   */
  models: string[] | null;
}

/** The refusal columns gateway_admit and gateway_lease share. */
export interface RefusalRow {
  refusal: string | null;
  limit_value: number | null;
  resets_at: Date | null;
  retry_after?: number | null;
  room_left: number | null;
  fits: number | null;
  limit_period: string | null;
  /** Absent from a database whose functions predate it (a rolling upgrade): read as nothing held. */
  room_held?: number | null;
}
export function refusalOf(row: RefusalRow): Refusal {
  const limit = row.limit_value ?? 0;
  const shortfall = { leftCents: row.room_left ?? 0, fitsCents: row.fits ?? 0, heldCents: row.room_held ?? 0 };
  switch (row.refusal) {
    case 'key_expired':
      return { reason: 'key_expired', expiredAt: row.resets_at as Date };
    case 'rpm_exceeded':
    case 'tpm_exceeded':
      return { reason: row.refusal, limit, retryAfterSeconds: row.retry_after ?? 60 };
    case 'key_budget_exceeded':
      return {
        reason: 'key_budget_exceeded',
        limitCents: limit,
        resetsAt: row.resets_at,
        period: (row.limit_period ?? 'none') as LimitPeriod,
        ...shortfall,
      };
    case 'member_budget_exceeded':
      return { reason: 'member_budget_exceeded', limitCents: limit, resetsAt: row.resets_at as Date, ...shortfall };
    case 'budget_exceeded':
      return { reason: 'budget_exceeded', budgetCents: limit, ...shortfall };
    case 'insufficient_credits':
      return { reason: 'insufficient_credits', ...shortfall };
    case 'model_not_allowed':
    case 'key_owner_disabled':
      return { reason: row.refusal };
    default:
      return { reason: 'invalid_key' };
  }
}
