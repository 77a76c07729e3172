import { ADJUSTMENT_REASON_MESSAGE } from '../../contract/schemas/billing';
import {
  AMOUNT_FORMAT_MESSAGE,
  DEBIT_TOO_LARGE_MESSAGE,
  checkAdjustment,
  type AdjustmentDirection,
} from '../../src/features/adminConsole/adjustment';
import { listQueryOf, viewFromParams, viewParams } from '../../src/features/adminConsole/consoleList';
import { analyticsCsv } from '../../src/features/adminConsole/analyticsCsv';
import type { Analytics } from '../../contract/schemas/analytics';

describe('a manual adjustment: an amount in dollars over 0, a debit within the balance, a reason', () => {
  const BALANCE = 10_000;
  it.each<[AdjustmentDirection, string, string, number | null, number | null, string | null, string | null]>([
    // direction, amount, reason → amount_cents, resulting balance, amount error, reason error
    ['credit', '25.50', 'Goodwill', 2_550, 12_550, null, null],
    ['credit', '1.005', 'Goodwill', null, null, AMOUNT_FORMAT_MESSAGE, null],
    ['credit', '0', 'Goodwill', null, null, AMOUNT_FORMAT_MESSAGE, null],
    ['credit', '-5', 'Goodwill', null, null, AMOUNT_FORMAT_MESSAGE, null],
    ['credit', 'abc', 'Goodwill', null, null, AMOUNT_FORMAT_MESSAGE, null],
    ['credit', '', 'Goodwill', null, null, null, null],
    ['credit', '10', '', null, 11_000, null, null],
    ['credit', '10', '   ', null, 11_000, null, ADJUSTMENT_REASON_MESSAGE],
    ['credit', '10', 'x'.repeat(201), null, 11_000, null, ADJUSTMENT_REASON_MESSAGE],
    ['debit', '100', 'Duplicate credit', -10_000, 0, null, null],
    ['debit', '100.01', 'Duplicate credit', null, null, DEBIT_TOO_LARGE_MESSAGE, null],
    ['debit', ' 7 ', 'Duplicate credit', -700, 9_300, null, null],
  ])('%s of %j with reason %j', (direction, amount, reason, cents, resulting, amountError, reasonError) => {
    expect(checkAdjustment(direction, amount, reason, BALANCE)).toEqual({
      amountCents: cents,
      resultingCents: resulting,
      amountError,
      reasonError,
    });
  });
});

describe('a console list view in the URL', () => {
  const SORTS = ['name', 'balance_cents'] as const;
  const DEFAULTS = { sort: 'balance_cents', order: 'desc' } as const;
  it.each<[string, object]>([
    ['', { search: '', sort: 'balance_cents', order: 'desc', page: 0, pageSize: 25 }],
    [
      'q=acme&sort=name&order=asc&page=2&size=50',
      { search: 'acme', sort: 'name', order: 'asc', page: 2, pageSize: 50 },
    ],
    [
      'sort=secret&order=up&page=-1&size=1000',
      { search: '', sort: 'balance_cents', order: 'desc', page: 0, pageSize: 25 },
    ],
    ['page=1.5&size=7', { search: '', sort: 'balance_cents', order: 'desc', page: 0, pageSize: 25 }],
  ])('%j reads as %j', (query, view) => {
    expect(viewFromParams(new URLSearchParams(query), SORTS, DEFAULTS)).toEqual(view);
  });

  it('a new search or sort starts at the first page; a page turn keeps the rest', () => {
    expect(viewParams({ search: 'x' })).toEqual({ q: 'x', page: null });
    expect(viewParams({ sort: 'name', order: 'asc' })).toEqual({ sort: 'name', order: 'asc', page: null });
    expect(viewParams({ page: 3 })).toEqual({ page: '3' });
    expect(viewParams({ page: 0, pageSize: 100 })).toEqual({ size: '100', page: null });
  });

  it('asks the server for an offset page, the search trimmed and left out when empty', () => {
    const view = { search: '  acme ', sort: 'name', order: 'asc', page: 2, pageSize: 25 } as const;
    expect(listQueryOf(view)).toEqual({ search: 'acme', sort: 'name', order: 'asc', limit: 25, offset: 50 });
    expect(listQueryOf({ ...view, search: ' ' })).not.toHaveProperty('search');
  });
});

describe('the analytics CSV', () => {
  const figures = { requests: 2, errors: 1, prompt_tokens: 30, completion_tokens: 14, cost_cents: 1_234 };
  const report: Analytics = {
    start_date: '2026-11-01',
    end_date: '2026-11-01',
    totals: { ...figures, p50_latency_ms: 800, p95_latency_ms: 2_400 },
    days: [{ day: '2026-11-01', ...figures, p50_latency_ms: 800, p95_latency_ms: null }],
    providers: [{ provider: 'openai', ...figures, p50_latency_ms: 800, p95_latency_ms: 2_400 }],
    models: [{ provider: 'openai', model: 'gpt-4o', ...figures, p50_latency_ms: 800, p95_latency_ms: 2_400 }],
    teams: [{ team_id: 't1', team_name: '=HYPERLINK("x")', ...figures, mean_latency_ms: 900 }],
    team_count: 1,
    credits: {
      payments_cents: 5_000,
      refunds_cents: 0,
      coupons_cents: 1_000,
      adjustments_cents: 0,
      usage_cents: 1_234,
      days: [{ day: '2026-11-01', payments_cents: 5_000, coupons_cents: 1_000, usage_cents: 1_234 }],
    },
  };

  it('holds each table under its header, money as dollars, a formula-looking team name as text', () => {
    expect(analyticsCsv(report).split('\n')).toEqual([
      'Date,Requests,Errors,Prompt Tokens,Completion Tokens,Cost (USD),p50 Latency (ms),p95 Latency (ms)',
      '2026-11-01,2,1,30,14,12.34,800,',
      '',
      'Provider,Requests,Errors,Prompt Tokens,Completion Tokens,Cost (USD),p50 Latency (ms),p95 Latency (ms)',
      'openai,2,1,30,14,12.34,800,2400',
      '',
      'Provider,Model,Requests,Errors,Prompt Tokens,Completion Tokens,Cost (USD),p50 Latency (ms),p95 Latency (ms)',
      'openai,gpt-4o,2,1,30,14,12.34,800,2400',
      '',
      'Team,Team ID,Requests,Errors,Prompt Tokens,Completion Tokens,Cost (USD),Mean Latency (ms)',
      `"'=HYPERLINK(""x"")",t1,2,1,30,14,12.34,900`,
      '',
      'Date,Payments (USD),Coupons (USD),Usage (USD)',
      '2026-11-01,50.00,10.00,12.34',
      '',
    ]);
  });
});
