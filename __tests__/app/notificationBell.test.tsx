import { act, screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { axeViolations } from '../support/axe';
import { NOTIFICATIONS_PATH, NOTIFICATIONS_READ_PATH } from '../../contract/apiPaths';
import { BELL_POLL_MS } from '../../src/components/layout/NotificationBell';

// The bell in the top bar (docs/alerts.md#in-the-app): the unread count, the newest notifications, marking read.

beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

const render = () =>
  renderRoute('/dashboard', { userOptions: { advanceTimers: jest.advanceTimersByTime, delay: null } });

describe('the notification bell', () => {
  it('says how many are unread, lists them newest first, and marks them all read', async () => {
    const { user } = render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0].textContent)).toEqual([
      'Acme AI has used 50% of its monthly budget',
      'API key "Staging" reached its spending limit',
    ]);
    expect(within(items[0]).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(items[0]).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(items[1]).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(await axeViolations(list)).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Mark all as read' }));
    // The list is open (a modal popover): the bell behind it is hidden from the accessibility tree meanwhile.
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', NOTIFICATIONS_READ_PATH)?.body).toEqual({});
    expect(within(list).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('following one goes to where it is dealt with, and marks only it read', async () => {
    const { user, router } = render();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(list).getByRole('link', { name: /Acme AI has used 50%/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    await waitFor(() =>
      expect(fakeDb.lastRequest('POST', NOTIFICATIONS_READ_PATH)?.body).toEqual({ ids: ['notification-1'] }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('asks again every minute: an alert that fired meanwhile shows in the count', async () => {
    render();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const asked = fakeDb.requestsTo('GET', NOTIFICATIONS_PATH).length;
    fakeDb.state.notifications.push({
      id: 'notification-3',
      user_id: 'user-alice',
      kind: 'balance',
      title: "Acme AI's credit balance is below $100.00",
      message: 'The credit balance is $99.00.',
      created_at: FAKE_NOW.toISOString(),
      read: false,
    });
    await act(() => jest.advanceTimersByTimeAsync(BELL_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', NOTIFICATIONS_PATH).length).toBe(asked + 1);
  });

  it('fits the phone top bar, and a member without notifications is told there are none', async () => {
    setViewportWidth(375);
    fakeDb.signInAs('bob');
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(list).getByText('No notifications yet. Alerts about budgets, credits, keys and caps appear here.'),
    ).toBeInTheDocument();
    expect(await axeViolations(list)).toEqual([]);
  });
});
