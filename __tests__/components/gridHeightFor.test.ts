import { FIRST_PAGE_SIZE, gridHeightFor } from '../../src/components/grid/pagedGrid';

// Heights measured on the routing page's grids at 1350 px (Chromium, standard density): with no rows 214 (the
// overlay), with one row 200 (the grid's least height); a page of rows stops at the first page's size.
describe('gridHeightFor: the place a grid holds before it has drawn', () => {
  it.each([
    [0, 200, 214],
    [1, 200, 200],
    [3, 200, 269],
    [6, 200, 428],
    [0, 320, 320],
    [FIRST_PAGE_SIZE + 10, 200, 110 + FIRST_PAGE_SIZE * 53],
  ])('%i rows with a least height of %i: %i px', (rows, minHeight, height) => {
    expect(gridHeightFor(rows, minHeight)).toBe(height);
  });
});
