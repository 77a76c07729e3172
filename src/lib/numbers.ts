const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count with thousands separators (requests, tokens, keys): 1,767. */
export function formatCount(value: number): string {
  return counts.format(Number.isFinite(value) ? value : 0);
}
