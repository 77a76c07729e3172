// The printable monthly statement behind 'Download Invoice' (our own design: a print-styled
// HTML document that the browser's "Save as PDF" turns into a clean file).
import type { CreditEntry, Payment } from '../../../contract/schemas/billing';
import type { UsageBreakdown } from '../../../contract/schemas/usage';
import { creditTypeLabel, signedMoney } from './credits';
import { formatCents, formatMoney } from '../../../contract/money';
import { formatDate, formatDateTime } from '../../lib/time';
import { formatCount } from '../../lib/numbers';

export interface StatementInput {
  teamName: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  payments: Payment[];
  credits: CreditEntry[];
  usage: UsageBreakdown;
  generatedAt: Date;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Whether an ISO time falls on a calendar day of the period (compared by its UTC date, as the server stores it). */
export function inPeriod(iso: string | null, from: string, to: string): boolean {
  if (!iso) return false;
  const day = iso.slice(0, 10);
  return day >= from && day <= to;
}

export const completedPaymentsIn = (payments: Payment[], from: string, to: string) =>
  payments.filter((payment) => payment.status === 'completed' && inPeriod(payment.completed_at, from, to));

export const creditsIn = (credits: CreditEntry[], from: string, to: string) =>
  credits.filter((entry) => inPeriod(entry.created_at, from, to));

const cell = (text: string, numeric = false) => `<td${numeric ? ' class="num"' : ''}>${escapeHtml(text)}</td>`;

function table(headings: string[], rows: string[][], numericFrom: number, empty: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`;
  const head = headings.map((heading, index) => `<th${index >= numericFrom ? ' class="num"' : ''}>${heading}</th>`);
  const body = rows.map((row) => `<tr>${row.map((text, index) => cell(text, index >= numericFrom)).join('')}</tr>`);
  return `<table><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

const STYLES = `
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #111; margin: 32px; }
  h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
  .meta { color: #555; margin: 0 0 2px; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #ddd; }
  th { background: #f4f4f4; } .num { text-align: right; white-space: nowrap; }
  .totals td { font-weight: 700; border-top: 2px solid #111; } .empty { color: #555; font-size: 13px; }
  @media print {
    body { margin: 0; } @page { margin: 16mm; }
    tr, h2 { break-inside: avoid; } th { background: none; }
  }`;

/** The whole statement as one HTML document. Every value from the server is escaped. */
export function buildStatementHtml(input: StatementInput): string {
  const { teamName, from, to, usage, generatedAt } = input;
  const payments = completedPaymentsIn(input.payments, from, to);
  const credits = creditsIn(input.credits, from, to);
  const paid = payments.reduce((sum, payment) => sum + payment.amount.cents, 0);
  const credited = credits.reduce((sum, entry) => sum + entry.amount, 0);
  const title = `Statement ${from} to ${to}`;

  const paymentRows = payments.map((p) => [
    p.order_id,
    formatDateTime(p.completed_at),
    p.description,
    formatCents(p.amount.cents),
  ]);
  const creditRows = credits.map((e) => [
    formatDate(e.created_at),
    creditTypeLabel(e.type),
    e.description,
    signedMoney(e.amount, formatMoney),
  ]);
  const usageRows = usage.by_model.map((m) => [
    m.model,
    m.provider,
    formatCount(m.request_count),
    formatMoney(m.total_cost),
  ]);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`${teamName} · ${title}`)}</title>
<style>${STYLES}</style></head>
<body>
<h1>${escapeHtml(teamName)}</h1>
<p class="meta">${escapeHtml(title)}</p>
<p class="meta">Generated ${escapeHtml(formatDateTime(generatedAt.toISOString()))}</p>
<h2>Completed payments</h2>
${table(['Order', 'Completed', 'Description', 'Amount'], paymentRows, 3, 'No completed payments in this period.')}
<h2>Credits</h2>
${table(['Date', 'Type', 'Description', 'Amount'], creditRows, 3, 'No credit transactions in this period.')}
<h2>Usage by model</h2>
${table(['Model', 'Provider', 'Requests', 'Cost'], usageRows, 2, 'No usage in this period.')}
<h2>Totals</h2>
<table><tbody>
<tr>${cell('Payments received')}${cell(formatCents(paid), true)}</tr>
<tr>${cell('Net credits')}${cell(signedMoney(credited, formatMoney), true)}</tr>
<tr class="totals">${cell('Usage cost')}${cell(formatMoney(usage.total_cost), true)}</tr>
</tbody></table>
</body></html>`;
}
