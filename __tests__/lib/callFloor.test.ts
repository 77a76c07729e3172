import { leastUncappedCallCents, limitTooLow, limitTooLowText } from '../../src/features/apiKeys/callFloor';
import type { CatalogModel } from '../../contract/schemas/models';

const model = (id: string, completion: number, change: Partial<CatalogModel> = {}): CatalogModel => ({
  id,
  kind: 'model',
  provider: id.split('/')[0],
  tiers: [
    {
      min_tokens: 0,
      max_tokens: null,
      prompt_cost_per_1m: 1,
      completion_cost_per_1m: completion,
      cache_read_cost_per_1m: null,
      cache_create_cost_per_1m: null,
    },
  ],
  endpoints: ['chat.completions'],
  supports_caching: false,
  reachable: true,
  key_ids: ['k1'],
  ...change,
});

describe('the least a call without max_tokens holds, on the cheapest model a key may call', () => {
  it.each<[string, CatalogModel[], number | null]>([
    ['256 tokens at $1,000 per 1M: 25.6 cents, rounded up', [model('echo/echo-1', 1000)], 26],
    ['the cheapest of several', [model('a/x', 1000), model('b/y', 15)], 1],
    ['$0.10 per 1M: a fraction of a cent is a cent', [model('a/x', 0.1)], 1],
    ['exactly 2 cents stays 2', [model('a/x', 78.125)], 2],
    ['a model the key may not call does not count', [model('a/x', 15, { key_ids: ['k2'] }), model('b/y', 1000)], 26],
    ['nor an unreachable one', [model('a/x', 15, { reachable: false }), model('b/y', 1000)], 26],
    ['nor one that only embeds', [model('a/x', 0, { endpoints: ['embeddings'] }), model('b/y', 1000)], 26],
    ['nor a route (priced by its deployments)', [model('team/smart', 0, { kind: 'route', tiers: [] })], null],
    ['no model at all', [], null],
  ])('%s', (_case, models, cents) => expect(leastUncappedCallCents(models, 'k1')).toBe(cents));
});

describe('a limit too low for a call without max_tokens', () => {
  it.each<[string, number | null, number | undefined, number | null, boolean]>([
    ['$0.04 left of $0.29, floor $0.26', 29, 25, 26, true],
    ['exactly the floor left', 26, 0, 26, false],
    ['the limit reached (the status says so)', 29, 29, 26, false],
    ['no limit', null, 0, 26, false],
    ['no floor known (the catalog did not answer)', 29, 25, null, false],
    ['an older server without period spend: all of it left', 20, undefined, 26, true],
  ])('%s', (_case, limit, spent, floor, low) =>
    expect(Boolean(limitTooLow({ spend_limit_cents: limit, period_spend_cents: spent }, floor))).toBe(low),
  );

  it('says what is held, what is left and what to do', () =>
    expect(limitTooLowText({ leftCents: 4, floorCents: 26 })).toBe(
      'Calls without max_tokens hold at least $0.26; $0.04 is left. Set max_tokens, or raise the limit.',
    ));
});
