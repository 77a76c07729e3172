/**
 * Number formatting for en-US without Intl. The first Intl formatter a page creates costs 20–30 ms of ICU set-up in
 * Chromium (about 100 ms on a mid-range phone), and every page shows money on its first render; these few lines give
 * the same text as `Intl.NumberFormat('en-US')` for the values a dashboard shows.
 */

/** '1234567' -> '1,234,567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A finite number with thousands separators and between `minFraction` and `maxFraction` decimals, rounded half away
 * from zero on its shortest decimal form (as Intl's default 'halfExpand' does, so 1.005 -> '1.01'). The sign is
 * returned apart so callers can put a currency symbol between it and the digits.
 */
export function formatDecimal(
  value: number,
  minFraction: number,
  maxFraction: number,
): { negative: boolean; digits: string } {
  const negative = value < 0 || Object.is(value, -0);
  const magnitude = Math.abs(value);
  // toString gives the shortest form that reads back as the same double, but with an exponent outside [1e-6, 1e21);
  // there, toFixed's exact digits and BigInt's whole digits round the same way.
  const plain =
    magnitude >= 1e21 ? BigInt(magnitude).toString() : magnitude < 1e-6 ? magnitude.toFixed(20) : magnitude.toString();
  let [whole, fraction = ''] = plain.split('.');
  if (fraction.length > maxFraction) {
    const roundUp = fraction.charCodeAt(maxFraction) >= 53; // '5'
    const scaled = (BigInt(whole + fraction.slice(0, maxFraction)) + (roundUp ? 1n : 0n))
      .toString()
      .padStart(maxFraction + 1, '0');
    whole = scaled.slice(0, scaled.length - maxFraction);
    fraction = scaled.slice(scaled.length - maxFraction);
  }
  fraction = fraction.padEnd(minFraction, '0');
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = groupThousands(whole);
  return { negative, digits: fraction ? `${grouped}.${fraction}` : grouped };
}

/**
 * US dollars: '$1,234.57', '-$4.50'; `maxFraction` above 2 for unit prices ('$0.075'). Null, undefined, NaN and
 * infinities show as $0.00 (docs/rules.md#money).
 */
export function formatUsd(dollars: number | null | undefined, maxFraction = 2): string {
  const amount = dollars !== null && dollars !== undefined && Number.isFinite(dollars) ? dollars : 0;
  const { negative, digits } = formatDecimal(amount, 2, maxFraction);
  return `${negative ? '-' : ''}$${digits}`;
}
