/** Dashboard change strings always carry a sign: '+3', '-1', '+12.5%'. */
export function absoluteChange(current: number, previous: number): string {
  const diff = current - previous;
  return diff < 0 ? `${diff}` : `+${diff}`;
}

/**
 * '+12.5%' against a previous value; from nothing, a percentage means nothing ('+100%' from 0 to 12 was read as a
 * doubling), so the change is the difference itself, with its unit: '+12', '+850 ms'.
 */
export function percentChange(current: number, previous: number, unit = ''): string {
  if (previous === 0) return current === 0 ? '+0%' : `${absoluteChange(current, previous)}${unit}`;
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  return pct < 0 ? `${pct}%` : `+${pct}%`;
}
