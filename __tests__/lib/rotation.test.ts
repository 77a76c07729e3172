import { GRACE_CHOICES, graceSeconds } from '../../src/features/apiKeys/rotation';

describe('rotation grace period', () => {
  it('offers Immediately, 1 hour, 24 hours, 7 days and a custom number of hours', () => {
    expect(GRACE_CHOICES.map((choice) => choice.label)).toEqual([
      'Immediately',
      '1 hour',
      '24 hours',
      '7 days',
      'Custom',
    ]);
  });

  it.each([
    ['now', '', 0],
    ['1h', '', 3600],
    ['24h', '', 86_400],
    ['7d', '', 604_800],
    ['custom', '0', 0],
    ['custom', '1.5', 5400],
    ['custom', '168', 604_800],
  ] as const)('%s (custom %s) is %i seconds', (choice, hours, seconds) => {
    expect(graceSeconds(choice, hours)).toEqual({ seconds });
  });

  it.each(['', '-1', '168.01', 'abc'])('refuses a custom grace of %p hours', (hours) => {
    expect(graceSeconds('custom', hours)).toEqual({ error: 'Enter a number of hours from 0 to 168 (7 days)' });
  });
});
