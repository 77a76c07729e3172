import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IssuedDocument } from '../invoicing/documents';
import { renderDocumentPdf } from '../invoicing/pdf/invoicePdf';
import { pdfText } from './pdfText';

const party = { name: 'Acme Research GmbH', addressLines: ['Hauptstraße 5', '8001 Zürich'], taxId: null, email: null };
const invoiceFor = (orderId: string): IssuedDocument => ({
  kind: 'invoice',
  number: 'INV-2026-000001',
  issuedAt: new Date('2026-12-03T00:00:00Z'),
  currency: 'usd',
  totalCents: 12_345,
  reason: null,
  seller: { ...party, name: 'AI Model Gateway Demo Operator' },
  buyer: party,
  lines: [{ description: 'Prepaid credits', quantity: 1, unitCents: 12_345, amountCents: 12_345 }],
  orderId,
  provider: 'sandbox',
  paidAt: new Date('2026-12-03T00:00:00Z'),
  corrects: null,
});

// Order ids are 'ord_' and 20 random letters (server/payments/payments.ts); one made of the widest letters once broke
// across two lines in CI ("ord_6wazwehgvyq4g73mxsm" / "m"), so a reader copying it got half an id.
test('an order id of the widest letters prints whole on one line', async () => {
  for (const orderId of [`ord_${'m'.repeat(20)}`, `ord_${'w'.repeat(20)}`, 'ord_6wazwehgvyq4g73mxsmm']) {
    const text = pdfText(await renderDocumentPdf(invoiceFor(orderId)));
    assert.ok(text.includes(orderId), `${orderId} in\n${text}`);
  }
});

test('an ordinary order id keeps the ordinary size (only an id too wide shrinks)', async () => {
  const text = pdfText(await renderDocumentPdf(invoiceFor('ord_abc')));
  assert.match(text, /Order\s+ord_abc/);
});
