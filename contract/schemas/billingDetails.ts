import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** A team's billing details and its documents: /v1/teams/{teamId}/... (docs/api-contract.md, Calls: billing). */
export const BillingDetails = Type.Object({
  legal_name: Type.String(),
  address: Type.String(),
  tax_id: Type.String(),
  /** Null until the owner first saves them; invoices then name the team by its name alone. */
  updated_at: Nullable(Type.String()),
});
export type BillingDetails = Static<typeof BillingDetails>;

/** The field rules and their sentences are contract/billingDetails.ts; these bounds only refuse absurd bodies early. */
const text = (field: string) =>
  Type.String({ maxLength: 2_000, errorMessage: `${field} must be text of at most 2000 characters` });

export const BillingDetailsBody = Type.Object({
  legal_name: text('legal_name'),
  address: text('address'),
  tax_id: Type.Optional(text('tax_id')),
});
export type BillingDetailsBody = Static<typeof BillingDetailsBody>;

/** An invoice (INV-2026-000042) or credit note (CN-2026-000003) of the team. */
export const DocumentParams = Type.Object({
  teamId: Type.String(),
  number: Type.String({ maxLength: 32, errorMessage: 'number must be a document number such as INV-2026-000042' }),
});

/** A calendar month, YYYY-MM. */
export const StatementParams = Type.Object({
  teamId: Type.String(),
  month: Type.String({
    pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
    errorMessage: 'month must be a calendar month in YYYY-MM format',
  }),
});
