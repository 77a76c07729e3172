// Key controls, spend periods and rotation in the fake backend (docs/governance.md), as the server answers them.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { NO_KEY_CONTROLS, type ApiKey, type LimitPeriod } from '../../../contract/schemas/apiKeys';
import type { FakeApiKey } from './state';

/** What a key created with only a name holds besides its identity: no controls, nothing spent, never rotated. */
export const NEW_KEY_STATE = {
  ...NO_KEY_CONTROLS,
  period_spend_cents: 0,
  period_resets_at: null,
  previous_key_prefix: null,
  previous_key_expires_at: null,
  rotated_at: null,
} satisfies Partial<ApiKey>;

/**
 * When the period holding `now` ends (UTC calendar days, ISO weeks from Monday, calendar months); null for 'none'.
 * The same rule as contract/keyLimits.ts on the server's branch: import it from there once both are merged.
 */
export function periodResetsAt(period: LimitPeriod, now: Date): string | null {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  if (period === 'daily') return new Date(Date.UTC(year, month, day + 1)).toISOString();
  if (period === 'weekly') return new Date(Date.UTC(year, month, day - ((now.getUTCDay() + 6) % 7) + 7)).toISOString();
  if (period === 'monthly') return new Date(Date.UTC(year, month + 1, 1)).toISOString();
  return null;
}

/** The wire shape of a key row: the row without the team and the secrets; an ended grace period shows as none. */
export function keyView(row: FakeApiKey, now: Date): ApiKey {
  const { team_id: _team, key: _key, previous_key: _previous, ...wire } = row;
  const graceOver = row.previous_key_expires_at !== null && Date.parse(row.previous_key_expires_at) <= now.getTime();
  return graceOver ? { ...wire, previous_key_prefix: null, previous_key_expires_at: null } : wire;
}

/**
 * The first message the server gives for a body that breaks `schema`: the schema's own errorMessage (looked up in a
 * nullable union's members too, as the server's validator reports them), else '<field> is invalid'.
 */
export function schemaProblem(schema: TSchema, body: unknown): string | null {
  const first = Value.Errors(schema, body).First();
  if (!first) return null;
  const withMessage = (candidate: TSchema): string | undefined =>
    (candidate as { errorMessage?: string }).errorMessage ??
    (candidate.anyOf as TSchema[] | undefined)?.map(withMessage).find(Boolean);
  const field = first.path.replace(/^\//, '').split('/')[0] || 'body';
  return withMessage(first.schema) ?? `${field} is invalid`;
}
