import { formatCount } from '../../src/lib/numbers';

describe('formatCount: whole counts with thousands separators', () => {
  it.each([
    [0, '0'],
    [84, '84'],
    [1767, '1,767'],
    [65386962, '65,386,962'],
    [1837.6, '1,838'],
    [Number.NaN, '0'],
  ])('%p -> %s', (value, text) => expect(formatCount(value)).toBe(text));
});
