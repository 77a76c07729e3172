/**
 * Teams' limits: plain values beside the schemas of contract/schemas/teams.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */
import { MAX_AMOUNT_CENTS } from './common';

/** The largest monthly cap an owner may set on a member: $1,000,000,000.00. */
export const MAX_MEMBER_CAP_CENTS = MAX_AMOUNT_CENTS;
