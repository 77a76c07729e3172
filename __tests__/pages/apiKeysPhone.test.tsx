import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { pinClockToFakeNow } from '../support/clock';

// Below the 768 px breakpoint the API keys table is a list of cards (ApiKeyList, on the shared CardList): every
// column of the grid, its actions, and no grid.

beforeEach(() => setViewportWidth(375));
afterEach(() => {
  setViewportWidth(1024);
  jest.useRealTimers();
});

async function renderKeyCards() {
  const rendered = renderRoute('/api-keys');
  await screen.findByRole('list', { name: 'API keys' }, { timeout: 5000 });
  return rendered;
}

function cardOf(name: string): HTMLElement {
  const card = within(screen.getByRole('list', { name: 'API keys' }))
    .getByText(name)
    .closest('li');
  if (!card) throw new Error(`no card shows ${name}`);
  return card;
}

describe('/api-keys on a phone', () => {
  it('shows each key as a card with all the columns, and no grid', async () => {
    await renderKeyCards();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    const production = cardOf('Production');
    for (const text of [
      'Created Oct 26, 2026',
      'Alice Anderson · alice@example.com',
      'sk-prod1a2b****',
      'Active',
      '$12.34 of $50.00',
      'resets Dec 1, 2026',
      'Nov 15, 2026, 11:00 AM',
    ]) {
      expect(within(production).getByText(text)).toBeInTheDocument();
    }
    expect(within(cardOf('Staging')).getByText('Limit reached')).toBeInTheDocument();
    expect(within(cardOf('Old laptop')).getByText('No limit')).toBeInTheDocument();
    expect(within(cardOf('Staging')).getByText('Unnamed User · bob@example.com')).toBeInTheDocument();
    expect(within(cardOf('Staging')).getByText('Never')).toBeInTheDocument();
    expect(within(cardOf('Old laptop')).getByText('Inactive')).toBeInTheDocument();
    for (const action of ['View details', 'Edit', 'Rotate', 'Revoke']) {
      expect(within(production).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(within(cardOf('Old laptop')).queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
  });

  it("gives a member Edit, Rotate and Revoke on their own keys' cards only", async () => {
    fakeDb.signInAs('bob');
    await renderKeyCards();
    const actions = (name: string) =>
      within(cardOf(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(actions('Staging')).toEqual(['View details', 'Edit', 'Rotate', 'Revoke']);
    expect(actions('Production')).toEqual(['View details']);
    expect(actions('Old laptop')).toEqual(['View details']);
  });

  it("says on a capped member's card that the cap refuses its calls, and until when", async () => {
    const bob = fakeDb.state.memberships.find((membership) => membership.user_id === 'user-bob');
    Object.assign(bob ?? {}, { monthly_cap_cents: 0 });
    Object.assign(fakeDb.state.apiKeys.find((key) => key.id === 'key-staging') ?? {}, { period_spend_cents: 0 });
    fakeDb.signInAs('bob');
    await renderKeyCards();
    expect(within(cardOf('Staging')).getByText('Member cap reached')).toBeInTheDocument();
    expect(within(cardOf('Staging')).getByText('until Dec 1, 2026')).toBeInTheDocument();
    expect(within(cardOf('Production')).getByText('Active')).toBeInTheDocument();
  });

  it('shows a rotation in its grace period and opens the dialogs from a card', async () => {
    pinClockToFakeNow();
    const staging = fakeDb.state.apiKeys.find((key) => key.id === 'key-staging');
    Object.assign(staging ?? {}, {
      previous_key_prefix: 'sk-old',
      previous_key_expires_at: '2026-11-16T12:00:00.000Z',
    });
    const { user } = await renderKeyCards();
    expect(within(cardOf('Staging')).getByText('Rotating')).toBeInTheDocument();
    expect(
      within(cardOf('Staging')).getByText('Rotated — old secret valid until Nov 16, 2026, 12:00 PM'),
    ).toBeInTheDocument();

    await user.click(within(cardOf('Production')).getByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'API key "Production"' });
    expect(within(details).getByText('60 requests per minute')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(cardOf('Production')).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByRole('dialog', { name: 'Rotate API key "Production"' })).toBeInTheDocument();
  });

  it('leaves the User line out when no key has a user', async () => {
    fakeDb.state.apiKeys.forEach((key) => Object.assign(key, { user_name: null, user_email: null }));
    await renderKeyCards();
    expect(within(cardOf('Production')).queryByText('User')).not.toBeInTheDocument();
    expect(within(cardOf('Production')).getByText('Key Prefix')).toBeInTheDocument();
  });

  it('revokes from a card after the confirmation', async () => {
    const { user } = await renderKeyCards();
    await user.click(within(cardOf('Staging')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke Key' }));
    await waitFor(() => expect(screen.queryByText('Staging')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', '/v1/api-keys')?.path).toBe('/v1/api-keys/key-staging');
  });

  it('warns of a key with less left than a call without max_tokens holds, and only once the catalog says so', async () => {
    // claude-sonnet-4 at $1,000 per 1M output tokens: 256 tokens hold $0.26; Production has $0.04 of its $50.00 left.
    fakeDb.state.pricing
      .filter((tier) => tier.model === 'claude-sonnet-4')
      .forEach((tier) => Object.assign(tier, { completion_cost_per_1m: 1000 }));
    Object.assign(
      fakeDb.state.apiKeys.find((key) => key.id === 'key-production')!,
      { period_spend_cents: 4996 },
    );
    await renderKeyCards();
    const production = cardOf('Production');
    const chip = await within(production).findByText('Limit too low');
    expect(chip.closest('[title]')).toHaveAttribute(
      'title',
      'Calls without max_tokens hold at least $0.26; $0.04 is left. Set max_tokens, or raise the limit.',
    );
    expect(within(production).getByText('$0.04 left; a call without max_tokens holds $0.26')).toBeInTheDocument();
    // Staging's limit is reached (its status says so) and Old laptop has none: neither warns.
    expect(within(cardOf('Staging')).queryByText('Limit too low')).not.toBeInTheDocument();
    expect(within(cardOf('Old laptop')).queryByText('Limit too low')).not.toBeInTheDocument();
  });
});
