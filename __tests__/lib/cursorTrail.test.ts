import { startTrail, trailCursor, turnTo, type CursorTrail } from '../../src/lib/cursorTrail';

const trail = (page: number, cursors: string[]): CursorTrail => ({ key: 'view', page, cursors });

describe('keyset paging: page n is asked for with the cursor page n-1 answered', () => {
  it('starts at the first page, with no cursor', () => {
    expect(startTrail('view')).toEqual(trail(0, []));
    expect(trailCursor(startTrail('view'))).toBeUndefined();
  });

  it.each<[string, CursorTrail, number, string | null, CursorTrail]>([
    ['next page with the answer’s cursor', trail(0, []), 1, 'c1', trail(1, ['c1'])],
    ['next again', trail(1, ['c1']), 2, 'c2', trail(2, ['c1', 'c2'])],
    ['no next on the last page', trail(2, ['c1', 'c2']), 3, null, trail(2, ['c1', 'c2'])],
    ['back keeps the cursors', trail(2, ['c1', 'c2']), 1, 'ignored', trail(1, ['c1', 'c2'])],
    ['back to the first page', trail(2, ['c1', 'c2']), 0, null, trail(0, ['c1', 'c2'])],
    ['forward after back takes the fresh cursor', trail(0, ['c1', 'c2']), 1, 'c1b', trail(1, ['c1b'])],
    ['no jumping ahead', trail(0, ['c1', 'c2']), 2, 'c1', trail(0, ['c1', 'c2'])],
    ['no negative page', trail(0, []), -1, 'c1', trail(0, [])],
  ])('%s', (_name, before, page, nextCursor, after) => {
    expect(turnTo(before, page, nextCursor)).toEqual(after);
  });

  it.each<[CursorTrail, string | undefined]>([
    [trail(0, ['c1']), undefined],
    [trail(1, ['c1', 'c2']), 'c1'],
    [trail(2, ['c1', 'c2']), 'c2'],
  ])('%p asks with %p', (state, cursor) => {
    expect(trailCursor(state)).toBe(cursor);
  });
});
