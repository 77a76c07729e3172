import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { axeViolations } from '../support/axe';
import { renderRoute } from '../support/render';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('alice');
});
afterEach(() => jest.useRealTimers());

describe('/playground', () => {
  it('sends a message through one of my keys, streams the answer in, then shows its tokens and its cost', async () => {
    const { user } = renderRoute('/playground', { userOptions: { delay: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Playground' }, { timeout: 5000 })).toBeInTheDocument();
    // Alice's own active keys only; the model list is what the chosen key may call.
    const keySelect = await screen.findByRole('combobox', { name: 'API key' });
    await waitFor(() => expect(within(keySelect).getAllByRole('option').length).toBeGreaterThan(0));
    const options = within(keySelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(
      fakeDb.state.apiKeys.filter((k) => k.user_id === 'user-alice' && k.is_active).map((k) => k.name),
    );
    await user.selectOptions(keySelect, 'Production');
    const modelSelect = screen.getByRole('combobox', { name: 'Model' });
    const models = within(modelSelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(models).toContain('anthropic/claude-sonnet-4');
    expect(models).not.toContain('openai/gpt-4o');
    await user.selectOptions(modelSelect, 'anthropic/claude-sonnet-4');

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText('You said: Hello there')).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/playground/chat')?.body).toEqual({
      key_id: 'key-production',
      model: 'anthropic/claude-sonnet-4',
      messages: [{ role: 'user', content: 'Hello there' }],
    });
    const status = await screen.findByText(/6 prompt \+ 9 completion tokens/);
    await waitFor(() => expect(status).toHaveTextContent('Cost: $0.04'));
    expect(await axeViolations()).toEqual([]);
  });

  it('asks someone without a team to set one up, under its heading, without asking the server for models', async () => {
    fakeDb.signInAs('carol');
    renderRoute('/playground', { userOptions: { delay: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Playground' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Team' })).toHaveAttribute('href', '/team');
    expect(fakeDb.requestsTo('GET', '/v1/dashboard/models')).toEqual([]);
  });

  it('asks a member without a key of their own to create one', async () => {
    fakeDb.signInAs('bob');
    for (const key of fakeDb.state.apiKeys) if (key.user_id === 'user-bob') key.is_active = false;
    renderRoute('/playground');
    expect(
      await screen.findByText('The playground speaks through one of your own API keys: create one first.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create API Key' })).toHaveAttribute('href', '/api-keys/create');
  });
});
