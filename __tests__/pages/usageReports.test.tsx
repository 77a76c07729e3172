import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { http } from 'msw';
import { API_ORIGIN } from '../support/handlers';
import { renderRoute, setViewportWidth } from '../support/render';
import { pinClockToFakeNow } from '../support/clock';
import { server } from '../support/server';

const USAGE_PATH = '/v1/teams/usage-stats';

// Only Date is faked: "today" is the fake backend's today, so the default range covers the seed's 30 days.
beforeEach(pinClockToFakeNow);
afterEach(() => jest.useRealTimers());

// The first render also loads the lazy page chunk and the charts; on a busy machine that takes a while.
const FIRST_RENDER = { timeout: 5000 };

async function openReport() {
  const rendered = renderRoute('/usage-reports');
  await screen.findByRole('region', { name: 'Total Cost' }, FIRST_RENDER);
  // The sections under the figures come in turns after the page has painted, the trend last; its chart is drawn
  // once its card has painted, from a chunk of its own.
  await screen.findByRole('region', { name: 'Daily Usage Trend' }, FIRST_RENDER);
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading the chart' })).not.toBeInTheDocument());
  return rendered;
}

const card = (name: string) => screen.getByRole('region', { name });
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const xTickLabels = () =>
  Array.from(document.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).map(
    (label) => label.textContent,
  );

function addMember(index: number, cents: number) {
  const id = `user-extra-${index}`;
  fakeDb.state.users.push({
    id,
    login: `extra${index}`,
    name: null,
    email: `extra${index}@example.com`,
    is_admin: false,
  });
  fakeDb.state.usage.push({
    team_id: 'team-acme',
    date: '2026-11-10',
    user_id: id,
    model: 'gpt-4o',
    provider: 'openai',
    request_count: index,
    total_tokens: 100,
    cost_cents: cents,
  });
}

describe('/usage-reports', () => {
  it("asks for the last 30 days up to today and shows the seed's cards, budget and top models", async () => {
    await openReport();
    expect(screen.getByRole('heading', { level: 1, name: 'Usage Reports' })).toBeInTheDocument();
    expect(screen.getByText('Team usage analytics and insights')).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-10-16');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-11-15');
    expect(fakeDb.lastRequest('GET', USAGE_PATH)?.query).toEqual({ start_date: '2026-10-16', end_date: '2026-11-15' });
    expect(within(card('Total Cost')).getByText('$620.50')).toBeInTheDocument();
    expect(within(card('Total Requests')).getByText('7,350')).toBeInTheDocument();
    expect(within(card('Active Members')).getByText('2')).toBeInTheDocument();
    expect(within(card('Budget Usage')).getByText('64.1%')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Budget Status' });
    expect(within(status).getByText('$320.50 / $500.00')).toBeInTheDocument();
    expect(within(status).getByRole('progressbar', { name: 'Budget used' })).toHaveClass(
      'MuiLinearProgress-colorSuccess',
    );
    expect(within(status).queryByText('Warning: Approaching budget limit')).not.toBeInTheDocument();
    expect(tableRows('Top Models by Usage')).toEqual([
      ['claude-sonnet-4', '1,200', '3,000,000', '$215.50'],
      ['gpt-4o', '900', '1,800,000', '$180.00'],
      ['gemini-2.5-pro', '750', '2,250,000', '$120.00'],
      ['claude-haiku-3.5', '1,800', '2,160,000', '$60.00'],
      ['gpt-4o-mini', '2,400', '2,400,000', '$30.00'],
    ]);
    expect(screen.queryByText('llama-3.1-70b')).not.toBeInTheDocument();
  });

  it('reloads when a date changes, ignores an empty date and refetches on Update', async () => {
    const { user } = await openReport();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(fakeDb.lastRequest('GET', USAGE_PATH)?.query).toEqual({
        start_date: '2026-11-01',
        end_date: '2026-11-15',
      }),
    );
    // Nov 1..14 at 800 + 1350 cents, Nov 15 at 600 + 1350.
    expect(await within(card('Total Cost')).findByText('$320.50')).toBeInTheDocument();

    const before = fakeDb.requestsTo('GET', USAGE_PATH).length;
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(fakeDb.requestsTo('GET', USAGE_PATH)).toHaveLength(before + 1));
    expect(fakeDb.lastRequest('GET', USAGE_PATH)?.query).toEqual({ start_date: '2026-11-01', end_date: '2026-11-15' });
  });

  it('keeps start <= end: a start after the end moves the end along', async () => {
    await openReport();
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-10' } });
    await waitFor(() =>
      expect(fakeDb.lastRequest('GET', USAGE_PATH)?.query).toEqual({
        start_date: '2026-11-10',
        end_date: '2026-11-10',
      }),
    );
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-11-10');
  });

  it.each([
    [400, 'Warning', '80', null],
    [470, 'Error', '94', 'Warning: Approaching budget limit'],
    [650, 'Error', '100', 'Budget exceeded'],
  ])('budget status at $%p used of $500: %s bar at %p%%, notice %p', async (usage, colour, width, notice) => {
    fakeDb.team().current_usage = usage;
    await openReport();
    const status = screen.getByRole('region', { name: 'Budget Status' });
    expect(within(status).getByText(`$${usage.toFixed(2)} / $500.00`)).toBeInTheDocument();
    const bar = within(status).getByRole('progressbar', { name: 'Budget used' });
    expect(bar).toHaveClass(`MuiLinearProgress-color${colour}`);
    expect(bar).toHaveAttribute('aria-valuenow', width);
    if (notice) expect(within(status).getByRole('alert')).toHaveTextContent(notice);
    else expect(within(status).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the top 5 members by cost, most expensive first', async () => {
    [900, 50, 30000, 70, 20].forEach((cents, index) => addMember(index + 1, cents));
    await openReport();
    expect(tableRows('Top Team Members by Usage')).toEqual([
      ['alice@example.com', '4,350', '$365.50'],
      ['extra3@example.com', '3', '$300.00'],
      ['bob@example.com', '3,000', '$255.00'],
      ['extra1@example.com', '1', '$9.00'],
      ['extra4@example.com', '4', '$0.70'],
    ]);
  });

  it('lets a keyboard reach the top tables, which scroll sideways when wider than their card', async () => {
    const { user } = await openReport();
    const scroller = screen.getByRole('group', { name: 'Top Models by Usage' });
    expect(within(scroller).getByRole('table', { name: 'Top Models by Usage' })).toBeInTheDocument();
    for (let presses = 0; presses < 60 && document.activeElement !== scroller; presses++) await user.tab();
    expect(scroller).toHaveFocus();
  });

  it('charts the days in ascending order whatever order the server sends, with dollar ticks from $0', async () => {
    fakeDb.state.usage.reverse();
    await openReport();
    const trend = screen.getByRole('region', { name: 'Daily Usage Trend' });
    expect(within(trend).getByText('Total: $620.50 over 30 days')).toBeInTheDocument();
    const figure = within(trend).getByRole('figure', { name: 'Daily usage line chart' });
    expect(figure).toHaveAccessibleDescription('Daily usage from 2026-10-17 to 2026-11-15, $620.50 in total');
    const labels = xTickLabels();
    expect(labels[0]).toBe('Oct 17');
    expect(labels.at(-1)).toBe('Nov 15');
    const days = labels.map((label) => Date.parse(`${label} 2026`));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    const yTicks = Array.from(figure.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')).map(
      (label) => label.textContent,
    );
    expect(yTicks[0]).toBe('$0.00');
    yTicks.forEach((tick) => expect(tick).toMatch(/^\$\d+\.\d\d$/));
  });

  it('switches between the line and the bar chart', async () => {
    const { user } = await openReport();
    expect(screen.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.MuiLineChart-line')).toBeInTheDocument();
    expect(document.querySelectorAll('.MuiBarChart-element')).toHaveLength(0);

    // The bars are a chunk of their own, loaded on the switch (DailyUsageChart.tsx): the line goes at once.
    await user.click(screen.getByRole('button', { name: 'Bar' }));
    expect(screen.getByRole('figure', { name: 'Daily usage bar chart' })).toBeInTheDocument();
    expect(document.querySelector('.MuiLineChart-line')).not.toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.MuiBarChart-element')).toHaveLength(30));

    await user.click(screen.getByRole('button', { name: 'Line' }));
    expect(screen.getByRole('figure', { name: 'Daily usage line chart' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.MuiLineChart-line')).toBeInTheDocument());
    expect(document.querySelectorAll('.MuiBarChart-element')).toHaveLength(0);
  });

  it('says so when the period has no usage and disables the export', async () => {
    fakeDb.state.usage = [];
    await openReport();
    expect(screen.getByText('No usage data available for the selected period')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
  });

  it('shows the error with Retry, and the data after retrying', async () => {
    fakeDb.failNext('GET', USAGE_PATH, { status: 500, message: 'Usage store offline' });
    const { user } = renderRoute('/usage-reports');
    expect(await screen.findByText('Usage store offline', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('region', { name: 'Total Cost' })).findByText('$620.50')).toBeVisible();
  });

  it('shows a spinner while loading', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the request, then lets it through to the fake backend (a resolver returning nothing falls through).
    server.use(http.get(`${API_ORIGIN}${USAGE_PATH}`, () => answered));
    renderRoute('/usage-reports');
    expect(await screen.findByRole('progressbar', { name: 'Loading usage reports' }, FIRST_RENDER)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('region', { name: 'Total Cost' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading usage reports' })).not.toBeInTheDocument();
  });

  describe('Export Report', () => {
    const createObjectURL = jest.fn((blob: Blob) => (blob ? 'blob:usage-report' : ''));
    const revokeObjectURL = jest.fn();
    let downloads: { href: string; download: string }[];

    beforeEach(() => {
      downloads = [];
      createObjectURL.mockClear();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('downloads the daily series, members and models of the range as one CSV', async () => {
      const { user } = await openReport();
      fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-14' } });
      await within(card('Total Cost')).findByText('$41.00');
      await user.click(screen.getByRole('button', { name: 'Export Report' }));

      expect(downloads).toEqual([{ href: 'blob:usage-report', download: 'usage-report-2026-11-14-to-2026-11-15.csv' }]);
      const blob = createObjectURL.mock.calls[0][0];
      expect(blob.type).toBe('text/csv;charset=utf-8');
      expect((await blob.text()).split('\r\n')).toEqual([
        'Date,Cost (USD)',
        '2026-11-14,21.50',
        '2026-11-15,19.50',
        '',
        'Member Email,Requests,Cost (USD)',
        'alice@example.com,290,24.00',
        'bob@example.com,200,17.00',
        '',
        'Model,Requests,Total Tokens,Cost (USD),Units',
        'claude-sonnet-4,80,200000,14.00,',
        'gpt-4o,60,120000,12.00,',
        'gemini-2.5-pro,50,150000,8.00,',
        'claude-haiku-3.5,120,144000,4.00,',
        'gpt-4o-mini,160,160000,2.00,',
        'llama-3.1-70b,20,30000,1.00,',
        '',
      ]);
    });
  });
});

describe('/usage-reports on a phone', () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(() => setViewportWidth(1024));

  it('lists the top models with each name on its own line and the figures labelled under it, no table', async () => {
    await openReport();
    expect(screen.queryByRole('table', { name: 'Top Models by Usage' })).not.toBeInTheDocument();
    const models = screen.getByRole('list', { name: 'Top Models by Usage' });
    const first = within(models).getAllByRole('listitem')[0];
    expect(within(first).getByText('claude-sonnet-4')).toBeInTheDocument();
    for (const label of ['Requests', 'Tokens', 'Cost']) expect(within(first).getByText(label)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top Team Members by Usage' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});
