import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

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
