import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { axeViolations } from '../support/axe';
import { pinClockToFakeNow } from '../support/clock';

const TEAM_MESSAGE = 'You must set up your team before creating API keys. Please go to the Team page to get started.';

async function renderForm() {
  const rendered = renderRoute('/api-keys/create');
  const nameField = await screen.findByRole('textbox', { name: 'API Key Name' }, { timeout: 5000 });
  const submit = screen.getByRole('button', { name: 'Create API Key' });
  return { ...rendered, nameField, submit };
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('/api-keys/create form', () => {
  it('keeps Create API Key disabled while the name is empty or only spaces', async () => {
    const { user, nameField, submit } = await renderForm();
    expect(submit).toBeDisabled();
    await user.type(nameField, '   ');
    expect(submit).toBeDisabled();
    await user.type(nameField, 'x');
    expect(submit).toBeEnabled();
    await user.clear(nameField);
    expect(submit).toBeDisabled();
    expect(fakeDb.requestsTo('POST', '/v1/api-keys')).toHaveLength(0);
  });

  it('sends the trimmed name and shows the full key once with Copy and View All API Keys', async () => {
    const { user, nameField, submit } = await renderForm();
    await user.type(nameField, '  CI runner  ');
    await user.click(submit);

    const keyBox = await screen.findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/')?.body).toEqual({ name: 'CI runner' });
    const created = fakeDb.state.apiKeys.find((key) => key.name === 'CI runner');
    expect(created?.key).toMatch(/^sk-/);
    expect(keyBox).toHaveTextContent(created?.key ?? '');
    expect(screen.getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'API Key Name' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All API Keys' })).toHaveAttribute('href', '/api-keys');
  });

  it("copies the key and shows 'Copied!' for 2 seconds", async () => {
    const { user, nameField, submit } = await renderForm();
    await user.type(nameField, 'Laptop');
    await user.click(submit);
    const keyBox = await screen.findByTestId('new-api-key');
    const copy = screen.getByRole('button', { name: 'Copy' });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();

    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy).toHaveTextContent('Copied!');
    expect(writeText).toHaveBeenCalledWith(keyBox.textContent);

    act(() => jest.advanceTimersByTime(1999));
    expect(copy).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(1));
    expect(copy).toHaveTextContent('Copy');
    expect(copy).not.toHaveTextContent('Copied!');
  });

  it("replaces a 'must belong to a team' failure with the team hint and link", async () => {
    fakeDb.failNext('POST', '/v1/api-keys/', { status: 400, message: 'User must belong to a team to create keys' });
    const { user, nameField, submit } = await renderForm();
    await user.type(nameField, 'Production');
    await user.click(submit);

    const alert = await screen.findByText(TEAM_MESSAGE);
    expect(screen.queryByText(/User must belong to a team/)).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to the Team page' })).toHaveAttribute('href', '/team');
    expect(screen.getByRole('textbox', { name: 'API Key Name' })).toHaveValue('Production');
  });

  it('shows the generic message for any other failure', async () => {
    fakeDb.failNext('POST', '/v1/api-keys/', { status: 500, message: 'Database unavailable' });
    const { user, nameField, submit } = await renderForm();
    await user.type(nameField, 'Production');
    await user.click(submit);

    expect(await screen.findByText('Failed to create API key. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Database unavailable/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the Team page' })).not.toBeInTheDocument();
  });
});

describe('/api-keys/create with limits and access', () => {
  beforeEach(pinClockToFakeNow);

  async function openControls() {
    const rendered = await renderForm();
    const toggle = screen.getByRole('button', { name: 'Limits and access (optional)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('spinbutton', { name: 'Spending limit (USD)' })).not.toBeInTheDocument();
    await rendered.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = await screen.findByRole('region', { name: 'Limits and access' });
    await within(section).findByRole('spinbutton', { name: 'Spending limit (USD)' });
    return { ...rendered, section };
  }

  it('opens from the keyboard', async () => {
    const { user } = await renderForm();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Limits and access (optional)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('spinbutton', { name: 'Spending limit (USD)' })).toBeInTheDocument();
  });

  it('sends the limits in cents with the period, the expiry as UTC and the allow-list', async () => {
    const { user, nameField, submit, section } = await openControls();
    await user.type(nameField, 'Batch jobs');
    const period = within(section).getByRole('combobox', { name: 'Limit resets' });
    expect(period).toBeDisabled();
    await user.type(within(section).getByRole('spinbutton', { name: 'Spending limit (USD)' }), '25.50');
    expect(period).toBeEnabled();
    await user.selectOptions(period, 'Weekly');
    await user.type(within(section).getByRole('spinbutton', { name: 'Requests per minute' }), '120');
    await user.type(within(section).getByRole('spinbutton', { name: 'Tokens per minute' }), '50000');
    fireEvent.change(within(section).getByLabelText('Expires'), { target: { value: '2026-12-31T18:30' } });
    const models = within(section).getByRole('combobox', { name: 'Allowed models and routes' });
    await user.type(models, 'openai/gpt-4o{Enter}');
    await user.type(models, 'team/default-smart{Enter}');
    await user.type(within(section).getByRole('textbox', { name: 'Note' }), 'Nightly batch');
    await user.click(submit);

    await screen.findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/')?.body).toEqual({
      name: 'Batch jobs',
      spend_limit_cents: 2550,
      limit_period: 'weekly',
      rpm_limit: 120,
      tpm_limit: 50_000,
      expires_at: '2026-12-31T18:30:00.000Z',
      allowed_models: ['openai/gpt-4o', 'team/default-smart'],
      note: 'Nightly batch',
    });
    expect(fakeDb.state.apiKeys.at(-1)).toMatchObject({
      spend_limit_cents: 2550,
      period_resets_at: '2026-11-16T00:00:00.000Z',
    });
  });

  it("turns the cache on for every request of the key, shared with the team's keys, kept 10 minutes", async () => {
    const { user, nameField, submit, section } = await openControls();
    await user.type(nameField, 'Support bot');
    expect(within(section).queryByRole('combobox', { name: 'Cached answers are shared by' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Answer identical requests from the cache' }));
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Cached answers are shared by' }),
      "The team's keys that share theirs",
    );
    await user.type(within(section).getByRole('spinbutton', { name: 'Keep answers for (seconds)' }), '600');
    await user.click(submit);

    await screen.findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/')?.body).toEqual({
      name: 'Support bot',
      cache_enabled: true,
      cache_scope: 'team',
      cache_ttl_seconds: 600,
    });
  });

  it('sends only the name when the section was opened but left empty', async () => {
    const { user, nameField, submit } = await openControls();
    await user.type(nameField, 'Plain');
    await user.click(submit);
    await screen.findByTestId('new-api-key');
    expect(fakeDb.lastRequest('POST', '/v1/api-keys/')?.body).toEqual({ name: 'Plain' });
  });

  it('shows what is wrong under each field and sends nothing', async () => {
    const { user, nameField, submit, section } = await openControls();
    await user.type(nameField, 'Broken');
    await user.type(within(section).getByRole('spinbutton', { name: 'Spending limit (USD)' }), '0');
    await user.type(within(section).getByRole('spinbutton', { name: 'Tokens per minute' }), '2.5');
    fireEvent.change(within(section).getByLabelText('Expires'), { target: { value: '2026-11-15T11:59' } });
    await user.click(submit);

    expect(
      await within(section).findByText('Spending limit must be from $0.01 to $1,000,000,000.00, or empty for no limit'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Tokens per minute must be a whole number from 1 to 1,000,000,000, or empty for no limit',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('Expiry must be in the future')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/api-keys')).toHaveLength(0);
  });

  it("shows the server's reason for a refused input", async () => {
    fakeDb.failNext('POST', '/v1/api-keys/', {
      status: 400,
      message: 'The allow-list must be a list of at most 100 models and routes.',
    });
    const { user, nameField, submit, section } = await openControls();
    await user.type(nameField, 'Refused');
    await user.type(within(section).getByRole('spinbutton', { name: 'Requests per minute' }), '5');
    await user.click(submit);
    expect(
      await screen.findByText(
        'Failed to create API key: The allow-list must be a list of at most 100 models and routes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'API Key Name' })).toHaveValue('Refused');
  });

  it('suggests the priced models to an administrator', async () => {
    fakeDb.signInAs('admin');
    fakeDb.state.memberships.push({
      team_id: 'team-acme',
      user_id: 'user-admin',
      role: 'member',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const { user, section } = await openControls();
    await user.click(within(section).getByRole('combobox', { name: 'Allowed models and routes' }));
    expect(await screen.findByRole('option', { name: 'anthropic/claude-sonnet-4' })).toBeInTheDocument();
  });
});

describe('/api-keys/create without a team', () => {
  it("shows 'Team Setup Required' with links to /team and back to /dashboard instead of the form", async () => {
    fakeDb.setTeamless('alice');
    renderRoute('/api-keys/create');
    expect(await screen.findByText('Team Setup Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set Up Team' })).toHaveAttribute('href', '/team');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('textbox', { name: 'API Key Name' })).not.toBeInTheDocument();
  });

  it('shows the form when the team check fails for another reason', async () => {
    fakeDb.failNext('GET', '/v1/teams/', { status: 500, exact: true });
    renderRoute('/api-keys/create');
    expect(await screen.findByRole('textbox', { name: 'API Key Name' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Team Setup Required')).not.toBeInTheDocument());
  });
});

describe('after a key is created: how to use it', () => {
  it('shows the base URL and snippets with the new secret in them, each one copied whole', async () => {
    const { user } = renderRoute('/api-keys/create', { userOptions: { delay: null } });
    await user.type(await screen.findByRole('textbox', { name: 'API Key Name' }, { timeout: 5000 }), 'Snippets');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    const secret = (await screen.findByTestId('new-api-key')).textContent!;
    const section = screen.getByRole('region', { name: 'Use this key' });
    expect(within(section).getByText(`${window.location.origin}/v1`)).toBeInTheDocument();
    expect(within(section).getByTestId('snippet-curl')).toHaveTextContent(`Authorization: Bearer ${secret}`);
    await user.click(within(section).getByRole('tab', { name: 'OpenAI SDK (Python)' }));
    expect(within(section).getByTestId('snippet-openai-python')).toHaveTextContent(`api_key="${secret}"`);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(section).getByRole('button', { name: 'Copy snippet' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`api_key="${secret}"`));
    for (const tab of ['OpenAI SDK (JavaScript)', 'Anthropic SDK (JavaScript)', 'Claude Code', 'Codex']) {
      expect(within(section).getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(await axeViolations(section)).toEqual([]);
  });
});
