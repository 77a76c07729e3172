// The seller on every invoice, credit note and statement (docs/payments.md#configuration), read by server/config.ts
// with every other room's settings.
import type { EnvReader } from '../lib/envReader';

export interface OperatorDetails {
  name: string;
  addressLines: string[];
  taxId: string | null;
  email: string;
}

/** Demo mode's seller (and production's with the sandbox): plainly not a real company. */
export const DEMO_OPERATOR: OperatorDetails = {
  name: 'AI Model Gateway Demo Operator',
  addressLines: ['1 Example Street', 'Example City 10001', 'United States'],
  taxId: 'DEMO-TAX-000000',
  email: 'billing@example.com',
};
const OPERATOR_ADDRESS_LINES = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * OPERATOR_*: the seller on every document. Taking real money in production needs the real ones; elsewhere the demo
 * operator stands in for what is not set. OPERATOR_ADDRESS is one line per address line (a newline or a literal \n).
 */
export function readOperatorSettings({ str, problems }: EnvReader, required: boolean): OperatorDetails {
  const name = str('OPERATOR_NAME');
  const address = str('OPERATOR_ADDRESS');
  const email = str('OPERATOR_EMAIL');
  if (required) {
    for (const [variable, value] of [
      ['OPERATOR_NAME', name],
      ['OPERATOR_ADDRESS', address],
      ['OPERATOR_EMAIL', email],
    ] as const) {
      if (value === null)
        problems.push(`${variable} is required in production with PAYMENTS_PROVIDER=stripe (invoices)`);
    }
  }
  if (name !== null && name.length > 200) problems.push('OPERATOR_NAME must be at most 200 characters');
  const addressLines = address
    ?.split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (addressLines && addressLines.length > OPERATOR_ADDRESS_LINES) {
    problems.push(`OPERATOR_ADDRESS must be at most ${OPERATOR_ADDRESS_LINES} lines`);
  }
  if (email !== null && !EMAIL.test(email)) problems.push(`OPERATOR_EMAIL must be an email address (got "${email}")`);
  const taxId = str('OPERATOR_TAX_ID');
  const configured = name !== null || address !== null;
  return {
    name: name ?? DEMO_OPERATOR.name,
    addressLines: addressLines?.length ? addressLines : DEMO_OPERATOR.addressLines,
    // The demo's tax id goes with the demo's name only: a real operator without one prints none.
    taxId: taxId ?? (configured ? null : DEMO_OPERATOR.taxId),
    email: email ?? DEMO_OPERATOR.email,
  };
}
