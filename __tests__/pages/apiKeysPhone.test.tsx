import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';

// Below the 768 px breakpoint the API keys table is a list of cards (ApiKeyList, on the shared CardList): every
// column of the grid, its actions, and no grid.

jest.setTimeout(20_000);

beforeEach(() => setViewportWidth(375));
afterEach(() => setViewportWidth(1024));

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
      'Nov 15, 2026, 11:00 AM',
    ]) {
      expect(within(production).getByText(text)).toBeInTheDocument();
    }
    expect(within(cardOf('Staging')).getByText('Unnamed User · bob@example.com')).toBeInTheDocument();
    expect(within(cardOf('Staging')).getByText('Never')).toBeInTheDocument();
    expect(within(cardOf('Old laptop')).getByText('Inactive')).toBeInTheDocument();
    for (const action of ['View details', 'Edit', 'Revoke']) {
      expect(within(production).getByRole('button', { name: action })).toBeInTheDocument();
    }
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
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('Staging')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', '/v1/api-keys')?.path).toBe('/v1/api-keys/key-staging');
  });
});
