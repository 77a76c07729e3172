import type { Queryable } from '../db/types';
import { createReloadingCache } from '../gateway/reloadingCache';
import type { GuardrailPolicy } from '../../contract/schemas/guardrails';
import { effectivePolicy, type EffectivePolicy } from './policy';

/**
 * The guardrail policies, in memory (docs/guardrails.md#policies): a request finds its key's effective policy by the
 * hash it is admitted by, before admission and without a round trip. Reloaded on the `guardrails` change notice (any
 * policy edited) and every 5 s. A key the loaded map does not know yet (created since) is looked up once, so a new
 * key of a guarded team is never unguarded; with no team or key policy at all, every key has the operator's floor.
 */
const RELOAD_MS = 5_000;

interface Policies {
  floor: EffectivePolicy | null;
  operator: GuardrailPolicy | null;
  teams: ReadonlyMap<string, GuardrailPolicy>;
  keys: ReadonlyMap<string, GuardrailPolicy>;
  /** Each known key's effective policy by its hash (and its previous secret's, while that still works). */
  byHash: Map<string, EffectivePolicy | null>;
}

interface KeyRow {
  id: string;
  team_id: string;
  key_hash: string;
  previous_key_hash: string | null;
}

async function load(q: Queryable): Promise<Policies> {
  const rows = await q.query<{ team_id: string | null; api_key_id: string | null; policy: GuardrailPolicy }>(
    'SELECT team_id, api_key_id, policy FROM guardrail_policies',
  );
  const operator = rows.find((row) => row.team_id === null)?.policy ?? null;
  const teams = new Map(rows.filter((r) => r.team_id && !r.api_key_id).map((r) => [r.team_id!, r.policy]));
  const keys = new Map(rows.filter((r) => r.api_key_id).map((r) => [r.api_key_id!, r.policy]));
  const policies: Policies = { floor: effectivePolicy(operator, null, null), operator, teams, keys, byHash: new Map() };
  if (teams.size === 0 && keys.size === 0) return policies;
  const guarded = await q.query<KeyRow>(
    `SELECT id, team_id, key_hash, previous_key_hash FROM api_keys
     WHERE deleted_at IS NULL AND (team_id = ANY($1::uuid[]) OR id = ANY($2::uuid[]))`,
    [[...teams.keys()], [...keys.keys()]],
  );
  for (const key of guarded) remember(policies, key);
  return policies;
}

function remember(policies: Policies, key: KeyRow): EffectivePolicy | null {
  const effective = effectivePolicy(
    policies.operator,
    policies.teams.get(key.team_id) ?? null,
    policies.keys.get(key.id) ?? null,
  );
  policies.byHash.set(key.key_hash, effective);
  if (key.previous_key_hash) policies.byHash.set(key.previous_key_hash, effective);
  return effective;
}

export function createGuardrailPolicies(q: Queryable) {
  const cache = createReloadingCache(() => load(q), RELOAD_MS);
  return {
    invalidate: () => cache.invalidate(),
    /**
     * What forKey would answer, when it can without waiting (the policies loaded, and none of a team or key, or this
     * key's already known); undefined when it would wait. The gateway's hot path takes it to skip a chain of awaits.
     */
    peekKey(keyHash: string): EffectivePolicy | null | undefined {
      const policies = cache.peek();
      if (!policies) return undefined;
      if (policies.teams.size === 0 && policies.keys.size === 0) return policies.floor;
      return policies.byHash.get(keyHash);
    },
    /** The effective policy of the key with this hash, or null: nothing to check. */
    async forKey(keyHash: string): Promise<EffectivePolicy | null> {
      const policies = await cache.get();
      if (policies.teams.size === 0 && policies.keys.size === 0) return policies.floor;
      const known = policies.byHash.get(keyHash);
      if (known !== undefined) return known;
      const [key] = await q.query<KeyRow>(
        `SELECT id, team_id, key_hash, previous_key_hash FROM api_keys
         WHERE deleted_at IS NULL AND (key_hash = $1 OR previous_key_hash = $1)`,
        [keyHash],
        { name: 'guardrail_key' },
      );
      // An unknown key is refused at admission; until then it has the floor.
      return key ? remember(policies, key) : policies.floor;
    },
  };
}

export type GuardrailPolicies = ReturnType<typeof createGuardrailPolicies>;
