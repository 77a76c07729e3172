import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { issueInvoice } from '../invoicing/documents';
import { refundPayment } from '../payments/applyEvents';
import { seedDemo } from '../seed/demo';
import { balanceCents } from '../ledger/ledger';
import { createTestContext, type TestContext, type TestUser } from './helpers';
import { amountOnLine, pdfPages, pdfText } from './pdfText';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://gateway.example.com' });
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let teamId: string;
const year = new Date().getUTCFullYear();
const number = (series: 'INV' | 'CN', sequence: number) => `${series}-${year}-${String(sequence).padStart(6, '0')}`;

async function setUp() {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  outsider = await ctx.user('outsider');
  teamId = await ctx.team(owner, 'Acme');
  await ctx.join(member, teamId);
  await ctx.team(outsider, 'Elsewhere');
}

const paidOrder = async (cents: number) => {
  const link = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
    as: member,
    body: { amount_cents: cents, description: 'Credits for the research cluster' },
  });
  const pay = await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`);
  assert.equal(pay.body.status, 'completed');
  return link.body.order_id as string;
};

const history = async () =>
  (await ctx.request('GET', `/v1/teams/${teamId}/payments/history`, { as: member })).body.payments as {
    order_id: string;
    status: string;
    refunded: { cents: number };
    documents: { kind: string; number: string; total: { cents: number } }[];
  }[];

const download = (path: string, as: TestUser) =>
  ctx.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${as.token}` } });

const saveDetails = (body: unknown, as: TestUser = owner) =>
  ctx.request('PUT', `/v1/teams/${teamId}/billing-details`, { as, body });

describe('invoices and credit notes', () => {
  beforeEach(setUp);

  test("a completed payment's invoice is numbered, names the operator and the team's billing details, and downloads as a PDF", async () => {
    assert.equal(
      (
        await saveDetails({
          legal_name: '  Acme Research GmbH ',
          address: 'Hauptstraße 5\n\n  8001 Zürich \nSwitzerland',
          tax_id: 'CHE-123.456.789',
        })
      ).status,
      200,
    );
    const order = await paidOrder(12_345);
    const [payment] = await history();
    assert.deepEqual(
      payment.documents.map((document) => [document.kind, document.number, document.total.cents]),
      [['invoice', number('INV', 1), 12_345]],
    );
    const res = await download(`/v1/teams/${teamId}/documents/${number('INV', 1)}/pdf`, member);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], `attachment; filename="${number('INV', 1)}.pdf"`);
    assert.equal(pdfPages(res.rawPayload), 1);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'INVOICE',
      number('INV', 1),
      ctx.config.operator.name,
      ...ctx.config.operator.addressLines,
      'Acme Research GmbH',
      'Hauptstraße 5',
      '8001 Zürich',
      'Tax ID: CHE-123.456.789',
      order,
      'Prepaid AI Model Gateway credits: Credits for the',
    ]) {
      assert.ok(text.includes(expected), `${expected} in\n${text}`);
    }
    assert.equal(amountOnLine(text, 'Total (USD)'), 12_345);
    assert.equal(amountOnLine(text, 'Amount paid'), 12_345);
    assert.equal(amountOnLine(text, 'Amount due'), 0);
    const [entry] = await ctx.db.query<{ number: string; amount_cents: number }>(
      `SELECT d.number, l.amount_cents FROM credit_ledger l JOIN invoices d ON d.id = l.document_id WHERE l.team_id = $1`,
      [teamId],
    );
    assert.deepEqual(entry, { number: number('INV', 1), amount_cents: 12_345 });
  });

  test('a refund issues a credit note naming the invoice; only the team reads its documents', async () => {
    const order = await paidOrder(3_000);
    assert.equal(await refundPayment(ctx.db, order, ctx.config.operator, null), true);
    assert.equal(await refundPayment(ctx.db, order, ctx.config.operator, null), false);
    const [payment] = await history();
    assert.equal(payment.status, 'refunded');
    assert.equal(payment.refunded.cents, 3_000);
    assert.deepEqual(
      payment.documents.map((document) => document.number),
      [number('INV', 1), number('CN', 1)],
    );
    const res = await download(`/v1/teams/${teamId}/documents/${number('CN', 1)}/pdf`, owner);
    assert.equal(res.statusCode, 200);
    const text = pdfText(res.rawPayload);
    assert.match(text, /CREDIT NOTE/);
    assert.match(text, new RegExp(`Corrects invoice\\s+${number('INV', 1)}`));
    assert.match(text, /Reason: Refunded by the operator/);
    assert.equal(amountOnLine(text, 'Total credited (USD)'), 3_000);
    assert.equal(await balanceCents(ctx.db, teamId), 0);

    assert.equal((await download(`/v1/teams/${teamId}/documents/${number('CN', 1)}/pdf`, outsider)).statusCode, 403);
    assert.equal((await download(`/v1/teams/${teamId}/documents/${number('INV', 9)}/pdf`, owner)).statusCode, 404);
    assert.equal((await download(`/v1/teams/${teamId}/documents/${'X'.repeat(40)}/pdf`, owner)).statusCode, 400);
  });

  test('invoice numbers stay gapless and unique under 50 concurrent completions and 10 rolled-back issues', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 50; i++) {
      const link = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
        as: member,
        body: { amount_cents: 100 + i },
      });
      orders.push(link.body.order_id);
    }
    // Payments whose issue rolls back after taking a number (as a completion that failed after its invoice would).
    const doomed = await ctx.db.query<{ id: string }>(
      `INSERT INTO payments (team_id, order_id, provider, amount_cents, description, status, expires_at)
       SELECT $1, 'ord_doomed_' || n, 'sandbox', 100, 'Doomed', 'completed', now() FROM generate_series(1, 10) n
       RETURNING id`,
      [teamId],
    );
    const rolledBack = doomed.map(({ id }) =>
      ctx.db
        .tx(async (q) => {
          const paid = { id, team_id: teamId, order_id: id, amount_cents: 100, currency: 'USD', description: 'Doomed' };
          await issueInvoice(q, paid, ctx.config.operator);
          throw new Error('rolled back');
        })
        .catch((error: Error) => error.message),
    );
    const paid = orders.map((order) => ctx.request('POST', `/v1/payments/sandbox/${order}/pay`));
    const results = await Promise.all([...paid, ...rolledBack]);
    assert.deepEqual(results.slice(50), Array(10).fill('rolled back'));
    const rows = await ctx.db.query<{ sequence: number; number: string; payments: number }>(
      `SELECT sequence, number, (SELECT count(*)::int FROM invoices j WHERE j.payment_id = i.payment_id) AS payments
       FROM invoices i WHERE series = 'INV' ORDER BY sequence`,
    );
    assert.deepEqual(
      rows.map((row) => row.sequence),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    assert.equal(new Set(rows.map((row) => row.number)).size, 50);
    assert.ok(rows.every((row) => row.payments === 1));
    const [counter] = await ctx.db.query<{ last_number: number }>(
      `SELECT last_number FROM document_counters WHERE series = 'INV' AND year = $1`,
      [year],
    );
    assert.equal(counter.last_number, 50);
    assert.equal(await balanceCents(ctx.db, teamId), 50 * 100 + (49 * 50) / 2);
  });
});

describe('billing details', () => {
  beforeEach(setUp);

  test('members read them, empty until the owner saves; only the owner saves', async () => {
    const empty = await ctx.request('GET', `/v1/teams/${teamId}/billing-details`, { as: member });
    assert.deepEqual(empty.body, { legal_name: '', address: '', tax_id: '', updated_at: null });
    const refused = await saveDetails({ legal_name: 'Acme Ltd', address: '1 Road' }, member);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'Only the team owner can change the billing details');
    assert.equal((await ctx.request('GET', `/v1/teams/${teamId}/billing-details`, { as: outsider })).status, 403);

    const saved = await saveDetails({ legal_name: ' Acme Ltd ', address: ' 1 Road \n\n London ', tax_id: '' });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.legal_name, 'Acme Ltd');
    assert.equal(saved.body.address, '1 Road\nLondon');
    const read = await ctx.request('GET', `/v1/teams/${teamId}/billing-details`, { as: member });
    assert.deepEqual(read.body, saved.body);
    assert.ok(Date.parse(read.body.updated_at) > 0);
  });

  const address = '1 Road\nLondon';
  for (const [body, message] of [
    [{ legal_name: '   ', address }, 'Enter the legal name to print on invoices.'],
    [{ legal_name: 'Acme', address: ' \n ' }, 'Enter the billing address.'],
    [{ legal_name: 'A'.repeat(201), address }, 'The legal name must be at most 200 characters.'],
    [{ legal_name: 'Acme', address: 'a\nb\nc\nd\ne\nf\ng' }, 'The address must fit on 6 lines.'],
    [
      { legal_name: 'Acme', address, tax_id: 'GB<123>' },
      'The tax ID may contain only letters, digits, spaces, dots, dashes and slashes.',
    ],
    [{ legal_name: 'Acme\u0007', address }, 'The legal name must be one line of text.'],
    [
      { legal_name: '株式会社アクメ', address },
      'The legal name uses characters invoices cannot print: 株 式 会 社 ア ク メ.',
    ],
    [{ legal_name: 'Acme' }, 'address must be text of at most 2000 characters'],
    [{ legal_name: 'Acme', address: 'x'.repeat(2_001) }, 'address must be text of at most 2000 characters'],
  ] as const) {
    test(`400 with a clear message: ${message}`, async () => {
      const res = await saveDetails(body);
      assert.equal(res.status, 400);
      assert.equal(res.body.message, message);
    });
  }
});

describe('monthly statement', () => {
  let alice: TestUser;
  let acme: string;
  before(async () => {
    await ctx.reset();
    await seedDemo(ctx.db, { operator: ctx.config.operator });
    const [row] = await ctx.db.query<{ id: string; team_id: string }>(
      `SELECT u.id, m.team_id FROM users u JOIN team_members m ON m.user_id = u.id WHERE u.login = 'alice'`,
    );
    alice = { id: row.id, login: 'alice', email: 'alice@example.com', token: await ctx.token(row.id) };
    acme = row.team_id;
  });

  /** The month's figures computed here from the ledger and the daily roll-up, independently of the statement code. */
  async function expected(month: string) {
    const from = `${month}-01`;
    type Figures = Record<
      'opening' | 'topups' | 'coupons' | 'refunds' | 'adjustments' | 'transfers' | 'usage' | 'closing',
      number
    >;
    const [figures] = await ctx.db.query<Figures>(
      `WITH bounds AS (SELECT $2::date AS first, ($2::date + interval '1 month')::date AS next),
            ledger AS (SELECT l.* FROM credit_ledger l, bounds WHERE team_id = $1 AND created_at >= first AND created_at < next)
       SELECT
         (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger, bounds WHERE team_id = $1 AND created_at < first)
           - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily, bounds WHERE team_id = $1 AND day < first) AS opening,
         (SELECT COALESCE(sum(amount_cents), 0) FROM ledger WHERE type = 'topup' AND coupon_redemption_id IS NULL) AS topups,
         (SELECT COALESCE(sum(amount_cents), 0) FROM ledger WHERE coupon_redemption_id IS NOT NULL) AS coupons,
         (SELECT COALESCE(sum(amount_cents), 0) FROM ledger WHERE type = 'refund') AS refunds,
         (SELECT COALESCE(sum(amount_cents), 0) FROM ledger WHERE type = 'adjustment') AS adjustments,
         (SELECT COALESCE(sum(amount_cents), 0) FROM ledger WHERE type = 'transfer') AS transfers,
         (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily, bounds WHERE team_id = $1 AND day >= first AND day < next) AS usage,
         (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger, bounds WHERE team_id = $1 AND created_at < next)
           - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily, bounds WHERE team_id = $1 AND day < next) AS closing`,
      [acme, from],
    );
    const models = await ctx.db.query<{ model: string; cost: number }>(
      `SELECT model, sum(cost_cents) AS cost FROM usage_daily
       WHERE team_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month') GROUP BY model`,
      [acme, from],
    );
    return { ...figures, models };
  }

  const now = new Date();
  const thisMonth = now.toISOString().slice(0, 7);
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

  for (const month of [lastMonth, thisMonth]) {
    test(`the statement of ${month === thisMonth ? 'this' : 'last'} month matches the ledger and usage_daily to the cent`, async () => {
      const res = await download(`/v1/teams/${acme}/statements/${month}/pdf`, alice);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(res.headers['content-disposition'], `attachment; filename="statement-${month}.pdf"`);
      const text = pdfText(res.rawPayload);
      const want = await expected(month);
      assert.match(text, /STATEMENT/);
      assert.match(text, /Acme AI Ltd/);
      assert.equal(amountOnLine(text, 'Opening balance on'), want.opening);
      assert.equal(amountOnLine(text, 'Top-ups'), want.topups);
      assert.equal(amountOnLine(text, 'Coupons redeemed'), want.coupons);
      assert.equal(amountOnLine(text, 'Refunds'), want.refunds);
      assert.equal(amountOnLine(text, 'Adjustments'), want.adjustments);
      assert.equal(amountOnLine(text, 'Transfers'), want.transfers);
      assert.equal(amountOnLine(text, /^\s*Usage \([\d,]+ requests\)/), -want.usage);
      assert.equal(amountOnLine(text, 'Total usage'), want.usage);
      assert.equal(amountOnLine(text, 'Closing balance on'), want.closing);
      assert.ok(want.models.length > 0);
      for (const { model, cost } of want.models) {
        const start = model.slice(0, 20).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        assert.equal(amountOnLine(text, new RegExp(`^\\s*${start}`)), cost, model);
      }
      if (month === thisMonth) assert.equal(want.closing, await balanceCents(ctx.db, acme));
    });
  }

  test('a month to come, a malformed month or another team is refused', async () => {
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const future = await download(`/v1/teams/${acme}/statements/${next}/pdf`, alice);
    assert.equal(future.statusCode, 400);
    assert.equal(future.json().message, 'The statement month must not be in the future.');
    for (const month of ['2026-13', '2026-1', 'last', '0000-00']) {
      const res = await download(`/v1/teams/${acme}/statements/${month}/pdf`, alice);
      assert.equal(res.statusCode, 400, month);
      assert.equal(res.json().message, 'month must be a calendar month in YYYY-MM format');
    }
    const bob = await ctx.user('mallory');
    assert.equal((await download(`/v1/teams/${acme}/statements/${thisMonth}/pdf`, bob)).statusCode, 403);
  });
});
