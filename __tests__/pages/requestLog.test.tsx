import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { choose, rowOf } from '../admin/adminGrid';
import { REQUEST_LOG_CSV_PATH, REQUEST_LOG_PATH } from '../../contract/apiPaths';
import { NO_REQUESTS } from '../../src/features/requestLog/requestLog';
import {
  HOUR,
  grid,
  lastQuery,
  pageRequests,
  renderLog,
  search,
  shownRows,
  sinceOneBack,
  withLogClock,
} from './requestLogHelpers';

// The request log's list and filters (docs/governance.md#request-log); paging, refresh and the details drawer are in
// requestLogBrowse.test.tsx. The seed: requestLogHelpers.ts.
withLogClock();

describe('/usage-reports/requests', () => {
  it('lists the last 24 hours newest first, one row per request with its columns', async () => {
    await renderLog();
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    const query = lastQuery()!;
    expect(query).toEqual({ from: expect.any(String), sort: 'created_at', order: 'desc', limit: '25' });
    expect(sinceOneBack(query.from, 24 * HOUR)).toBeGreaterThanOrEqual(0);
    expect(sinceOneBack(query.from, 24 * HOUR)).toBeLessThan(60_000);
    // 39 requests in the day: the first page's 25 (every list's first page size), a next page behind them.
    await waitFor(() => expect(shownRows()).toBe(25));
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();

    const newest = rowOf('11:57:00 AM');
    expect(within(newest).getByText('Production')).toBeInTheDocument();
    expect(within(newest).getByText('sk-prod1a2b****')).toBeInTheDocument();
    expect(within(newest).getByText('Alice Anderson')).toBeInTheDocument();
    expect(within(newest).getByText('anthropic/claude-sonnet-4')).toBeInTheDocument();
    expect(within(newest).getByText('Success')).toBeInTheDocument();
    expect(within(newest).getByText('120')).toBeInTheDocument();
    expect(within(newest).getByText('100 / 20 / 64')).toBeInTheDocument();
    expect(within(newest).getByText('$0.01')).toBeInTheDocument();
    expect(within(newest).getByText('200 ms')).toBeInTheDocument();
    expect(within(newest).getByText('TTFT 80 ms')).toBeInTheDocument();

    // req-004: a failure; req-004 is the 4th newest (3 + 3 × 37 minutes ago).
    const failed = rowOf('10:06:00 AM');
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(within(failed).getByText('The provider did not answer in time')).toBeInTheDocument();
    expect(within(failed).getByText('echo/echo-1')).toBeInTheDocument();
    expect(within(failed).getByText('Route echo/flaky')).toBeInTheDocument();
  });

  it('narrows the rows by status on the server, then by key, keeping both', async () => {
    const { user, router } = await renderLog();
    await choose(user, 'Status', 'Error');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'error' }));
    await waitFor(() => expect(shownRows()).toBe(6));
    expect(within(grid()).queryByText('Success')).not.toBeInTheDocument();

    await choose(user, 'API key', 'Staging (sk-stag3c4d****)');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'error', api_key_id: 'key-staging' }));
    expect(search(router)).toEqual({ status: 'error', api_key_id: 'key-staging' });
  });

  it('narrows by member, and All takes the status filter off', async () => {
    const { user, router } = await renderLog('/usage-reports/requests?status=error&api_key_id=key-staging');
    await choose(user, 'Status', 'All');
    await choose(user, 'Member', 'Bob Brown');
    await waitFor(() => expect(lastQuery()).toMatchObject({ api_key_id: 'key-staging', user_id: 'user-bob' }));
    expect(lastQuery()).not.toHaveProperty('status');
    expect(search(router)).toEqual({ api_key_id: 'key-staging', user_id: 'user-bob' });
  });

  it('narrows by model and by a cost in dollars, sent in cents', async () => {
    const { user } = await renderLog('/usage-reports/requests?api_key_id=key-staging&user_id=user-bob');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'gpt-4o{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ model: 'gpt-4o' }));

    await user.type(screen.getByRole('textbox', { name: 'Cost above ($)' }), '1.5{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ min_cost_cents: '150' }));
    await waitFor(() => expect(within(grid()).getAllByText('openai/gpt-4o').length).toBe(shownRows()));
  });

  it('keeps every filter in the URL when the range changes', async () => {
    const { user, router } = await renderLog(
      '/usage-reports/requests?api_key_id=key-staging&user_id=user-bob&model=gpt-4o&min_cost_cents=150',
    );
    await choose(user, 'Time range', 'Last 7 days');
    await waitFor(() =>
      expect(search(router)).toEqual({
        api_key_id: 'key-staging',
        user_id: 'user-bob',
        model: 'gpt-4o',
        min_cost_cents: '150',
        range: '7d',
      }),
    );
    expect(sinceOneBack(lastQuery()!.from, 7 * 24 * HOUR)).toBeGreaterThanOrEqual(0);
  });

  it("finds a call by the x-request-id its caller got, whenever it was made (outside the range's 24 hours)", async () => {
    const { user, router } = await renderLog();
    await user.type(
      screen.getByRole('textbox', { name: 'Request ID' }),
      ' 5f0c2a9e-0000-4000-8000-000000000050 {Enter}',
    );
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        request_id: '5f0c2a9e-0000-4000-8000-000000000050',
        sort: 'created_at',
        order: 'desc',
        limit: '25',
      }),
    );
    await waitFor(() => expect(shownRows()).toBe(1));
    expect(search(router)).toEqual({ request_id: '5f0c2a9e-0000-4000-8000-000000000050' });
    expect(screen.getByText('Searched at any time, whatever the range')).toBeInTheDocument();
  });

  it('says a cost that is not an amount is not one, and sends nothing for it', async () => {
    const { user } = await renderLog();
    const requests = pageRequests().length;
    const cost = screen.getByRole('textbox', { name: 'Cost above ($)' });
    await user.type(cost, '1.005{Enter}');
    expect(screen.getByText('Enter an amount in dollars, like 0.50')).toBeInTheDocument();
    expect(pageRequests()).toHaveLength(requests);
    // No fixed wait: the next request is the amount typed after it (the pause itself: __tests__/components/typedFilter).
    await user.clear(cost);
    await user.type(cost, '0.50{Enter}');
    await waitFor(() => expect(pageRequests()).toHaveLength(requests + 1));
    expect(lastQuery()).toMatchObject({ min_cost_cents: '50' });
  });

  it('opens the filters of a shared link, with a custom range', async () => {
    await renderLog(
      '/usage-reports/requests?range=custom&from=2026-11-15T10:00:00.000Z&to=2026-11-15T11:00:00.000Z&status=success',
    );
    expect(lastQuery()).toMatchObject({
      from: '2026-11-15T10:00:00.000Z',
      to: '2026-11-15T11:00:00.000Z',
      status: 'success',
    });
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveDisplayValue('Custom range');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-15T10:00');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-15T11:00');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Success');
  });

  it('asks the server to sort when a column header is clicked, and starts again at the first page', async () => {
    // One key's requests: the sort is what is under test, not how many rows the grid draws.
    const { user, router } = await renderLog('/usage-reports/requests?api_key_id=key-staging');
    await user.click(within(grid()).getByRole('columnheader', { name: 'Cost' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'cost_cents', order: 'desc' }));
    expect(search(router)).toEqual({ api_key_id: 'key-staging', sort: 'cost_cents' });
    const costs = fakeDb.state.requests
      .filter((request) => Date.parse(request.created_at) > FAKE_NOW.getTime() - 24 * HOUR)
      .filter((request) => request.api_key_id === 'key-staging')
      .map((request) => request.cost_cents);
    const top = `$${(Math.max(...costs) / 100).toFixed(2)}`;
    await waitFor(() => expect(within(grid()).getAllByRole('row')[1]).toHaveTextContent(top));

    await user.click(within(grid()).getByRole('columnheader', { name: 'Cost' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'cost_cents', order: 'asc' }));
    expect(search(router)).toEqual({ api_key_id: 'key-staging', sort: 'cost_cents', order: 'asc' });
    // Member is not a sort field of the log: its header sorts nothing.
    const requests = pageRequests().length;
    await user.click(within(grid()).getByRole('columnheader', { name: 'Member' }));
    expect(search(router)).toEqual({ api_key_id: 'key-staging', sort: 'cost_cents', order: 'asc' });
    expect(pageRequests()).toHaveLength(requests);
  });

  it('says so when no request matches', async () => {
    await renderLog('/usage-reports/requests?model=no-such-model');
    expect(await within(grid()).findByText(NO_REQUESTS)).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    fakeDb.failNext('GET', REQUEST_LOG_PATH, { exact: true });
    const { user } = renderRoute('/usage-reports/requests', { userOptions: { delay: null } });
    expect(
      await screen.findByText('Failed to load requests: Internal server error', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('grid', { name: 'Requests' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('11:57:00 AM')).toBeInTheDocument();
  });

  it('links the CSV export with the filters of the view', async () => {
    await renderLog('/usage-reports/requests?status=error&api_key_id=key-staging');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    const url = new URL(link.getAttribute('href')!);
    expect(url.pathname).toBe(REQUEST_LOG_CSV_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: lastQuery()!.from,
      api_key_id: 'key-staging',
      status: 'error',
    });
    // The fake answers it as the server does: the header row, then one line per filtered request.
    const csv = await (await fetch(url)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,key_name,key_prefix,user_email,/);
    expect(lines.slice(1).every((line) => line.includes(',Staging,'))).toBe(true);
  });

  it('links back to Usage Reports, and Usage Reports links here', async () => {
    const { user } = await renderLog();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Usage Reports' }));
    await screen.findByRole('heading', { level: 1, name: 'Usage Reports' });
    await user.click(await screen.findByRole('link', { name: 'View every request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
  });
});
