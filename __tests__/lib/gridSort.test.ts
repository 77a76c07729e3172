import { sortFromParam, sortToParam } from '../../src/lib/gridSort';

const FIELDS = ['model', 'effective_time'];

describe('a grid sort read from the URL', () => {
  it.each([
    [null, []],
    ['', []],
    ['model:asc', [{ field: 'model', sort: 'asc' }]],
    ['effective_time:desc', [{ field: 'effective_time', sort: 'desc' }]],
    ['actions:asc', []],
    ['model:sideways', []],
    ['model', []],
  ])('%p -> %j', (param, model) => {
    expect(sortFromParam(param, FIELDS)).toEqual(model);
  });
});

describe('a grid sort written to the URL', () => {
  it.each([
    [[], null],
    [[{ field: 'model', sort: 'asc' as const }], 'model:asc'],
    [[{ field: 'model', sort: null }], null],
    [
      [
        { field: 'model', sort: 'desc' as const },
        { field: 'tier', sort: 'asc' as const },
      ],
      'model:desc',
    ],
  ])('%j -> %p', (model, param) => {
    expect(sortToParam(model)).toBe(param);
  });
});
