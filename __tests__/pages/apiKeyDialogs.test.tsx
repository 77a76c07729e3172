import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { pinClockToFakeNow } from '../support/clock';

// View details, Edit and Rotate from the grid's row actions, against the fake backend (docs/governance.md).
beforeEach(pinClockToFakeNow);
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderGrid() {
  const rendered = renderRoute('/api-keys');
  const grid = await screen.findByRole('grid', { name: 'API keys' }, { timeout: 5000 });
  await within(grid).findByText('Production');
  return rendered;
}

function rowOf(name: string): HTMLElement {
  const row = within(screen.getByRole('grid')).getByText(name).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function openAction(keyName: string, action: string, dialogName: string) {
  fireEvent.click(within(rowOf(keyName)).getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: dialogName });
}

const seedKey = (id: string) => {
  const key = fakeDb.state.apiKeys.find((candidate) => candidate.id === id);
  if (!key) throw new Error(id);
  return key;
};

/** The value beside a label in the details dialog's description list. */
function detail(dialog: HTMLElement, label: string): HTMLElement {
  const term = within(dialog).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe('View details', () => {
  it('shows every field of the key, its limits and their state', async () => {
    await renderGrid();
    const dialog = await openAction('Production', 'View details', 'API key "Production"');

    expect(detail(dialog, 'Key prefix')).toHaveTextContent('sk-prod1a2b****');
    expect(detail(dialog, 'Status')).toHaveTextContent('Active');
    expect(detail(dialog, 'Created by')).toHaveTextContent('Alice Anderson · alice@example.com');
    expect(detail(dialog, 'Created')).toHaveTextContent('Oct 26, 2026, 12:00 PM');
    expect(detail(dialog, 'Last used')).toHaveTextContent('Nov 15, 2026, 11:00 AM');
    expect(detail(dialog, 'Spending limit')).toHaveTextContent('$12.34 of $50.00');
    expect(detail(dialog, 'Spending limit')).toHaveTextContent('Monthly, resets Dec 1, 2026, 12:00 AM (UTC calendar)');
    expect(detail(dialog, 'Requests')).toHaveTextContent('60 requests per minute');
    expect(detail(dialog, 'Tokens')).toHaveTextContent('100,000 tokens per minute');
    expect(detail(dialog, 'Expires')).toHaveTextContent('Never');
    expect(within(detail(dialog, 'Allowed models')).getByText('claude-sonnet-4')).toBeInTheDocument();
    expect(within(detail(dialog, 'Allowed models')).getByText('team/default-smart')).toBeInTheDocument();
    expect(detail(dialog, 'Note')).toHaveTextContent('Used by the production API servers.');
    expect(detail(dialog, 'Rotation')).toHaveTextContent('Never rotated');

    // Use this key: the secret is never stored, so the snippets hold a placeholder, and call a model it may call.
    const use = within(dialog).getByRole('region', { name: 'Use this key' });
    expect(within(use).getByTestId('snippet-curl')).toHaveTextContent('Authorization: Bearer YOUR_API_KEY');
    expect(within(use).getByTestId('snippet-curl')).toHaveTextContent('"model":"claude-sonnet-4"');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an expired key, an empty allow-list and a rotation in its grace period', async () => {
    Object.assign(seedKey('key-staging'), {
      expires_at: '2026-11-14T09:00:00.000Z',
      previous_key_prefix: 'sk-stagold',
      previous_key_expires_at: '2026-11-16T12:00:00.000Z',
      rotated_at: '2026-11-15T11:00:00.000Z',
    });
    await renderGrid();
    const dialog = await openAction('Staging', 'View details', 'API key "Staging"');

    expect(detail(dialog, 'Created by')).toHaveTextContent('Unnamed User · bob@example.com');
    expect(detail(dialog, 'Spending limit')).toHaveTextContent('$20.00 of $20.00');
    // Expired and at its limit: the gateway checks the expiry first, and so says the status.
    expect(detail(dialog, 'Status')).toHaveTextContent('Expired');
    expect(detail(dialog, 'Status')).not.toHaveTextContent('Limit reached');
    expect(detail(dialog, 'Calls')).toHaveTextContent(
      'Calls are refused. This key expired Nov 14, 2026, 9:00 AM; create a new key to call the gateway.',
    );
    expect(detail(dialog, 'Expires')).toHaveTextContent('Nov 14, 2026, 9:00 AM (Expired)');
    expect(detail(dialog, 'Requests')).toHaveTextContent('No limit');
    expect(detail(dialog, 'Allowed models')).toHaveTextContent('All models and routes');
    expect(detail(dialog, 'Note')).toHaveTextContent('-');
    expect(detail(dialog, 'Rotation')).toHaveTextContent(
      'Previous secret sk-stagold… works until Nov 16, 2026, 12:00 PM',
    );
  });
});

describe('Edit', () => {
  it('starts prefilled with Save disabled, sends only the changed fields and the grid updates', async () => {
    const { user } = await renderGrid();
    const dialog = await openAction('Production', 'Edit', 'Edit API key "Production"');
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });

    expect(within(dialog).getByRole('textbox', { name: 'API Key Name' })).toHaveValue('Production');
    expect(within(dialog).getByRole('spinbutton', { name: 'Spending limit (USD)' })).toHaveValue(50);
    expect(within(dialog).getByRole('combobox', { name: 'Limit resets' })).toHaveValue('monthly');
    expect(within(dialog).getByRole('spinbutton', { name: 'Requests per minute' })).toHaveValue(60);
    expect(within(dialog).getByText('claude-sonnet-4')).toBeInTheDocument();
    expect(save).toBeDisabled();

    const spendLimit = within(dialog).getByRole('spinbutton', { name: 'Spending limit (USD)' });
    await user.clear(spendLimit);
    await user.type(spendLimit, '100');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Requests per minute' }));
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('PATCH', '/v1/api-keys/')).toMatchObject({
      path: '/v1/api-keys/key-production',
      body: { spend_limit_cents: 10_000, rpm_limit: null },
    });
    expect(await within(rowOf('Production')).findByText('$12.34 of $100.00')).toBeInTheDocument();
    expect(await screen.findByText('API key "Production" updated')).toBeInTheDocument();
  });

  it('disables Save again when a change is undone', async () => {
    const { user } = await renderGrid();
    const dialog = await openAction('Production', 'Edit', 'Edit API key "Production"');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.type(note, '!');
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.type(note, '{Backspace}');
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('shows what is wrong before sending, and the server refusal in the dialog', async () => {
    const { user } = await renderGrid();
    const dialog = await openAction('Staging', 'Edit', 'Edit API key "Staging"');
    const rpm = within(dialog).getByRole('spinbutton', { name: 'Requests per minute' });
    await user.type(rpm, '0');
    const expires = within(dialog).getByLabelText('Expires');
    fireEvent.change(expires, { target: { value: '2026-11-15T11:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      within(dialog).getByText('Requests per minute must be a whole number from 1 to 1,000,000, or empty for no limit'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Expiry must be in the future')).toBeInTheDocument();
    expect(fakeDb.requestsTo('PATCH', '/v1/api-keys/')).toHaveLength(0);

    fakeDb.failNext('PATCH', '/v1/api-keys/key-staging', { status: 400, message: 'tpm_limit is invalid' });
    await user.clear(rpm);
    await user.type(rpm, '30');
    fireEvent.change(expires, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update API key')).toBeInTheDocument();
    expect(within(dialog).getByText('tpm_limit is invalid')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PATCH', '/v1/api-keys/')?.body).toEqual({ rpm_limit: 30 });
  });

  it("shows the server's refusal in the form when the key is no longer the member's to change", async () => {
    // The page offers a member Edit on their own keys only (apiKeys.test.tsx); here the key changed hands while the
    // dialog was open, so the server refuses.
    fakeDb.signInAs('bob');
    const { user } = await renderGrid();
    const dialog = await openAction('Staging', 'Edit', 'Edit API key "Staging"');
    seedKey('key-staging').user_id = 'user-carol';
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), ' Bob was here.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText("Only the key's creator or the team owner can edit, rotate or revoke this key."),
    ).toBeInTheDocument();
    expect(seedKey('key-staging').note).toBe('');
  });
});

describe('Rotate', () => {
  it('shows the new secret once with Copy, then the key shows its grace period', async () => {
    const { user } = await renderGrid();
    const dialog = await openAction('Production', 'Rotate', 'Rotate API key "Production"');
    expect(within(dialog).getByText(/Its name, limits and history stay/)).toBeInTheDocument();
    for (const label of ['Immediately', '1 hour', '24 hours', '7 days', 'Custom']) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));

    const secret = await within(dialog).findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/key-production/rotate')?.body).toEqual({ grace_seconds: 3600 });
    const stored = seedKey('key-production');
    expect(secret).toHaveTextContent(stored.key ?? 'missing');
    expect(within(dialog).getByText('Rotated — old secret valid until Nov 15, 2026, 1:00 PM')).toBeInTheDocument();
    expect(within(dialog).getByText(/It will not be shown again/)).toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(stored.key);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(rowOf('Production')).findByText('Rotating')).toBeInTheDocument();
    expect(within(rowOf('Production')).getByText(`${stored.key_prefix}****`)).toBeInTheDocument();
    expect(screen.queryByText(stored.key ?? 'missing')).not.toBeInTheDocument();
  });

  it('takes a custom grace in hours up to 7 days, and Immediately leaves no old secret', async () => {
    const { user } = await renderGrid();
    let dialog = await openAction('Staging', 'Rotate', 'Rotate API key "Staging"');
    await user.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    const hours = within(dialog).getByRole('spinbutton', { name: 'Grace period (hours)' });
    await user.type(hours, '169');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(within(dialog).getByText('Enter a number of hours from 0 to 168 (7 days)')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/api-keys/key-staging/rotate')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '36');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    await within(dialog).findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/key-staging/rotate')?.body).toEqual({ grace_seconds: 129_600 });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    dialog = await openAction('Production', 'Rotate', 'Rotate API key "Production"');
    await user.click(within(dialog).getByRole('radio', { name: 'Immediately' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await within(dialog).findByText('Rotated — the old secret no longer works.')).toBeInTheDocument();
    expect(seedKey('key-production').previous_key_prefix).toBeNull();
  });

  it('shows the server refusal and keeps the choice', async () => {
    fakeDb.failNext('POST', '/v1/api-keys/key-production/rotate', { status: 500, message: 'Database unavailable' });
    const { user } = await renderGrid();
    const dialog = await openAction('Production', 'Rotate', 'Rotate API key "Production"');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await within(dialog).findByText('Failed to rotate the key: Database unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '24 hours' })).toBeChecked();
    expect(within(dialog).queryByTestId('new-api-key')).not.toBeInTheDocument();
  });
});

describe("Clear a key's cached answers", () => {
  it('the creator clears them after a confirmation and is told how many went; another member is not offered it', async () => {
    const { user } = await renderGrid();
    const dialog = await openAction('Production', 'View details', 'API key "Production"');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cached Answers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear the cached answers of "Production"' });
    expect(confirm).toHaveTextContent("The gateway forgets every answer it kept for this key's requests");
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Cleared 2 cached answers')).toBeInTheDocument();
    expect(fakeDb.lastRequest('DELETE', '/v1/api-keys/key-production/cache')).toBeDefined();
    expect(fakeDb.state.cacheEntries.map((entry) => entry.api_key_id)).toEqual(['key-staging', null]);
  });

  it('is not offered on a key the viewer may not manage', async () => {
    fakeDb.signInAs('bob');
    await renderGrid();
    const dialog = await openAction('Production', 'View details', 'API key "Production"');
    expect(within(dialog).queryByRole('button', { name: 'Clear Cached Answers' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
