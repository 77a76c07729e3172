import { DASHBOARD_ACTIVITY_ITEMS } from '../../contract/firstQueries';
import { capReachedText, changeTone, DASHBOARD_TOP_MODELS, greetingName } from '../../src/lib/dashboard';

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

describe("a member at the owner's monthly cap is told so, with the cap, their spend and the reset (UTC)", () => {
  const cap = (spent: number, capCents = 15_000) => ({
    monthly_cap_cents: capCents,
    month_spend_cents: spent,
    resets_at: '2026-12-01T00:00:00.000Z',
  });
  it.each([
    ['no cap', null, null],
    ['a cent under the cap', cap(14_999), null],
    [
      'at the cap',
      cap(15_000),
      'Your keys have spent $150.00 of the $150.00 monthly cap the team owner set for you, so the gateway refuses ' +
        'their calls until the cap resets on Dec 1, 2026, 00:00 UTC. Ask the team owner if you need more this month.',
    ],
    ['over it by the last call', cap(15_004), expect.stringContaining('spent $150.04 of the $150.00 monthly cap')],
    ['a cap of $0', cap(0, 0), expect.stringContaining('spent $0.00 of the $0.00 monthly cap')],
  ])('%s', (_case, input, expected) => {
    expect(capReachedText(input)).toEqual(expected);
  });
});
