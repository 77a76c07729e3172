import { screen, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { axeViolations } from '../support/axe';
import { renderRoute } from '../support/render';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('alice');
});
afterEach(() => jest.useRealTimers());

const card = (id: string) => screen.findByRole('region', { name: id }, { timeout: 5000 });

describe('/models', () => {
  it('lists what the team can call: prices per 1M by tier, doors, reachability and which of my keys may call it', async () => {
    const { user } = renderRoute('/models', { userOptions: { delay: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Models' })).toBeInTheDocument();
    const sonnet = await card('anthropic/claude-sonnet-4');
    const prices = within(sonnet).getByRole('table', { name: 'Prices of anthropic/claude-sonnet-4 per 1M tokens' });
    const rows = within(prices).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Up to 200,000 tokens$3.00$15.00$0.30');
    expect(rows[2]).toHaveTextContent('From 200,001 tokens$6.00$22.50$0.60');
    expect(within(sonnet).getByText('Reachable now')).toBeInTheDocument();
    expect(within(sonnet).getByText(/Messages \(Anthropic\)/)).toBeInTheDocument();
    // Production's allow-list names claude-sonnet-4; Alice's key without one calls everything.
    expect(await within(sonnet).findByText(/Your keys that may call it: .*Production/)).toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(sonnet).getByRole('button', { name: 'Copy anthropic/claude-sonnet-4' }));
    expect(writeText).toHaveBeenCalledWith('anthropic/claude-sonnet-4');

    await user.type(screen.getByRole('searchbox', { name: 'Search models' }), 'gpt');
    expect(screen.queryByRole('region', { name: 'anthropic/claude-sonnet-4' })).not.toBeInTheDocument();
    expect(await card('openai/gpt-4o')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('says a model whose provider is not set up cannot be called by any key, instead of naming keys', async () => {
    renderRoute('/models', { userOptions: { delay: null } });
    const gemini = await card('google/gemini-2.5-flash');
    expect(within(gemini).getByText('Provider not configured')).toBeInTheDocument();
    expect(
      within(gemini).getByText(
        'No key can call it yet: its provider is not set up on this gateway (an administrator adds its key).',
      ),
    ).toBeInTheDocument();
    expect(within(gemini).queryByText(/Your keys that may call it/)).not.toBeInTheDocument();
  });

  it('lists the models for someone without a team too (an administrator, a new user), with no keys asked for', async () => {
    fakeDb.signInAs('carol');
    renderRoute('/models', { userOptions: { delay: null } });
    const gpt = await card('openai/gpt-4o');
    expect(within(gpt).getByText('None of your keys may call it.')).toBeInTheDocument();
    expect(screen.queryByText('Welcome to AI Model Gateway!')).not.toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/api-keys')).toEqual([]);
  });

  it('is in the sidebar for every member', async () => {
    renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', {}, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Models' })).toHaveAttribute('href', '/models');
  });
});
