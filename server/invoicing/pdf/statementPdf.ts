import { describeUnits } from '../../../contract/mediaUnits';
import { formatCents } from '../../lib/money';
import type { Party } from '../documents';
import type { Statement, StatementTotals } from '../statement';
import {
  caption,
  finish,
  formatDay,
  formatDays,
  formatMonth,
  heading,
  keyValue,
  letterhead,
  newDocument,
  note,
  partyBlock,
  table,
  twoColumns,
} from './layout';

/** The summary's lines in the order a statement reads: each line's name, and its entries' type. */
const SUMMARY_LINES: [keyof StatementTotals, string, string][] = [
  ['topups', 'Top-ups', 'Top-up'],
  ['coupons', 'Coupons redeemed', 'Coupon'],
  ['refunds', 'Refunds', 'Refund'],
  ['adjustments', 'Adjustments', 'Adjustment'],
  ['transfers', 'Transfers', 'Transfer'],
  ['other', 'Other', 'Other'],
];
const ENTRY_TYPES = Object.fromEntries(SUMMARY_LINES.map(([line, , type]) => [line, type])) as Record<
  keyof StatementTotals,
  string
>;

const count = (value: number) => value.toLocaleString('en-US');

/** The monthly statement behind 'Download Invoice' on Billing. */
export function renderStatementPdf(
  statement: Statement,
  seller: Party,
  account: Party,
  issuedAt: Date,
): Promise<Buffer> {
  const monthName = formatMonth(statement.from);
  const doc = newDocument(`Statement ${monthName}: ${account.name}`, seller.name, issuedAt);
  const lastDay = new Date(statement.to.getTime() - (statement.monthToDate ? 0 : 1));
  const period = formatDays(statement.from, lastDay);
  letterhead(
    doc,
    seller,
    'STATEMENT',
    [
      ['Month', monthName],
      ['Period', statement.monthToDate ? `${period} (to date)` : period],
      ['Date of issue', formatDay(issuedAt)],
      ['Currency', 'USD'],
    ],
    0.3,
  );

  twoColumns(
    doc,
    (x, width) => {
      caption(doc, 'Account', x, width);
      partyBlock(doc, account, x, width);
    },
    (x, width) => {
      caption(doc, 'Balance', x, width);
      keyValue(doc, `Opening, ${formatDay(statement.from)}`, formatCents(statement.openingCents), x, width, 0.6);
      keyValue(doc, `Closing, ${formatDay(lastDay)}`, formatCents(statement.closingCents), x, width, 0.6);
    },
  );

  const requests = statement.usage.reduce((sum, row) => sum + row.requests, 0);
  heading(doc, 'Summary');
  table(
    doc,
    [
      { header: 'Item', width: 0.72 },
      { header: 'Amount', width: 0.28, align: 'right' },
    ],
    [
      { cells: [`Opening balance on ${formatDay(statement.from)}`, formatCents(statement.openingCents)] },
      ...SUMMARY_LINES.filter(([line]) => line !== 'other' || statement.totals.other !== 0).map(([line, name]) => ({
        cells: [name, formatCents(statement.totals[line])],
      })),
      { cells: [`Usage (${count(requests)} requests)`, formatCents(-statement.usageCents)] },
      { cells: [`Closing balance on ${formatDay(lastDay)}`, formatCents(statement.closingCents)], total: true },
    ],
  );

  heading(doc, 'Credits, refunds and adjustments');
  if (statement.entries.length === 0) note(doc, 'No ledger entries in this period.');
  else {
    table(
      doc,
      [
        { header: 'Date', width: 0.15 },
        { header: 'Description', width: 0.37 },
        { header: 'Type', width: 0.13 },
        { header: 'Document', width: 0.2 },
        { header: 'Amount', width: 0.15, align: 'right' },
      ],
      statement.entries.map((entry) => ({
        cells: [
          formatDay(entry.at),
          entry.description,
          ENTRY_TYPES[entry.line],
          entry.document ?? '',
          formatCents(entry.amountCents),
        ],
      })),
    );
  }

  heading(doc, 'Usage by model');
  if (statement.usage.length === 0) note(doc, 'No usage in this period.');
  else {
    table(
      doc,
      [
        { header: 'Model', width: 0.34 },
        { header: 'Provider', width: 0.16 },
        { header: 'Requests', width: 0.14, align: 'right' },
        { header: 'Tokens or units', width: 0.18, align: 'right' },
        { header: 'Cost', width: 0.18, align: 'right' },
      ],
      [
        ...statement.usage.map((row) => ({
          // A media model's units in place of its tokens (docs/media.md): "12 images".
          cells: [
            row.model,
            row.provider,
            count(row.requests),
            row.unit ? describeUnits(row.unit, row.units) : count(row.tokens),
            formatCents(row.costCents),
          ],
        })),
        { cells: ['Total usage', '', count(requests), '', formatCents(statement.usageCents)], total: true },
      ],
    );
  }
  note(
    doc,
    'The closing balance is the opening balance plus the credits, refunds and adjustments above, less the usage. ' +
      'Days are UTC calendar days. Invoices and credit notes for each payment are on the Billing page.',
  );
  return finish(doc, `${seller.name}${seller.email ? ` · Questions about this statement: ${seller.email}` : ''}`);
}
