import { recordAudit, type UserAuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { badRequest } from '../lib/errors';
import { isoOrNull } from '../lib/time';
import type { BillingDetails } from '../../contract/schemas/billingDetails';
import {
  billingDetailsProblems,
  normaliseBillingDetails,
  type BillingDetailsInput,
} from '../../contract/billingDetails';
import type { Party } from './documents';
import { unprintable } from './pdf/fonts';

interface DetailsRow {
  legal_name: string;
  address: string;
  tax_id: string;
  updated_at: Date | null;
}

export async function getBillingDetails(q: Queryable, teamId: string): Promise<BillingDetails> {
  const [row] = await q.query<DetailsRow>(
    'SELECT legal_name, address, tax_id, updated_at FROM team_billing_details WHERE team_id = $1',
    [teamId],
  );
  return row
    ? { legal_name: row.legal_name, address: row.address, tax_id: row.tax_id, updated_at: isoOrNull(row.updated_at) }
    : { legal_name: '', address: '', tax_id: '', updated_at: null };
}

const FIELD_NAMES: Record<keyof BillingDetailsInput, string> = {
  legal_name: 'The legal name',
  address: 'The address',
  tax_id: 'The tax ID',
};

/** Saves the owner's details after the shared rules and the invoice font's check; 400 with the first problem. */
export async function saveBillingDetails(
  db: Db,
  teamId: string,
  who: UserAuditContext,
  input: BillingDetailsInput,
): Promise<BillingDetails> {
  const details = normaliseBillingDetails(input);
  const [problem] = Object.values(billingDetailsProblems(details));
  if (problem) throw badRequest(problem);
  for (const field of Object.keys(FIELD_NAMES) as (keyof BillingDetailsInput)[]) {
    const missing = unprintable(details[field]);
    if (missing.length > 0) {
      throw badRequest(`${FIELD_NAMES[field]} uses characters invoices cannot print: ${missing.join(' ')}.`);
    }
  }
  const row = await db.tx(async (q) => {
    const [before] = await q.query<BillingDetailsInput>(
      'SELECT legal_name, address, tax_id FROM team_billing_details WHERE team_id = $1 FOR UPDATE',
      [teamId],
    );
    const [saved] = await q.query<DetailsRow>(
      `INSERT INTO team_billing_details (team_id, legal_name, address, tax_id, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (team_id) DO UPDATE SET legal_name = EXCLUDED.legal_name, address = EXCLUDED.address,
         tax_id = EXCLUDED.tax_id, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
       RETURNING legal_name, address, tax_id, updated_at`,
      [teamId, details.legal_name, details.address, details.tax_id, who.userId],
    );
    await recordAudit(q, who, {
      teamId,
      action: 'billing_details.updated',
      target: { id: teamId, label: details.legal_name },
      before: before ?? null,
      after: details,
    });
    return saved;
  });
  return { ...row, updated_at: isoOrNull(row.updated_at) };
}

/** The buyer a document names: the team's billing details, or its name alone until the owner has saved them. */
export async function buyerOf(q: Queryable, teamId: string): Promise<Party> {
  const [row] = await q.query<{
    name: string;
    legal_name: string | null;
    address: string | null;
    tax_id: string | null;
  }>(
    `SELECT t.name, b.legal_name, b.address, b.tax_id
     FROM teams t LEFT JOIN team_billing_details b ON b.team_id = t.id WHERE t.id = $1`,
    [teamId],
  );
  return {
    name: row.legal_name || row.name,
    addressLines: row.address ? row.address.split('\n') : [],
    taxId: row.tax_id || null,
    email: null,
  };
}
