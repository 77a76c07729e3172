import { formatCount } from './numbers';

/** One page of a list paged in the browser (the coupon cards on a phone): which items, and how it reads. */
export interface ListPage {
  /** The page shown, clamped into range: a filter that shortens the list never leaves an empty page. */
  page: number;
  pageCount: number;
  /** Slice bounds: items[start, end). */
  start: number;
  end: number;
  /** 'first–last of total', as the grid's footer reads, with thousands separators: '1–25 of 10,000'. */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function listPage(total: number, requestedPage: number, pageSize: number): ListPage {
  const count = Math.max(0, Math.floor(total));
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(count / size));
  const page = Math.min(Math.max(0, Math.floor(requestedPage) || 0), pageCount - 1);
  const start = Math.min(page * size, count);
  const end = Math.min(start + size, count);
  const first = count === 0 ? 0 : start + 1;
  return {
    page,
    pageCount,
    start,
    end,
    label: `${formatCount(first)}–${formatCount(end)} of ${formatCount(count)}`,
    hasPrevious: page > 0,
    hasNext: page < pageCount - 1,
  };
}
