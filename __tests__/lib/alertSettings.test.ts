import {
  alertSettingsBody,
  alertSettingsForm,
  alertSummary,
  answerText,
  eventLabel,
  triesText,
} from '../../src/features/alerts/alertSettings';
import { bellLabel } from '../../src/lib/notifications';
import { DEFAULT_ALERT_SETTINGS } from '../../contract/schemas/alerts';

const form = alertSettingsForm(DEFAULT_ALERT_SETTINGS);

describe('the Alerts form: what is shown, and what is sent', () => {
  it('shows the settings as a person types them', () => {
    expect(alertSettingsForm({ ...DEFAULT_ALERT_SETTINGS, balance_below_cents: 2_550, runway_days: 7 })).toEqual({
      thresholds: '50, 80, 100',
      balanceBelow: '25.50',
      runwayDays: '7',
      keyLimit: true,
      memberCap: true,
      recipients: '',
    });
  });

  it.each`
    field             | text                                                     | sent
    ${'thresholds'}   | ${'100, 50,80'}                                          | ${{ budget_thresholds: [50, 80, 100] }}
    ${'thresholds'}   | ${'90%, 90'}                                             | ${{ budget_thresholds: [90] }}
    ${'thresholds'}   | ${''}                                                    | ${{ budget_thresholds: [] }}
    ${'balanceBelow'} | ${'$25.5'}                                               | ${{ balance_below_cents: 2_550 }}
    ${'balanceBelow'} | ${''}                                                    | ${{ balance_below_cents: null }}
    ${'runwayDays'}   | ${' 14 '}                                                | ${{ runway_days: 14 }}
    ${'recipients'}   | ${'Finance@Acme.test\nops@acme.test, finance@acme.test'} | ${{ extra_recipients: ['finance@acme.test', 'ops@acme.test'] }}
  `('$field "$text" is sent as $sent', ({ field, text, sent }) => {
    const { body } = alertSettingsBody({ ...form, [field]: text });
    expect(body).toMatchObject(sent);
  });

  it.each`
    field             | text                         | message
    ${'thresholds'}   | ${'0, 50'}                   | ${'Budget alerts must be whole percentages from 1 to 1000, at most 10.'}
    ${'thresholds'}   | ${'50.5'}                    | ${'Budget alerts must be whole percentages from 1 to 1000, at most 10.'}
    ${'thresholds'}   | ${'1,2,3,4,5,6,7,8,9,10,11'} | ${'Budget alerts must be whole percentages from 1 to 1000, at most 10.'}
    ${'balanceBelow'} | ${'0'}                       | ${'The balance alert must be an amount above $0.00, or off.'}
    ${'balanceBelow'} | ${'ten'}                     | ${'The balance alert must be an amount above $0.00, or off.'}
    ${'balanceBelow'} | ${'1.005'}                   | ${'The balance alert must be an amount above $0.00, or off.'}
    ${'runwayDays'}   | ${'366'}                     | ${'The runway alert must be a whole number of days from 1 to 365, or off.'}
    ${'runwayDays'}   | ${'2.5'}                     | ${'The runway alert must be a whole number of days from 1 to 365, or off.'}
    ${'recipients'}   | ${'ops@'}                    | ${'Add at most 20 email addresses, each like name@example.com.'}
  `('$field "$text" is refused: $message', ({ field, text, message }) => {
    expect(alertSettingsBody({ ...form, [field]: text })).toEqual({ body: null, errors: { [field]: message } });
  });

  it('sums up what is on', () => {
    expect(
      alertSummary({
        ...DEFAULT_ALERT_SETTINGS,
        balance_below_cents: 10_000,
        runway_days: 14,
        member_cap: false,
        owner_recipients: [],
      }),
    ).toEqual([
      "Budget: at 50%, 80%, 100% of the month's budget",
      'Credit balance below $100.00',
      "Credits lasting fewer than 14 days at the last 7 days' rate",
      'An API key at its spending limit',
    ]);
  });
});

describe('deliveries and the bell', () => {
  it.each`
    statusCode | error                     | text
    ${204}     | ${null}                   | ${'HTTP 204'}
    ${500}     | ${'answered 500'}         | ${'HTTP 500'}
    ${null}    | ${'no answer within 5 s'} | ${'no answer within 5 s'}
    ${null}    | ${null}                   | ${'No answer'}
  `('a try answered $statusCode / $error reads "$text"', ({ statusCode, error, text }) => {
    expect(answerText(statusCode, error)).toBe(text);
  });

  it('counts tries and names events', () => {
    expect([triesText({ attempts: 1 }), triesText({ attempts: 6 })]).toEqual(['1 try', '6 tries']);
    expect([eventLabel('alert.budget'), eventLabel('alert.test'), eventLabel('other')]).toEqual([
      'Budget alert',
      'Test',
      'other',
    ]);
  });

  it.each`
    unread | label
    ${0}   | ${'Notifications'}
    ${1}   | ${'Notifications, 1 unread'}
    ${100} | ${'Notifications, 99+ unread'}
  `('the bell with $unread unread is named "$label"', ({ unread, label }) => {
    expect(bellLabel(unread)).toBe(label);
  });
});
