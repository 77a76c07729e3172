import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { pinClockToFakeNow } from '../support/clock';

const REVOKE_CONFIRMATION = 'Are you sure you want to revoke this API key? This action cannot be undone.';

async function renderGrid() {
  const rendered = renderRoute('/api-keys');
  const grid = await screen.findByRole('grid', { name: 'API keys' }, { timeout: 5000 });
  await within(grid).findByText('Production');
  return { ...rendered, grid };
}

/** The grid row that shows `name`. */
function rowOf(name: string): HTMLElement {
  const row = within(screen.getByRole('grid')).getByText(name).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const columnHeaders = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

const rowNames = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-field="name"] p')?.textContent);

describe('/api-keys table', () => {
  it('shows the columns and the seed keys as a person reads them', async () => {
    await renderGrid();
    expect(screen.getByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Key' })).toHaveAttribute('href', '/api-keys/create');
    expect(columnHeaders()).toEqual(['Name', 'User', 'Key Prefix', 'Status', 'Spend / limit', 'Last Used', 'Actions']);

    const production = rowOf('Production');
    expect(within(production).getByText('Created Oct 26, 2026')).toBeInTheDocument();
    expect(within(production).getByText('Alice Anderson')).toBeInTheDocument();
    expect(within(production).getByText('sk-prod1a2b****')).toBeInTheDocument();
    expect(within(production).getByText('Active')).toBeInTheDocument();
    expect(within(production).getByText('Nov 15, 2026')).toBeInTheDocument();
    expect(within(production).getByText('11:00 AM')).toBeInTheDocument();
    expect(within(production).getByText('$12.34 of $50.00')).toBeInTheDocument();
    expect(within(production).getByText('resets Dec 1, 2026')).toBeInTheDocument();

    const staging = rowOf('Staging');
    expect(within(staging).getByText('Unnamed User')).toBeInTheDocument();
    expect(within(staging).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(staging).getByText('Never')).toBeInTheDocument();

    expect(within(staging).getByText('Limit reached')).toBeInTheDocument();

    expect(within(rowOf('Old laptop')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Old laptop')).getByText('No limit')).toBeInTheDocument();
  });

  it("shows '-' for a key without any user when another key has one", async () => {
    const staging = fakeDb.state.apiKeys.find((key) => key.id === 'key-staging');
    if (staging) staging.user_email = null;
    await renderGrid();
    expect(within(rowOf('Staging')).getByText('-')).toBeInTheDocument();
  });

  it('hides the User column when no key has a user name or email', async () => {
    fakeDb.state.apiKeys.forEach((key) => Object.assign(key, { user_name: null, user_email: null }));
    await renderGrid();
    expect(columnHeaders()).toEqual(['Name', 'Key Prefix', 'Status', 'Spend / limit', 'Last Used', 'Actions']);
    expect(screen.queryByText('Unnamed User')).not.toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked', async () => {
    const { user } = await renderGrid();
    expect(rowNames()).toEqual(['Staging', 'Production', 'Old laptop']);

    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByText('Name'));
    expect(rowNames()).toEqual(['Old laptop', 'Production', 'Staging']);

    await user.click(within(screen.getByRole('columnheader', { name: /Last Used/ })).getByText('Last Used'));
    expect(rowNames()).toEqual(['Staging', 'Old laptop', 'Production']);
  });

  it('offers Rotate only on active keys', async () => {
    await renderGrid();
    expect(within(rowOf('Production')).getByRole('button', { name: 'Rotate' })).toBeInTheDocument();
    expect(within(rowOf('Old laptop')).queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
    expect(within(rowOf('Old laptop')).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });
});

describe('actions a member may take', () => {
  it('offers a member Edit, Rotate and Revoke on their own keys only; the owner on every key', async () => {
    fakeDb.signInAs('bob');
    const { unmount } = await renderGrid();
    const actions = (name: string) =>
      within(rowOf(name))
        .queryAllByRole('button')
        .map((item) => item.getAttribute('aria-label'));
    expect(actions('Staging')).toEqual(['View details', 'Edit', 'Rotate', 'Revoke']);
    expect(actions('Production')).toEqual(['View details']);
    expect(actions('Old laptop')).toEqual(['View details']);
    unmount();

    fakeDb.signInAs('alice');
    await renderGrid();
    expect(actions('Staging')).toEqual(['View details', 'Edit', 'Rotate', 'Revoke']);
    expect(actions('Production')).toEqual(['View details', 'Edit', 'Rotate', 'Revoke']);
  });
});

describe('limits in the grid', () => {
  beforeEach(pinClockToFakeNow);
  afterEach(() => jest.useRealTimers());

  const key = (id: string) => {
    const found = fakeDb.state.apiKeys.find((candidate) => candidate.id === id);
    if (!found) throw new Error(id);
    return found;
  };

  it('shows each state of a key at its edge', async () => {
    // Production: a cent under its limit, expiring in exactly 7 days; Old laptop: inactive, and expired; Key 1:
    // expired a minute ago; Staging: at its limit and rotating.
    Object.assign(key('key-production'), { period_spend_cents: 4999, expires_at: '2026-11-22T12:00:00.000Z' });
    Object.assign(key('key-old-laptop'), { expires_at: '2026-11-15T11:59:00.000Z' });
    Object.assign(fakeDb.addApiKeys(1)[0], { expires_at: '2026-11-15T11:59:00.000Z' });
    Object.assign(key('key-staging'), {
      previous_key_prefix: 'sk-stagold',
      previous_key_expires_at: '2026-11-15T13:00:00.000Z',
    });
    await renderGrid();

    const production = rowOf('Production');
    expect(within(production).getByText('$49.99 of $50.00')).toBeInTheDocument();
    expect(within(production).getByText('Expires soon')).toBeInTheDocument();
    expect(within(production).queryByText('Limit reached')).not.toBeInTheDocument();
    expect(within(production).getByRole('progressbar', { name: 'Production spend against its limit' })).toHaveAttribute(
      'aria-valuetext',
      '$49.99 of $50.00',
    );

    const staging = rowOf('Staging');
    expect(within(staging).getByText('$20.00 of $20.00')).toBeInTheDocument();
    expect(within(staging).getByText('resets Nov 16, 2026')).toBeInTheDocument();
    expect(within(staging).getByText('Limit reached')).toBeInTheDocument();
    expect(within(staging).getByText('until Nov 16, 2026')).toBeInTheDocument();
    expect(within(staging).queryByText('Active')).not.toBeInTheDocument();
    expect(within(staging).getByText('Rotating')).toBeInTheDocument();

    expect(within(rowOf('Key 1')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('Key 1')).queryByText('Active')).not.toBeInTheDocument();
    expect(within(rowOf('Old laptop')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Old laptop')).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(rowOf('Old laptop')).getByText('No limit')).toBeInTheDocument();
  });

  it("says which limit refuses a key's calls, and until when, in place of Active", async () => {
    // Bob at his $150.00 cap: his key without a limit is refused too, though its own column says 'No limit'.
    const bob = fakeDb.state.memberships.find((membership) => membership.user_id === 'user-bob');
    Object.assign(bob ?? {}, { monthly_cap_cents: 12_750 });
    Object.assign(fakeDb.addApiKeys(1)[0], { name: 'Notebook', user_id: 'user-bob', user_email: 'bob@example.com' });
    fakeDb.signInAs('bob');
    const { unmount } = await renderGrid();

    const notebook = rowOf('Notebook');
    expect(
      within(notebook).getByTitle(
        "Calls are refused. Its creator's keys have reached the monthly cap the team owner set; it resets Dec 1, " +
          '2026, 00:00 UTC.',
      ),
    ).toHaveTextContent('Member cap reached');
    expect(within(notebook).getByText('until Dec 1, 2026')).toBeInTheDocument();
    expect(within(notebook).getByText('No limit')).toBeInTheDocument();
    expect(within(notebook).queryByText('Active')).not.toBeInTheDocument();
    expect(within(rowOf('Staging')).getByText('Limit reached')).toBeInTheDocument();
    expect(within(rowOf('Production')).getByText('Active')).toBeInTheDocument();
    unmount();

    // The team's budget reached: every active key says so.
    fakeDb.team().current_usage = 500;
    await renderGrid();
    expect(within(rowOf('Production')).getByText('Team budget reached')).toBeInTheDocument();
    expect(within(rowOf('Production')).getByText('until Dec 1, 2026')).toBeInTheDocument();
    expect(within(rowOf('Old laptop')).getByText('Inactive')).toBeInTheDocument();
  });
});

describe('revoking a key', () => {
  it('asks first; Cancel sends nothing', async () => {
    const { user } = await renderGrid();
    await user.click(within(rowOf('Staging')).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key "Staging"' });
    expect(within(dialog).getByText(REVOKE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.requestsTo('DELETE', '/v1/api-keys')).toHaveLength(0);
    expect(rowOf('Staging')).toBeInTheDocument();
  });

  it('sends DELETE on Confirm and the row disappears without a reload', async () => {
    const { user } = await renderGrid();
    await user.click(within(rowOf('Staging')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke Key' }));

    await waitFor(() => expect(screen.queryByText('Staging')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', '/v1/api-keys')?.path).toBe('/v1/api-keys/key-staging');
    expect(screen.getByText('Production')).toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/api-keys/')).toHaveLength(2);
    expect(await screen.findByText('API key "Staging" revoked')).toBeInTheDocument();
    expect(fakeDb.state.activities.at(-1)).toMatchObject({
      type: 'api_key_deactivated',
      message: expect.stringMatching(/^API key "Staging" was revoked by /),
    });
  });

  it('shows the server message when revoking fails and keeps the row', async () => {
    fakeDb.failNext('DELETE', '/v1/api-keys/key-staging', { status: 500, message: 'Database unavailable' });
    const { user } = await renderGrid();
    await user.click(within(rowOf('Staging')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke Key' }));
    expect(await screen.findByText('Error revoking API key: Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Staging')).toBeInTheDocument();
  });
});

describe('/api-keys states', () => {
  it('shows the load failure with a Retry that loads the list', async () => {
    fakeDb.failNext('GET', '/v1/api-keys/', { status: 500, message: 'Database unavailable' });
    const { user } = renderRoute('/api-keys');
    expect(await screen.findByText('Failed to load API keys: Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Production')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load API keys/)).not.toBeInTheDocument();
  });

  it("shows 'No API keys' with 'Create Your First Key' when there are none", async () => {
    fakeDb.state.apiKeys = [];
    renderRoute('/api-keys');
    expect(await screen.findByText('No API keys')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Key' })).toHaveAttribute('href', '/api-keys/create');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
