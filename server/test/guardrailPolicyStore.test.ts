import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Queryable } from '../db/types';
import { createGuardrailPolicies } from '../guardrails/policyStore';

/**
 * peekKey, the gateway's way past the policy store's awaits (pipeline.ts): it answers what forKey would, or says it
 * cannot without waiting, never something else.
 */
function storeOf(rows: { policies: object[]; keys: object[] }) {
  let queries = 0;
  const q = {
    async query(sql: string) {
      queries++;
      if (sql.includes('FROM guardrail_policies')) return rows.policies;
      if (sql.includes('FROM api_keys')) return rows.keys;
      throw new Error(`unexpected query: ${sql}`);
    },
  } as unknown as Queryable;
  return { store: createGuardrailPolicies(q), queries: () => queries };
}

const TEAM = '00000000-0000-4000-8000-000000000001';
const KEY = '00000000-0000-4000-8000-000000000002';

describe('peekKey', () => {
  test('before the policies are loaded it cannot answer', () => {
    const { store } = storeOf({ policies: [], keys: [] });
    assert.equal(store.peekKey('hash'), undefined);
  });

  test('with no policy anywhere, every key has none, as forKey says', async () => {
    const { store } = storeOf({ policies: [], keys: [] });
    assert.equal(await store.forKey('hash'), null);
    assert.equal(store.peekKey('hash'), null);
    assert.equal(store.peekKey('another'), null);
  });

  test("a team's policy: its keys get forKey's answer; a key not yet looked up cannot be answered", async () => {
    const policy = { detectors: { email: 'redact' }, patterns: [] };
    const { store, queries } = storeOf({
      policies: [{ team_id: TEAM, api_key_id: null, policy }],
      keys: [{ id: KEY, team_id: TEAM, key_hash: 'guarded', previous_key_hash: 'rotated' }],
    });
    const forKey = await store.forKey('guarded');
    assert.ok(forKey);
    assert.deepEqual(store.peekKey('guarded'), forKey);
    assert.deepEqual(store.peekKey('rotated'), forKey);
    // Unknown here: forKey would look the key up, so peekKey leaves it to forKey.
    assert.equal(store.peekKey('elsewhere'), undefined);
    const before = queries();
    store.peekKey('elsewhere');
    assert.equal(queries(), before, 'peekKey never queries');
  });
});
