import { listPage } from '../../src/lib/listPage';

describe('listPage', () => {
  it.each([
    // total, requested page, size -> page, pageCount, start, end, label, previous, next
    [0, 0, 25, 0, 1, 0, 0, '0–0 of 0', false, false],
    [5, 0, 25, 0, 1, 0, 5, '1–5 of 5', false, false],
    [25, 0, 25, 0, 1, 0, 25, '1–25 of 25', false, false],
    [26, 1, 25, 1, 2, 25, 26, '26–26 of 26', true, false],
    [10_000, 0, 25, 0, 400, 0, 25, '1–25 of 10,000', false, true],
    [10_000, 399, 25, 399, 400, 9975, 10_000, '9,976–10,000 of 10,000', true, false],
    // A filter shortened the list under the page shown: the last page that exists.
    [30, 7, 25, 1, 2, 25, 30, '26–30 of 30', true, false],
    [0, 3, 25, 0, 1, 0, 0, '0–0 of 0', false, false],
    // Nonsense pages and sizes do not throw or slice backwards.
    [30, -2, 25, 0, 2, 0, 25, '1–25 of 30', false, true],
    [30, Number.NaN, 25, 0, 2, 0, 25, '1–25 of 30', false, true],
    [3, 1, 0, 1, 3, 1, 2, '2–2 of 3', true, true],
  ])('%d items, page %d of size %d', (total, requested, size, page, pageCount, start, end, label, previous, next) => {
    expect(listPage(total, requested, size)).toEqual({
      page,
      pageCount,
      start,
      end,
      label,
      hasPrevious: previous,
      hasNext: next,
    });
  });
});
