import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { REQUEST_LOG_PATH } from '../../contract/apiPaths';

// Below the 768 px breakpoint the log is a list of cards, a server page of 25 at a time, and never a grid.

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  setViewportWidth(375);
});
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

const lastQuery = () =>
  fakeDb
    .requestsTo('GET', REQUEST_LOG_PATH)
    .filter((request) => request.path === REQUEST_LOG_PATH)
    .at(-1)?.query;
const cards = () => within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem');

describe('/usage-reports/requests on a phone', () => {
  it('shows the requests as cards, pages them with the server, and opens the drawer', async () => {
    const { user } = renderRoute('/usage-reports/requests', { userOptions: { delay: null } });
    await screen.findByRole('list', { name: 'Requests' }, { timeout: 10_000 });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ limit: '25' });
    expect(cards()).toHaveLength(25);

    const newest = cards()[0];
    expect(within(newest).getByText('Nov 15, 2026, 11:57:00 AM')).toBeInTheDocument();
    expect(within(newest).getByText('Production')).toBeInTheDocument();
    expect(within(newest).getByText('100 in · 20 out · 64 cached')).toBeInTheDocument();
    expect(within(newest).getByText('$0.01')).toBeInTheDocument();
    expect(within(newest).getByText('Success')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Page 1');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('cursor'));
    await waitFor(() => expect(cards()).toHaveLength(14));
    expect(screen.getByRole('status')).toHaveTextContent('Page 2');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(within(cards()[0]).getByRole('button', { name: 'View details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('req-026')).toBeInTheDocument();
  });
});
