// Key controls, spend periods and rotation in the fake backend (docs/governance.md), as the server answers them.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { keyBlock, type KeyBlockFigures } from '../../../contract/keyBlock';
import { periodResetsAt as resetsAt } from '../../../contract/keyLimits';
import { NO_KEY_CONTROLS, type ApiKey, type LimitPeriod } from '../../../contract/schemas/apiKeys';
import { firstError } from '../../../server/lib/firstError';
import type { FakeApiKey, FakeState } from './state';
import { creditBalance, memberMonthCents, toCents } from './views';

/** What a key created with only a name holds besides its identity: no controls, nothing spent, never rotated. */
export const NEW_KEY_STATE = {
  ...NO_KEY_CONTROLS,
  period_spend_cents: 0,
  period_resets_at: null,
  previous_key_prefix: null,
  previous_key_expires_at: null,
  rotated_at: null,
} satisfies Partial<ApiKey>;

/** When the period holding `now` ends, as the wire has it (contract/keyLimits.ts); null for 'none'. */
export const periodResetsAt = (period: LimitPeriod, now: Date): string | null =>
  resetsAt(period, now)?.toISOString() ?? null;

/**
 * The wire shape of a key row: the row without the team and the secrets; an ended grace period shows as none; and
 * why its calls are refused, by the contract's rule over the fake's figures: the creator's cap and month from the
 * memberships and usage rows, the team's credit from its ledger, its budget and month from the team row.
 */
export function keyView(state: FakeState, row: FakeApiKey, now: Date): ApiKey {
  const { team_id: teamId, key: _key, previous_key: _previous, ...wire } = row;
  const graceOver = row.previous_key_expires_at !== null && Date.parse(row.previous_key_expires_at) <= now.getTime();
  const key = graceOver ? { ...wire, previous_key_prefix: null, previous_key_expires_at: null } : wire;
  const team = state.teams.find((candidate) => candidate.id === teamId);
  const membership = state.memberships.find(
    (candidate) => candidate.team_id === teamId && candidate.user_id === row.user_id,
  );
  const figures: KeyBlockFigures = {
    key,
    member: {
      monthly_cap_cents: membership?.monthly_cap_cents ?? null,
      month_spend_cents: row.user_id ? memberMonthCents(state, teamId, row.user_id, now) : 0,
      disabled: row.user_id ? row.user_id in state.disabledUsers : false,
    },
    team: {
      credit_balance_cents: toCents(creditBalance(state, teamId)),
      budget_limit_cents: toCents(team?.budget_limit ?? 0),
      month_spend_cents: toCents(team?.current_usage ?? 0),
    },
  };
  return { ...key, ...keyBlock(figures, now) };
}

/**
 * The first message the server gives for a body that breaks `schema`: the schema's own errorMessage (looked up in a
 * nullable union's members too, as the server's validator reports them), else '<field> is invalid'.
 */
export function schemaProblem(schema: TSchema, body: unknown): string | null {
  const first = firstError(schema, Value.Errors(schema, body));
  if (!first) return null;
  const withMessage = (candidate: TSchema): string | undefined => {
    const { errorMessage, anyOf } = candidate as { errorMessage?: string; anyOf?: TSchema[] };
    return errorMessage ?? anyOf?.map(withMessage).find(Boolean);
  };
  const field = first.path.replace(/^\//, '').split('/')[0] || 'body';
  return withMessage(first.schema) ?? `${field} is invalid`;
}
