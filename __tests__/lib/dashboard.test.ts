import { DASHBOARD_ACTIVITY_ITEMS } from '../../contract/firstQueries';
import { changeTone, DASHBOARD_TOP_MODELS, greetingName } from '../../src/lib/dashboard';

describe("change strings: '+' is good and '-' bad, reversed where lower is better (response time)", () => {
  it.each([
    ['+1', false, 'good'],
    ['+12.5%', false, 'good'],
    ['-3', false, 'bad'],
    ['-8.3%', false, 'bad'],
    ['-8.3%', true, 'good'],
    ['+4%', true, 'bad'],
    [' +2 ', false, 'good'],
    ['0', false, 'neutral'],
    ['+0%', false, 'neutral'],
    ['-0.0%', true, 'neutral'],
    ['', false, 'neutral'],
    [null, false, 'neutral'],
    [undefined, true, 'neutral'],
    ['n/a', false, 'neutral'],
  ] as const)('%p (lower is better: %p) -> %s', (change, lowerIsBetter, tone) => {
    expect(changeTone(change, lowerIsBetter)).toBe(tone);
  });
});

describe('greeting: first name, else login', () => {
  it.each([
    [{ name: 'Alice Anderson', login: 'alice' }, 'Alice'],
    [{ name: '  Bob   Brown ', login: 'bob' }, 'Bob'],
    [{ name: 'Cher', login: 'cher' }, 'Cher'],
    [{ name: null, login: 'carol' }, 'carol'],
    [{ name: '   ', login: 'dave' }, 'dave'],
    [null, ''],
    [undefined, ''],
  ])('%p -> %p', (user, expected) => {
    expect(greetingName(user)).toBe(expected);
  });
});

it('dashboard list sizes: 3 top models, 5 activity items', () => {
  expect(DASHBOARD_TOP_MODELS).toBe(3);
  expect(DASHBOARD_ACTIVITY_ITEMS).toBe(5);
});
