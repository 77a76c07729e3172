import { formatCents } from '../../lib/money';
import type { IssuedDocument } from '../documents';
import {
  caption,
  finish,
  formatDay,
  keyValue,
  letterhead,
  newDocument,
  note,
  partyBlock,
  table,
  totals,
  twoColumns,
  type Doc,
} from './layout';

/** How each payment provider's payments read on a document. */
const PAYMENT_METHODS: Record<string, string> = {
  stripe: 'Card, through Stripe Checkout',
  sandbox: 'Sandbox checkout (demo, no money taken)',
};

const LINE_COLUMNS = [
  { header: 'Description', width: 0.55 },
  { header: 'Qty', width: 0.09, align: 'right' as const },
  { header: 'Unit price', width: 0.18, align: 'right' as const },
  { header: 'Amount', width: 0.18, align: 'right' as const },
];

function lines(doc: Doc, document: IssuedDocument) {
  table(
    doc,
    LINE_COLUMNS,
    document.lines.map((line) => ({
      cells: [line.description, String(line.quantity), formatCents(line.unitCents), formatCents(line.amountCents)],
    })),
  );
}

/** An invoice (a completed payment) or a credit note (a refund of one), as a PDF a finance team files. */
export function renderDocumentPdf(document: IssuedDocument): Promise<Buffer> {
  const invoice = document.kind === 'invoice';
  const title = invoice ? 'Invoice' : 'Credit note';
  const doc = newDocument(`${title} ${document.number}`, document.seller.name, document.issuedAt);
  const currency = document.currency.toUpperCase();
  const facts: [string, string][] = [
    [invoice ? 'Invoice number' : 'Credit note number', document.number],
    ['Date of issue', formatDay(document.issuedAt)],
  ];
  if (document.corrects) facts.push(['Corrects invoice', document.corrects.number]);
  facts.push(['Currency', currency]);
  if (invoice) facts.push(['Status', 'Paid']);
  letterhead(doc, document.seller, title.toUpperCase(), facts);

  twoColumns(
    doc,
    (x, width) => {
      caption(doc, invoice ? 'Bill to' : 'Credited to', x, width);
      partyBlock(doc, document.buyer, x, width);
    },
    (x, width) => {
      caption(doc, invoice ? 'Payment' : 'Refund', x, width);
      const fact = (label: string, value: string) => keyValue(doc, label, value, x, width, 0.3);
      fact('Order', document.orderId);
      if (invoice && document.paidAt) fact('Paid on', formatDay(document.paidAt));
      fact('Method', PAYMENT_METHODS[document.provider] ?? document.provider);
      if (document.corrects) fact('Invoice issued', formatDay(document.corrects.issuedAt));
    },
  );

  lines(doc, document);
  const total = formatCents(document.totalCents);
  if (invoice) {
    totals(
      doc,
      [
        ['Subtotal', total],
        [`Total (${currency})`, total],
        ['Amount paid', total],
        ['Amount due', formatCents(0)],
      ],
      1,
    );
    note(
      doc,
      "Prepaid credits for the AI Model Gateway, added to the team's credit balance when the payment completed and " +
        'drawn down by its usage. Paid in full; nothing is due.',
    );
  } else {
    totals(doc, [[`Total credited (${currency})`, total]]);
    if (document.reason) note(doc, `Reason: ${document.reason}`);
    note(
      doc,
      `This credit note reduces invoice ${document.corrects?.number ?? ''} by ${total}. The amount was returned to ` +
        "the original payment method and taken off the team's credit balance.",
    );
  }
  return finish(doc, footerOf(document));
}

const footerOf = (document: IssuedDocument) =>
  `${document.seller.name}${document.seller.email ? ` · Questions about this document: ${document.seller.email}` : ''}`;
