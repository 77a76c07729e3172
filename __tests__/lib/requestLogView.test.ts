import {
  costInputCents,
  costInputText,
  DEFAULT_VIEW,
  viewFilters,
  viewFromParams,
  viewParams,
  type RequestLogView,
} from '../../src/features/requestLog/requestLogView';

const view = (search: string) => viewFromParams(new URLSearchParams(search));
const ANCHOR = new Date('2026-11-15T12:00:00.000Z');

describe('the request log view read from the URL', () => {
  it.each<[string, Partial<RequestLogView>]>([
    ['', {}],
    ['range=7d', { range: '7d' }],
    ['range=forever', {}],
    ['range=24h&from=2026-11-01T00:00:00Z', {}],
    ['range=custom&from=2026-11-01T00:00:00Z', { range: 'custom', from: '2026-11-01T00:00:00.000Z' }],
    [
      'range=custom&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
      { range: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
    ],
    [
      'range=custom&from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
      { range: 'custom', from: '2026-11-02T00:00:00.000Z' },
    ],
    ['range=custom&from=yesterday', { range: 'custom' }],
    ['api_key_id=key-production&user_id=user-bob', { api_key_id: 'key-production', user_id: 'user-bob' }],
    ['api_key_id=%27%3B+drop&user_id=', {}],
    ['model=+gpt-4o+', { model: 'gpt-4o' }],
    [`model=${'m'.repeat(201)}`, {}],
    ['status=error', { status: 'error' }],
    ['status=failed', {}],
    ['min_cost_cents=150', { min_cost_cents: 150 }],
    ['min_cost_cents=-1', {}],
    ['min_cost_cents=1.5', {}],
    ['sort=cost_cents&order=asc', { sort: 'cost_cents', order: 'asc' }],
    ['sort=user_id&order=up', {}],
  ])('%p', (search, expected) => {
    expect(view(search)).toEqual({ ...DEFAULT_VIEW, ...expected });
  });
});

describe('a change of the view written to the URL', () => {
  it.each<[Partial<RequestLogView>, Record<string, string | null>]>([
    [{ status: 'error' }, { status: 'error' }],
    [{ status: '' }, { status: null }],
    [{ range: '24h' }, { range: null, from: null, to: null }],
    [{ range: '7d' }, { range: '7d', from: null, to: null }],
    [{ range: 'custom' }, { range: 'custom' }],
    [{ min_cost_cents: 0 }, { min_cost_cents: '0' }],
    [{ min_cost_cents: null }, { min_cost_cents: null }],
    [
      { sort: 'created_at', order: 'desc' },
      { sort: null, order: null },
    ],
    [
      { sort: 'latency_ms', order: 'asc' },
      { sort: 'latency_ms', order: 'asc' },
    ],
  ])('%p -> %p', (change, params) => {
    expect(viewParams(change)).toEqual(params);
  });

  it('reads back as the view it wrote', () => {
    const wanted: RequestLogView = {
      ...DEFAULT_VIEW,
      range: 'custom',
      from: '2026-11-01T00:00:00.000Z',
      api_key_id: 'key-staging',
      model: 'gpt-4o',
      min_cost_cents: 25,
      sort: 'total_tokens',
      order: 'asc',
    };
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(viewParams(wanted))) if (value) params.set(key, value);
    expect(viewFromParams(params)).toEqual(wanted);
  });
});

describe('the filters sent to the API', () => {
  it.each<[string, Record<string, unknown>]>([
    ['', { from: '2026-11-14T12:00:00.000Z' }],
    ['range=1h', { from: '2026-11-15T11:00:00.000Z' }],
    ['range=90d', { from: '2026-08-17T12:00:00.000Z' }],
    ['range=custom', {}],
    [
      'range=custom&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
      { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
    ],
    [
      'range=7d&api_key_id=k&user_id=u&model=gpt-4o&status=success&min_cost_cents=0&sort=cost_cents',
      {
        from: '2026-11-08T12:00:00.000Z',
        api_key_id: 'k',
        user_id: 'u',
        model: 'gpt-4o',
        status: 'success',
        min_cost_cents: 0,
      },
    ],
  ])('%p', (search, filters) => {
    expect(viewFilters(view(search), ANCHOR)).toEqual(filters);
  });
});

describe('"Cost above ($)": dollars typed, cents sent', () => {
  it.each<[string, number | null | undefined]>([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['1.5', 150],
    ['$2.05', 205],
    ['1.005', undefined],
    ['.5', 50],
    ['-1', undefined],
    ['abc', undefined],
    ['1e3', undefined],
  ])('%p -> %p cents', (text, cents) => {
    expect(costInputCents(text)).toBe(cents);
  });

  it.each<[number | null, string]>([
    [null, ''],
    [150, '1.50'],
    [0, '0.00'],
  ])('%p cents shows %p', (cents, text) => {
    expect(costInputText(cents)).toBe(text);
  });
});
