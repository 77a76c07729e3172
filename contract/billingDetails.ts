/**
 * The rules of a team's billing details (what its invoices name as the buyer), once for both halves: the Billing page
 * checks them as the owner types, the server again before saving (docs/rules.md#billing-details). Every message is a
 * sentence a person can act on.
 */
export interface BillingDetailsInput {
  legal_name: string;
  address: string;
  tax_id: string;
}

export type BillingDetailsField = keyof BillingDetailsInput;
export type BillingDetailsProblems = Partial<Record<BillingDetailsField, string>>;

export const LEGAL_NAME_MAX = 200;
export const ADDRESS_MAX = 500;
export const ADDRESS_MAX_LINES = 6;
export const TAX_ID_MAX = 40;

/** A control character other than the newline (which only the address may hold). */
const hasControl = (text: string) =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && char !== '\n') || code === 127;
  });
const TAX_ID = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

/** Trimmed, with the address's lines trimmed and blank ones dropped: what is saved and printed. */
export function normaliseBillingDetails(input: BillingDetailsInput): BillingDetailsInput {
  return {
    legal_name: input.legal_name.trim(),
    address: input.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
    tax_id: input.tax_id.trim(),
  };
}

/** What is wrong with each field of (normalised) details, as sentences; empty when they can be saved. */
export function billingDetailsProblems(details: BillingDetailsInput): BillingDetailsProblems {
  const problems: BillingDetailsProblems = {};
  const { legal_name: name, address, tax_id: taxId } = details;
  if (!name) problems.legal_name = 'Enter the legal name to print on invoices.';
  else if (name.length > LEGAL_NAME_MAX)
    problems.legal_name = `The legal name must be at most ${LEGAL_NAME_MAX} characters.`;
  else if (hasControl(name) || name.includes('\n')) problems.legal_name = 'The legal name must be one line of text.';

  if (!address) problems.address = 'Enter the billing address.';
  else if (address.length > ADDRESS_MAX) problems.address = `The address must be at most ${ADDRESS_MAX} characters.`;
  else if (address.split('\n').length > ADDRESS_MAX_LINES) {
    problems.address = `The address must fit on ${ADDRESS_MAX_LINES} lines.`;
  } else if (hasControl(address)) problems.address = 'The address must be plain text.';

  if (taxId.length > TAX_ID_MAX) problems.tax_id = `The tax ID must be at most ${TAX_ID_MAX} characters.`;
  else if (taxId && !TAX_ID.test(taxId)) {
    problems.tax_id = 'The tax ID may contain only letters, digits, spaces, dots, dashes and slashes.';
  }
  return problems;
}
