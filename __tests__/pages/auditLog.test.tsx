import { screen, waitFor, within } from '@testing-library/react';
import { ACME_TEAM_ID, FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { axeViolations } from '../support/axe';
import { choose, fill } from '../admin/adminGrid';
import { AUDIT_LOG_CSV_PATH, AUDIT_LOG_PATH } from '../../contract/apiPaths';
import { NOT_ALLOWED } from '../../src/features/audit/auditLog';

// /audit-log (docs/audit.md) over the fake backend's seeded history: four of Acme AI's changes and one site-wide.

beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

const pageRequests = () =>
  fakeDb.requestsTo('GET', AUDIT_LOG_PATH).filter((request) => request.path === AUDIT_LOG_PATH);

async function renderLog(path = '/audit-log') {
  const rendered = renderRoute(path, { userOptions: { advanceTimers: jest.advanceTimersByTime, delay: null } });
  const grid = await screen.findByRole('grid', { name: 'Audit log entries' }, { timeout: 10_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return { ...rendered, grid };
}

const actions = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[2].textContent);

describe('/audit-log', () => {
  it("an owner reads the team's changes, newest first; the site's are not theirs", async () => {
    const { grid } = await renderLog();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(actions(grid)).toEqual(['Member cap changed', 'Budget changed', 'API key created', 'Signed in']);
    expect(within(grid).queryByRole('columnheader', { name: 'Team' })).not.toBeInTheDocument();
    const cap = within(grid).getAllByRole('row')[1];
    expect(within(cap).getByText('alice')).toBeInTheDocument();
    expect(within(cap).getByText('owner')).toBeInTheDocument();
    expect(within(cap).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(cap).getByText('203.0.113.7')).toBeInTheDocument();
    expect(pageRequests().at(-1)?.query).toEqual({ limit: '50' });
  });

  it('filters on the server by action, actor, target and days, and keeps them in the URL', async () => {
    const { user, router, grid } = await renderLog();
    await choose(user, 'Action', 'Budget changed');
    await waitFor(() => expect(pageRequests().at(-1)?.query).toMatchObject({ action: 'team.budget_changed' }));
    await waitFor(() => expect(actions(grid)).toEqual(['Budget changed']));
    expect(router.state.location.search).toBe('?action=team.budget_changed');

    await choose(user, 'Action', 'All actions');
    await choose(user, 'Target', 'API key');
    await waitFor(() => expect(actions(grid)).toEqual(['API key created']));
    await fill(user, screen.getByRole('textbox', { name: 'Actor (login)' }), 'bob');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pageRequests().at(-1)?.query).toMatchObject({ actor: 'bob', target_type: 'api_key' }));
    expect(await within(grid).findByText('No changes match these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(actions(grid)).toHaveLength(4));
    await fill(user, screen.getByLabelText('From'), '2026-11-16');
    await waitFor(() => expect(pageRequests().at(-1)?.query).toMatchObject({ from: '2026-11-16T00:00:00.000Z' }));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `http://localhost${AUDIT_LOG_CSV_PATH}?from=2026-11-16T00%3A00%3A00.000Z`,
    );
  });

  it('opens a change in a drawer: who, from where, and before and after field by field', async () => {
    const { user, grid, router } = await renderLog();
    await user.click(within(grid).getAllByRole('row')[2]);
    const drawer = await screen.findByRole('dialog', { name: 'Change details' });
    expect(within(drawer).getByText('Budget changed')).toBeInTheDocument();
    expect(within(drawer).getByText('alice (owner)')).toBeInTheDocument();
    expect(within(drawer).getByText('Team "Acme AI"')).toBeInTheDocument();
    expect(within(drawer).getByText('Mozilla/5.0 (demo)')).toBeInTheDocument();
    const diff = within(drawer).getByRole('table', { name: 'Changes, field by field' });
    const [row] = within(diff).getAllByRole('row').slice(1);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Budget limitbudget_limit_cents · changed');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$400.00', '$500.00']);
    expect(await axeViolations(drawer)).toEqual([]);

    await user.click(within(drawer).getByRole('button', { name: 'Every change to this team' }));
    await waitFor(() =>
      expect(pageRequests().at(-1)?.query).toMatchObject({ target_type: 'team', target_id: ACME_TEAM_ID }),
    );
    expect(new URLSearchParams(router.state.location.search).get('target_id')).toBe(ACME_TEAM_ID);
    expect(screen.getByRole('button', { name: `One team: ${ACME_TEAM_ID}` })).toBeInTheDocument();
  });

  it('a budget changed on Team Settings is in the log when it is shown', async () => {
    const { user } = renderRoute('/team', { userOptions: { advanceTimers: jest.advanceTimersByTime, delay: null } });
    const form = await screen.findByRole('form', { name: 'Update Budget' }, { timeout: 10_000 });
    await fill(user, within(form).getByRole('spinbutton'), '650');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    await screen.findByText('Budget updated');
    await user.click(screen.getByRole('link', { name: 'Audit Log' }));
    const grid = await screen.findByRole('grid', { name: 'Audit log entries' }, { timeout: 10_000 });
    await waitFor(() => expect(actions(grid)[0]).toBe('Budget changed'));
    await user.click(within(grid).getAllByRole('row')[1]);
    const drawer = await screen.findByRole('dialog', { name: 'Change details' });
    const [row] = within(within(drawer).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$500.00', '$650.00']);
  });

  it('an administrator reads every team and the site, with a Team column', async () => {
    fakeDb.signInAs('admin');
    const { grid } = await renderLog();
    expect(within(grid).getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
    expect(actions(grid)[0]).toBe('Coupon created');
    expect(within(grid).getByText('Site-wide')).toBeInTheDocument();
  });

  it('a member is told it is not theirs, and nothing is asked', async () => {
    fakeDb.signInAs('bob');
    renderRoute('/audit-log');
    expect(await screen.findByText(NOT_ALLOWED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(pageRequests()).toHaveLength(0);
  });

  it('on a phone: cards, no grid; axe-clean', async () => {
    setViewportWidth(375);
    const { user } = renderRoute('/audit-log', {
      userOptions: { advanceTimers: jest.advanceTimersByTime, delay: null },
    });
    const list = await screen.findByRole('list', { name: 'Audit log entries' }, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
    await user.click(within(list).getAllByRole('button', { name: 'View change' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Change details' })).toBeInTheDocument();
  });

  it('is axe-clean with its grid', async () => {
    await renderLog();
    expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
  });
});
