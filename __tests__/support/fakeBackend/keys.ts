// Key controls, spend periods and rotation in the fake backend (docs/governance.md), as the server answers them.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { periodResetsAt as resetsAt } from '../../../contract/keyLimits';
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

/** When the period holding `now` ends, as the wire has it (contract/keyLimits.ts); null for 'none'. */
export const periodResetsAt = (period: LimitPeriod, now: Date): string | null =>
  resetsAt(period, now)?.toISOString() ?? null;

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
