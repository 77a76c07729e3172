// What the request log's tests share (requestLog.test.tsx, requestLogBrowse.test.tsx, requestLogDrawer.test.tsx):
// the log over the fake backend's 60 seeded requests, one every 37 minutes back from now: 39 of them in the default
// 24 hours, all 60 in 7 days (docs/governance.md#request-log). Three files, as one ran past jest's per-file budget on
// a busy machine (docs/testing.md, "Test times").
import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { REQUEST_LOG_PATH } from '../../contract/apiPaths';
import { NO_REQUESTS } from '../../src/features/requestLog/requestLog';

/** The page's clock: fake timers at FAKE_NOW that still advance, for every test of a file that calls this. */
export function withLogClock() {
  beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
  afterEach(() => jest.useRealTimers());
}

/** Renders the log at `path` and waits for its first page; `hidden` when a drawer (modal) opens with it. */
export async function renderLog(path = '/usage-reports/requests', { hidden = false } = {}) {
  const rendered = renderRoute(path, { userOptions: { delay: null } });
  const shown = await screen.findByRole('grid', { name: 'Requests', hidden }, { timeout: 10_000 });
  await waitFor(() => expect(shown).not.toHaveAttribute('aria-busy', 'true'));
  await waitFor(() => expect(pageRequests().length).toBeGreaterThan(0));
  await waitFor(() => expect(within(shown).queryByRole('progressbar', { hidden: true })).not.toBeInTheDocument());
  await waitFor(() =>
    expect(
      within(shown).getAllByRole('row', { hidden }).length > 1 || within(shown).queryByText(NO_REQUESTS) !== null,
    ).toBe(true),
  );
  return rendered;
}

export const pageRequests = () =>
  fakeDb.requestsTo('GET', REQUEST_LOG_PATH).filter((request) => request.path === REQUEST_LOG_PATH);
export const lastQuery = () => pageRequests().at(-1)?.query;
export const HOUR = 3_600_000;
/** How long after FAKE_NOW - `span` the query's `from` is: the page counts back from when it was shown. */
export const sinceOneBack = (from: string, span: number) => Date.parse(from) - (FAKE_NOW.getTime() - span);
export const grid = () => screen.getByRole('grid', { name: 'Requests' });
export const shownRows = () => within(grid()).getAllByRole('row').length - 1;
export const search = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
