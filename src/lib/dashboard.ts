// Rules of the dashboard's figures (docs/rules.md#dashboard).

/** The dashboard shows the first 3 top models. */
export const DASHBOARD_TOP_MODELS = 3;

export type ChangeTone = 'good' | 'bad' | 'neutral';

/**
 * Whether a change string ('+12.5%', '-8.3%') is good news. A rise is good and a fall bad, except where lower is
 * better: for the average response time a '-' (faster) is good and a '+' (slower) bad. Anything that is not signed
 * (empty, '0', '0%') is neutral.
 */
export function changeTone(change: string | null | undefined, lowerIsBetter = false): ChangeTone {
  const text = (change ?? '').trim();
  const sign = text[0];
  if ((sign !== '+' && sign !== '-') || /^[+-]0*(\.0*)?%?$/.test(text)) return 'neutral';
  const rose = sign === '+';
  return rose !== lowerIsBetter ? 'good' : 'bad';
}

/** The greeting uses the first name, else the login. */
export function greetingName(user: { name: string | null; login: string } | null | undefined): string {
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return firstName || user?.login || '';
}
