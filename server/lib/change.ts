/** Dashboard change strings always carry a sign: '+3', '-1', '+12.5%'. */
export function absoluteChange(current: number, previous: number): string {
  const diff = current - previous;
  return diff < 0 ? `${diff}` : `+${diff}`;
}

export function percentChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '+0%' : '+100%';
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  return pct < 0 ? `${pct}%` : `+${pct}%`;
}
