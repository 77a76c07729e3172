import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';

// Below the 768 px breakpoint the pricing table is a list of cards (PricingTierList, on the shared CardList):
// the same columns, actions and states as the grid, and no grid.

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
  setViewportWidth(375);
});
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

async function renderTierCards() {
  const rendered = renderRoute('/admin/pricing', { userOptions: { delay: null } });
  await screen.findByRole('list', { name: 'Pricing tiers' }, { timeout: 5000 });
  return rendered;
}

/** The card (list item) that shows `text`. */
function cardOf(text: string): HTMLElement {
  const card = within(screen.getByRole('list', { name: 'Pricing tiers' }))
    .getByText(text)
    .closest('li');
  if (!card) throw new Error(`no card shows ${text}`);
  return card;
}

describe('/admin/pricing on a phone', () => {
  it('shows each tier as a card with its prices, and no grid', async () => {
    await renderTierCards();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    const sonnet = cardOf('Prompts up to 200K tokens');
    for (const text of [
      'claude-sonnet-4',
      'anthropic',
      'standard (Order 1)',
      '0 – 200,000',
      '$3.00',
      '$15.00',
      'Supported · Create $3.75 · Read $0.30',
      'Aug 17, 2026, 12:00 PM',
      'Active',
    ]) {
      expect(within(sonnet).getByText(text)).toBeInTheDocument();
    }
    expect(within(sonnet).getByText('Prompt Price per 1M')).toBeInTheDocument();
    expect(within(sonnet).getByText('Completion Price per 1M')).toBeInTheDocument();

    expect(within(cardOf('gemini-2.5-flash')).getByText('$0.075')).toBeInTheDocument();
    expect(within(cardOf('gemini-2.5-flash')).getByText('Not supported')).toBeInTheDocument();
    expect(within(cardOf('gpt-4o')).getByText('Dec 15, 2026, 12:00 PM')).toBeInTheDocument();
    // Deactivate only while the tier is active (docs/rules.md#pricing-tiers).
    expect(within(cardOf('gpt-4o-mini')).getByText('Inactive')).toBeInTheDocument();
    expect(within(cardOf('gpt-4o-mini')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(cardOf('gpt-4o')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('deactivates from a card after a confirmation that names the tier', async () => {
    const { user } = await renderTierCards();
    await user.click(within(cardOf('gpt-4o')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the standard tier of openai/gpt-4o?' });
    expect(within(dialog).getByText('Are you sure you want to deactivate this pricing tier?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Pricing tier deactivated successfully!')).toBeInTheDocument();
    expect(fakeDb.lastRequest('DELETE', '/v1/admin/pricing')?.path).toBe('/v1/admin/pricing/pricing-gpt-4o');
    await waitFor(() => expect(within(cardOf('gpt-4o')).getByText('Inactive')).toBeInTheDocument());
  });

  it('opens the details of a card', async () => {
    const { user } = await renderTierCards();
    await user.click(within(cardOf('gemini-2.5-flash')).getByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'Pricing Tier Details' });
    expect(within(details).getByText('gemini-2.5-flash')).toBeInTheDocument();
  });

  it("says 'No pricing configurations found.' when the list fails to load", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeDb.failNext('GET', '/v1/admin/pricing', { status: 500 });
    renderRoute('/admin/pricing');
    expect(await screen.findByText('No pricing configurations found.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pricing tiers' })).not.toBeInTheDocument();
  });
});
