import { formatDecimal } from '../../contract/decimal';

/** A whole count with thousands separators (requests, tokens, keys): 1,767. */
export function formatCount(value: number): string {
  const { negative, digits } = formatDecimal(Number.isFinite(value) ? value : 0, 0, 0);
  return negative ? `-${digits}` : digits;
}
