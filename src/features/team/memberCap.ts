// The owner's monthly cap on a member's keys (docs/governance.md#member-caps). Only the cap dialog uses this: it
// brings the contract's schema module (and TypeBox), which the team page's first load does without.
import { centsToDollars, dollarsToCents, formatCents } from '../../../contract/money';
import { MAX_MEMBER_CAP_CENTS } from '../../../contract/rules/teams';

/** The cap dialog's starting text: the cap in dollars, or '' for none. */
export const capInputValue = (capCents: number | null): string =>
  capCents === null ? '' : String(centsToDollars(capCents));

/** The cap to send in cents (null lifts it: an empty input), or the message for anything else. */
export function parseCap(text: string): { cents: number | null } | { error: string } {
  if (text.trim() === '') return { cents: null };
  const dollars = Number(text);
  const cents = Number.isFinite(dollars) ? dollarsToCents(dollars) : NaN;
  return cents >= 0 && cents <= MAX_MEMBER_CAP_CENTS
    ? { cents }
    : { error: `Enter an amount from $0.00 to ${formatCents(MAX_MEMBER_CAP_CENTS)}, or leave it empty for no cap` };
}
