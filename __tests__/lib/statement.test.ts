import type { CreditEntry, Payment } from '../../contract/schemas/billing';
import type { UsageBreakdown } from '../../contract/schemas/usage';
import {
  buildStatementHtml,
  completedPaymentsIn,
  creditsIn,
  escapeHtml,
  inPeriod,
} from '../../src/features/billing/statement';

const payment = (order_id: string, status: Payment['status'], completed_at: string | null, cents = 1000): Payment => ({
  order_id,
  status,
  amount: { cents, currency: 'USD' },
  refunded: { cents: 0, currency: 'USD' },
  documents: [],
  description: `Top-up ${order_id}`,
  created_at: completed_at ?? '2026-11-02T00:00:00Z',
  completed_at,
  failed_at: null,
  expires_at: null,
  payment_url: null,
  failure_reason: null,
});
const credit = (id: string, created_at: string, amount: number, type = 'topup'): CreditEntry => ({
  id,
  type,
  description: `Entry ${id}`,
  amount,
  created_at,
});
const usage: UsageBreakdown = {
  from: '2026-11-01',
  to: '2026-11-30',
  total_cost: 320.5,
  by_model: [
    { model: '<script>gpt</script>', provider: 'openai', request_count: 1200, total_tokens: 5, total_cost: 90 },
  ],
};

describe('statement period', () => {
  it.each([
    ['2026-11-01T00:00:00Z', true],
    ['2026-11-30T23:59:59Z', true],
    ['2026-10-31T23:59:59Z', false],
    ['2026-12-01T00:00:00Z', false],
    [null, false],
  ])('%p in November -> %p', (iso, inside) => expect(inPeriod(iso, '2026-11-01', '2026-11-30')).toBe(inside));

  it('keeps completed payments and credits of the period only', () => {
    const payments = [
      payment('ord-1', 'completed', '2026-11-03T10:00:00Z'),
      payment('ord-2', 'pending', null),
      payment('ord-3', 'completed', '2026-10-03T10:00:00Z'),
      payment('ord-4', 'failed', null),
    ];
    expect(completedPaymentsIn(payments, '2026-11-01', '2026-11-30').map((p) => p.order_id)).toEqual(['ord-1']);
    const credits = [credit('a', '2026-11-05T00:00:00Z', 10), credit('b', '2026-09-05T00:00:00Z', 5)];
    expect(creditsIn(credits, '2026-11-01', '2026-11-30').map((c) => c.id)).toEqual(['a']);
  });
});

describe('statement document', () => {
  it.each([
    ['<b>&"\'', '&lt;b&gt;&amp;&quot;&#39;'],
    ['plain', 'plain'],
  ])('escapes %p', (raw, escaped) => expect(escapeHtml(raw)).toBe(escaped));

  const html = buildStatementHtml({
    teamName: 'Acme & Co',
    from: '2026-11-01',
    to: '2026-11-30',
    payments: [
      payment('ord-1', 'completed', '2026-11-03T10:00:00Z', 2500),
      payment('ord-2', 'completed', '2026-11-04T10:00:00Z', 500),
    ],
    credits: [credit('a', '2026-11-05T00:00:00Z', 25), credit('b', '2026-11-06T00:00:00Z', -10, 'adjustment')],
    usage,
    generatedAt: new Date('2026-11-15T12:00:00Z'),
  });

  it('names the team and the period, escaped', () => {
    expect(html).toContain('<h1>Acme &amp; Co</h1>');
    expect(html).toContain('Statement 2026-11-01 to 2026-11-30');
  });

  it('lists payments, credits and usage with totals', () => {
    expect(html).toContain('ord-1');
    expect(html).toContain('$25.00');
    expect(html).toContain('Adjustment');
    expect(html).toContain('-$10.00');
    expect(html).toContain('1,200');
    expect(html).toContain('<td class="num">$30.00</td>');
    expect(html).toContain('<td class="num">+$15.00</td>');
    expect(html).toContain('<td class="num">$320.50</td>');
  });

  it('never lets server text become markup', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;gpt&lt;/script&gt;');
  });

  it('is styled for print', () => expect(html).toContain('@media print'));

  it('says so when a section is empty', () => {
    const empty = buildStatementHtml({
      teamName: 'T',
      from: '2026-11-01',
      to: '2026-11-30',
      payments: [],
      credits: [],
      usage: { ...usage, by_model: [], total_cost: 0 },
      generatedAt: new Date('2026-11-15T12:00:00Z'),
    });
    expect(empty).toContain('No completed payments in this period.');
    expect(empty).toContain('No credit transactions in this period.');
    expect(empty).toContain('No usage in this period.');
  });
});
