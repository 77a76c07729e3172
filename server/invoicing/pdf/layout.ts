import PDFDocument from 'pdfkit';
import type { Party } from '../documents';
import { fontData } from './fonts';

/**
 * The page furniture every document shares (invoice, credit note, statement): A4, the seller's letterhead, the
 * document's title and facts, party blocks, tables that continue on a new page with their heading repeated, and a
 * footer with page numbers. Sizes are PDF points (1/72 inch).
 */
export type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 56;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_Y = PAGE.height - 44;
const BOTTOM = FOOTER_Y - 16;

export const INK = '#1a1f36';
export const MUTED = '#5b6275';
const RULE = '#d5d9e2';
const ACCENT = '#0d47a1';
const BAND = '#f2f4f8';

/** A new document; `createdAt` is the document's own date, so the same document always gives the same file. */
export function newDocument(title: string, author: string, createdAt: Date): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: author, Creator: 'AI Model Gateway', CreationDate: createdAt, ModDate: createdAt },
  });
  doc.registerFont('regular', fontData().regular);
  doc.registerFont('bold', fontData().bold);
  doc.font('regular').fillColor(INK);
  return doc;
}

/** Finishes the document: the footer on every page, then the bytes. */
export function finish(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page for any text.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, FOOTER_Y - 8)
      .lineTo(PAGE.width - MARGIN, FOOTER_Y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(footer, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Page ${index - start + 1} of ${count}`, PAGE.width - MARGIN - 80, FOOTER_Y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

/** Starts a new page when fewer than `height` points are left above the footer. */
export function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

/**
 * The seller's letterhead on the left; the title and the document's facts (label, value) on the right, the labels
 * taking `labelShare` of that column.
 */
export function letterhead(doc: Doc, seller: Party, title: string, facts: [string, string][], labelShare = 0.45): void {
  const top = MARGIN;
  const leftWidth = CONTENT_WIDTH * 0.55;
  doc.font('bold').fontSize(13).fillColor(INK).text(seller.name, MARGIN, top, { width: leftWidth });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of seller.addressLines) doc.text(line, { width: leftWidth });
  if (seller.taxId) doc.text(`Tax ID: ${seller.taxId}`, { width: leftWidth });
  if (seller.email) doc.text(seller.email, { width: leftWidth });
  const leftBottom = doc.y;

  const rightX = MARGIN + CONTENT_WIDTH * 0.57;
  const rightWidth = CONTENT_WIDTH * 0.43;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(ACCENT)
    .text(title, rightX, top - 3, { width: rightWidth, align: 'right' });
  doc.moveDown(0.4);
  facts.forEach(([label, value]) => keyValue(doc, label, value, rightX, rightWidth, labelShare));
  const rightBottom = doc.y;

  doc.y = Math.max(leftBottom, rightBottom) + 18;
  rule(doc);
  doc.y += 14;
}

/** One "label  value" line at x, the value right-aligned within width (the label taking `labelShare` of it). */
export function keyValue(doc: Doc, label: string, value: string, x: number, width: number, labelShare = 0.4): void {
  const y = doc.y;
  const labelWidth = width * labelShare;
  doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
  const afterLabel = doc.y;
  const valueWidth = width - labelWidth;
  doc
    .font('bold')
    .fontSize(fittingSize(doc, value, valueWidth, 9))
    .fillColor(INK)
    .text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
  doc.y = Math.max(afterLabel, doc.y) + 2;
}

/** The smallest size an identifier (one word, like an order id) is set in before it would break across lines. */
const SMALLEST_IDENTIFIER_SIZE = 6;

/**
 * The size to set `value` in at the current font: `size`, or for a single word wider than `width` (an order id
 * whose random letters happen to be wide ones), the size at which it fits on one line, so a reader copying it
 * never has to join its halves. Text with spaces wraps at its spaces as usual.
 */
export function fittingSize(doc: Doc, value: string, width: number, size: number): number {
  if (/\s/.test(value)) return size;
  const natural = doc.fontSize(size).widthOfString(value);
  if (natural <= width) return size;
  return Math.max(SMALLEST_IDENTIFIER_SIZE, Math.floor(((size * width) / natural) * 10) / 10);
}

export function rule(doc: Doc, color = RULE, width = 0.75): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** A small capitalised caption over a block ("BILL TO"). */
export function caption(doc: Doc, text: string, x = MARGIN, width = CONTENT_WIDTH): void {
  doc.font('bold').fontSize(7.5).fillColor(MUTED).text(text.toUpperCase(), x, doc.y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.25);
}

/** A party's name, address lines and tax id, starting at the current line. */
export function partyBlock(doc: Doc, party: Party, x: number, width: number): void {
  doc.font('bold').fontSize(10).fillColor(INK).text(party.name, x, doc.y, { width });
  doc.font('regular').fontSize(9).fillColor(INK);
  for (const line of party.addressLines) doc.text(line, x, doc.y, { width });
  if (party.taxId) doc.text(`Tax ID: ${party.taxId}`, x, doc.y, { width });
}

/** Two blocks side by side (e.g. BILL TO and PAYMENT), each drawn by its function from the same top; then below both. */
export function twoColumns(
  doc: Doc,
  left: (x: number, width: number) => void,
  right: (x: number, width: number) => void,
) {
  const top = doc.y;
  const width = CONTENT_WIDTH * 0.46;
  left(MARGIN, width);
  const leftBottom = doc.y;
  doc.y = top;
  right(MARGIN + CONTENT_WIDTH * 0.54, width);
  doc.y = Math.max(leftBottom, doc.y) + 20;
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

export interface Row {
  cells: string[];
  /** A totals row: bold, with a rule above. */
  total?: boolean;
}

/** A table across the content width; it continues on the next page with its heading repeated. */
export function table(doc: Doc, columns: Column[], rows: Row[]): void {
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of columns) {
    xs.push(x);
    x += column.width * CONTENT_WIDTH;
  }
  const cellWidth = (index: number) => columns[index].width * CONTENT_WIDTH - (index === columns.length - 1 ? 0 : 8);
  const heading = () => {
    const top = doc.y;
    doc.rect(MARGIN, top, CONTENT_WIDTH, 20).fill(BAND);
    doc.font('bold').fontSize(8.5).fillColor(MUTED);
    columns.forEach((column, index) =>
      doc.text(column.header, xs[index] + (index === 0 ? 6 : 0), top + 6, {
        width: cellWidth(index) - (index === 0 || index === columns.length - 1 ? 6 : 0),
        align: column.align ?? 'left',
        lineBreak: false,
      }),
    );
    doc.y = top + 26;
  };
  ensureRoom(doc, 60);
  heading();
  const rowFont = (row: Row) => doc.font(row.total ? 'bold' : 'regular').fontSize(9);
  for (const row of rows) {
    rowFont(row);
    const height = Math.max(
      ...row.cells.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) - (index === 0 ? 6 : 0) })),
    );
    if (doc.y + height + 10 > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
      heading();
      rowFont(row);
    }
    if (row.total) {
      rule(doc, INK, 0.75);
      doc.y += 5;
    }
    const top = doc.y;
    row.cells.forEach((cell, index) =>
      doc.fillColor(INK).text(cell, xs[index] + (index === 0 ? 6 : 0), top, {
        width: cellWidth(index) - (index === 0 || index === columns.length - 1 ? 6 : 0),
        align: columns[index].align ?? 'left',
      }),
    );
    doc.y = top + height + 5;
    if (!row.total) {
      rule(doc, RULE, 0.5);
      doc.y += 5;
    }
  }
  doc.x = MARGIN;
  doc.y += 6;
}

/** A section heading. */
export function heading(doc: Doc, text: string): void {
  ensureRoom(doc, 80);
  doc.font('bold').fontSize(11).fillColor(INK).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 6;
}

/** A paragraph of small print. */
export function note(doc: Doc, text: string): void {
  ensureRoom(doc, 30);
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 6;
}

/** Right-aligned "label  value" lines under a table (subtotal, total, paid), the last one emphasised. */
export function totals(doc: Doc, lines: [string, string][], emphasise = lines.length - 1): void {
  const width = CONTENT_WIDTH * 0.45;
  const x = MARGIN + CONTENT_WIDTH - width;
  ensureRoom(doc, lines.length * 18 + 10);
  lines.forEach(([label, value], index) => {
    const strong = index === emphasise;
    if (strong) {
      doc
        .moveTo(x, doc.y)
        .lineTo(x + width, doc.y)
        .lineWidth(0.75)
        .strokeColor(INK)
        .stroke();
      doc.y += 5;
    }
    const y = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10.5 : 9)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, x, y, { width: width * 0.6 });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, x + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.y = y + (strong ? 18 : 15);
  });
  doc.x = MARGIN;
  doc.y += 8;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '15 Nov 2026' (UTC, the calendar the ledger's days are in). */
export const formatDay = (date: Date) => DAY.format(date);
/** 'November 2026'. */
export const formatMonth = (date: Date) => MONTH.format(date);
/** '1–27 Nov 2026': two days of one month. */
export const formatDays = (first: Date, last: Date) => `${first.getUTCDate()}–${formatDay(last)}`;
