import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { choose } from '../admin/adminGrid';
import { grid, lastQuery, renderLog, shownRows, withLogClock } from './requestLogHelpers';

// The request log's paging and its Refresh (docs/governance.md#request-log); the drawer is in
// requestLogDrawer.test.tsx, the list and its filters in requestLog.test.tsx. The seed: requestLogHelpers.ts.
withLogClock();

describe('/usage-reports/requests, browsing', () => {
  it('pages forward with the cursor of the page before, and back', async () => {
    // 60 requests in the week, 25 to a page (every list's first page size): 25, 25, 10.
    const { user } = await renderLog('/usage-reports/requests?range=7d');
    await waitFor(() => expect(shownRows()).toBe(25));
    const first = lastQuery()!;
    expect(first).not.toHaveProperty('cursor');
    expect(first).toMatchObject({ limit: '25' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('cursor'));
    const second = lastQuery()!;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled());
    expect(shownRows()).toBe(25);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shownRows()).toBe(10));
    expect(lastQuery()!.cursor).not.toBe(second.cursor);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeEnabled());
    expect(shownRows()).toBe(25);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('cursor'));
    expect(shownRows()).toBe(25);
  });

  it('starts again at the first page when a filter changes', async () => {
    const { user } = await renderLog('/usage-reports/requests?range=7d');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('cursor'));
    await choose(user, 'Status', 'Success');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'success' }));
    expect(lastQuery()).not.toHaveProperty('cursor');
  });

  it('shows a request made since the page opened once Refresh is pressed', async () => {
    const { user } = await renderLog();
    const seeded = fakeDb.state.requests[0];
    const made = new Date(Date.now() + 1000).toISOString();
    fakeDb.state.requests.push({
      ...seeded,
      id: 'req-new',
      created_at: made,
      model: 'gpt-4o-mini',
      provider: 'openai',
    });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(grid()).findByText('openai/gpt-4o-mini')).toBeInTheDocument();
    expect(within(grid()).getAllByRole('row')[1]).toHaveTextContent('openai/gpt-4o-mini');
  });
});
