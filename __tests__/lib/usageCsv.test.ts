import { csvField, csvRow, formulaSafe } from '../../contract/csv';
import { centsAsCsvDollars, usageReportCsv, usageReportFileName } from '../../src/features/usage/usageCsv';
import type { UsageStats } from '../../contract/schemas/usage';

describe('CSV fields (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [42, '42'],
    [null, ''],
    [undefined, ''],
  ])('%p -> %p', (value, expected) => expect(csvField(value)).toBe(expected));

  it('joins a row with commas', () => expect(csvRow(['a', 'b,c', 1])).toBe('a,"b,c",1'));
});

describe('formula injection guard (request log export)', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1', `'+1`],
    ['-2', `'-2`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['plain = text', 'plain = text'],
    [-5, -5],
    [null, null],
  ])('%p -> %p', (value, expected) => expect(formulaSafe(value)).toBe(expected));
});

describe('money in the CSV: dollars with two decimals', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123456, '1234.56'],
    [Number.NaN, '0.00'],
  ])('%p cents -> %p', (cents, expected) => expect(centsAsCsvDollars(cents)).toBe(expected));
});

describe('the report', () => {
  const stats: UsageStats = {
    start_date: '2026-10-16',
    end_date: '2026-11-15',
    total_cost_cents: 1650,
    total_requests: 6,
    budget_limit_cents: 50000,
    current_usage_cents: 32050,
    daily_usage: { '2026-11-02': 650, '2026-11-01': 1000 },
    usage_by_member: {
      u1: { user_id: 'u1', user_email: 'cheap@example.com', request_count: 1, total_cost_cents: 150 },
      u2: { user_id: 'u2', user_email: 'big, "spender"@example.com', request_count: 5, total_cost_cents: 1500 },
      u3: { user_id: 'u3', user_email: null, request_count: 0, total_cost_cents: 0 },
    },
    usage_by_model: {
      m1: { model_name: 'gpt-4o', request_count: 2, total_tokens: 2000, total_cost_cents: 400 },
      m2: { model_name: 'claude-sonnet-4', request_count: 4, total_tokens: 9000, total_cost_cents: 1250 },
      m3: { model_name: 'image-1', request_count: 3, total_tokens: 0, total_cost_cents: 16, unit: 'image', units: 4 },
    },
  };

  it('holds the daily series, then members, then models, each under a header row', () => {
    expect(usageReportCsv(stats).split('\r\n')).toEqual([
      'Date,Cost (USD)',
      '2026-11-01,10.00',
      '2026-11-02,6.50',
      '',
      'Member Email,Requests,Cost (USD)',
      '"big, ""spender""@example.com",5,15.00',
      'cheap@example.com,1,1.50',
      'u3,0,0.00',
      '',
      'Model,Requests,Total Tokens,Cost (USD),Units',
      'claude-sonnet-4,4,9000,12.50,',
      'gpt-4o,2,2000,4.00,',
      'image-1,3,0,0.16,4 images',
      '',
    ]);
  });

  it('names the file after the range', () => {
    expect(usageReportFileName({ start_date: '2026-10-16', end_date: '2026-11-15' })).toBe(
      'usage-report-2026-10-16-to-2026-11-15.csv',
    );
  });
});
