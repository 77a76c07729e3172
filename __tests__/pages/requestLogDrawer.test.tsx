import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { rowOf } from '../admin/adminGrid';
import { REQUEST_LOG_PATH } from '../../contract/apiPaths';
import { grid, renderLog, search, withLogClock } from './requestLogHelpers';

// The request details drawer (docs/governance.md#request-log); the log's paging and Refresh are in
// requestLogBrowse.test.tsx, its list and filters in requestLog.test.tsx. The seed: requestLogHelpers.ts.
withLogClock();

describe('the request details drawer', () => {
  it('survives a reload: an entry not on the page is fetched by its id', async () => {
    await renderLog('/usage-reports/requests?request=req-060', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(await within(drawer).findByText('req-060')).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', `${REQUEST_LOG_PATH}/req-060`)).toBeDefined();
  });

  it('says when the entry is not in the log', async () => {
    await renderLog('/usage-reports/requests?request=req-999', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(
      await within(drawer).findByText('This request is not in the log: it may be older than the retention period.'),
    ).toBeInTheDocument();
  });
  it('a request answered from the cache shows Cached by its status, and the drawer names the answer and the saving', async () => {
    const { user } = await renderLog('/usage-reports/requests?request=req-002', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('Cached')).toBeInTheDocument();
    expect(within(drawer).getByText('Answered from')).toBeInTheDocument();
    expect(within(drawer).getByText('5f0c2a9e-0000-4000-8000-000000000003')).toBeInTheDocument();
    expect(within(drawer).getByText('Saved by the cache')).toBeInTheDocument();
    expect(within(drawer).getByText('$0.42')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request details' })).not.toBeInTheDocument());
    // In the grid, only its row is marked.
    expect(within(grid()).getAllByText('Cached')).toHaveLength(1);
  });

  it('opens on a row with every field, keeps its id in the URL, and Escape gives focus back', async () => {
    const { user, router } = await renderLog();
    const cell = within(rowOf('10:06:00 AM')).getByText('Staging');
    await user.click(cell);
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(search(router)).toEqual({ request: 'req-004' });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    for (const text of [
      'req-004',
      'Staging · sk-stag3c4d****',
      'key-staging',
      'Bob Brown · bob@example.com',
      'echo/echo-1',
      'echo/flaky',
      '7d0c1f3e-5b2a-4c8e-9f61-0a2b3c4d5e6f',
      'upstream_timeout',
      'The provider did not answer in time',
      '$0.00',
      // The door as people read it (its name in the log is `messages`).
      'Messages (Anthropic)',
    ]) {
      expect(within(drawer).getByText(text)).toBeInTheDocument();
    }
    // The id its caller got in x-request-id, and the log's own number for the row.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    expect(within(drawer).getByText('5f0c2a9e-0000-4000-8000-000000000004')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Copy request id' }));
    expect(writeText).toHaveBeenCalledWith('5f0c2a9e-0000-4000-8000-000000000004');
    expect(await screen.findByText('Request ID copied to clipboard')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Copy log entry' }));
    expect(writeText).toHaveBeenCalledWith('req-004');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request details' })).not.toBeInTheDocument());
    expect(search(router)).toEqual({});
    expect(rowOf('10:06:00 AM')).toContainElement(document.activeElement as HTMLElement);
  });

  it('opens with Enter on a focused row', async () => {
    const { user } = await renderLog();
    within(rowOf('11:57:00 AM')).getByText('Production').closest<HTMLElement>('[role="gridcell"]')!.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('req-001')).toBeInTheDocument();
  });
});
