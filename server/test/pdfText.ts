import { spawnSync } from 'node:child_process';
import { requireProgram } from '../lib/debianPackages';

/**
 * A PDF's text as poppler's pdftotext reads it, laid out as on the page (-layout keeps a table's row on one line), so
 * a test reads the figures a person reads. Debian's poppler-utils; installed when missing and run as root, as CI does.
 */
export function pdfText(pdf: Buffer): string {
  requireProgram('pdftotext', 'poppler-utils');
  const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

/** The number of pages, from pdfinfo (the same package). */
export function pdfPages(pdf: Buffer): number {
  const result = spawnSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdfinfo failed: ${result.stderr}`);
  return Number(/^Pages:\s+(\d+)/m.exec(result.stdout)?.[1]);
}

/** The amount on the line that starts with `label` (its last money figure), in cents: '-$1,234.56' is -123456. */
export function amountOnLine(text: string, label: string | RegExp): number {
  const line = text
    .split('\n')
    .find((candidate) => (typeof label === 'string' ? candidate.trim().startsWith(label) : label.test(candidate)));
  if (!line) throw new Error(`no line ${String(label)} in:\n${text}`);
  const figures = [...line.matchAll(/(-?)\$([\d,]+)\.(\d{2})/g)];
  if (figures.length === 0) throw new Error(`no amount on the line "${line}"`);
  const [, sign, dollars, cents] = figures[figures.length - 1];
  return (sign ? -1 : 1) * (Number(dollars.replace(/,/g, '')) * 100 + Number(cents));
}
