import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { choose, rowOf } from './adminGrid';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
});
afterEach(() => jest.useRealTimers());

async function renderPricing(path = '/admin/pricing', firstRowText = 'gpt-4o') {
  const rendered = renderRoute(path, { userOptions: { delay: null } });
  await screen.findByRole('grid', { name: 'Pricing tiers' }, { timeout: 5000 });
  await screen.findByText(firstRowText);
  return rendered;
}

const listQuery = () => fakeDb.lastRequest('GET', '/v1/admin/pricing')?.query;
const models = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-field="model"] p')?.textContent);

describe('/admin/pricing table', () => {
  it('shows each column as a person reads it', async () => {
    await renderPricing();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(listQuery()).toEqual({});

    const sonnet = rowOf('Prompts up to 200K tokens');
    for (const text of ['claude-sonnet-4', 'anthropic', 'standard', 'Order 1', '0 – 200,000', '$3.00', '$15.00']) {
      expect(within(sonnet).getByText(text)).toBeInTheDocument();
    }
    expect(within(sonnet).getByText('Supported')).toBeInTheDocument();
    expect(within(sonnet).getByText('Create $3.75')).toBeInTheDocument();
    expect(within(sonnet).getByText('Read $0.30')).toBeInTheDocument();
    expect(within(sonnet).getByText('Aug 17, 2026, 12:00 PM')).toBeInTheDocument();
    expect(within(sonnet).getByText('Active')).toBeInTheDocument();

    const longContext = rowOf('long-context');
    expect(within(longContext).getByText('Order 2')).toBeInTheDocument();
    expect(within(longContext).getByText('200,001 – ∞')).toBeInTheDocument();

    const flash = rowOf('gemini-2.5-flash');
    expect(within(flash).getByText('$0.075')).toBeInTheDocument();
    expect(within(flash).getByText('Not supported')).toBeInTheDocument();

    const gpt = rowOf('gpt-4o');
    expect(within(gpt).getByText('Expires Dec 15, 2026, 12:00 PM')).toBeInTheDocument();
    expect(within(gpt).getByText('Active')).toBeInTheDocument();

    // Expired, and not yet effective: both inactive.
    expect(within(rowOf('gpt-4o-mini')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('gemini-2.5-pro')).getByText('Inactive')).toBeInTheDocument();
  });

  it('offers Deactivate only for active tiers', async () => {
    await renderPricing();
    expect(within(rowOf('gpt-4o')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(rowOf('gpt-4o-mini')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(rowOf('gemini-2.5-pro')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('shows a read-only details dialog for View; Edit opens the create dialog filled from the tier', async () => {
    const { user } = await renderPricing();
    await user.click(within(rowOf('gpt-4o')).getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pricing Tier Details' });
    expect(within(dialog).getByText('Price change scheduled')).toBeInTheDocument();
    expect(within(dialog).getByText('$2.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Batch Price')).toBeInTheDocument();
    expect(within(dialog).getByText('50% of the price alone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('gpt-4o')).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Create Pricing Tier' });
    expect(within(edit).getByText(/Prices are never changed in place/)).toBeInTheDocument();
    expect(within(edit).getByRole('textbox', { name: /^Model/ })).toHaveValue('gpt-4o');
    expect(document.body).not.toHaveTextContent(/coming soon/i);
  });
});

describe('pricing filters and sort: sent to the server, kept in the URL', () => {
  it('sends provider, model (after a pause in typing) and active', async () => {
    const { user, router } = await renderPricing();

    await choose(user, 'Provider', 'openai');
    await waitFor(() => expect(listQuery()).toEqual({ provider: 'openai' }));
    await waitFor(() => expect(screen.queryByText('claude-sonnet-4')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'mini');
    await waitFor(() => expect(listQuery()).toEqual({ provider: 'openai', model: 'mini' }));
    // One request for the whole word, not one per key.
    expect(fakeDb.requestsTo('GET', '/v1/admin/pricing').filter((request) => request.query.model)).toHaveLength(1);

    await choose(user, 'Status', 'Inactive');
    await waitFor(() => expect(listQuery()).toEqual({ provider: 'openai', model: 'mini', active: 'false' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      provider: 'openai',
      model: 'mini',
      active: 'false',
    });

    await choose(user, 'Provider', 'All');
    await waitFor(() => expect(listQuery()).toEqual({ model: 'mini', active: 'false' }));
  });

  it('restores filters and sort from the URL', async () => {
    await renderPricing('/admin/pricing?provider=openai&active=true&model=gpt&sort=model:desc', 'gpt-4o');
    expect(fakeDb.requestsTo('GET', '/v1/admin/pricing')[0]?.query).toEqual({
      provider: 'openai',
      active: 'true',
      model: 'gpt',
    });
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveDisplayValue('openai');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Active');
    expect(screen.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt');
    expect(screen.getByRole('columnheader', { name: /Provider\/Model/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes a column sort into the URL', async () => {
    const { user, router } = await renderPricing();
    await user.click(within(screen.getByRole('columnheader', { name: /Prompt Price/ })).getByText(/Prompt Price/));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('prompt_cost_per_1m:asc'),
    );
    await waitFor(() => expect(models()[0]).toBe('gemini-2.5-flash'));
  });
});

describe('deactivating a pricing tier', () => {
  it('names the tier, asks with the exact sentence, sends DELETE on Confirm and the row turns Inactive', async () => {
    const { user } = await renderPricing();
    await user.click(within(rowOf('gpt-4o')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the standard tier of openai/gpt-4o?' });
    expect(within(dialog).getByText('Are you sure you want to deactivate this pricing tier?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(within(rowOf('gpt-4o')).getByText('Inactive')).toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', '/v1/admin/pricing')?.path).toBe('/v1/admin/pricing/pricing-gpt-4o');
    expect(within(rowOf('gpt-4o')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/admin/pricing')).toHaveLength(2);
  });

  it('Cancel sends nothing', async () => {
    const { user } = await renderPricing();
    await user.click(within(rowOf('gpt-4o')).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.requestsTo('DELETE', '/v1/admin/pricing')).toHaveLength(0);
  });

  it("says 'Failed to deactivate pricing tier' when it fails", async () => {
    fakeDb.failNext('DELETE', '/v1/admin/pricing/pricing-gpt-4o', { status: 500 });
    const { user } = await renderPricing();
    await user.click(within(rowOf('gpt-4o')).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to deactivate pricing tier')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rowOf('gpt-4o')).getByText('Active')).toBeInTheDocument();
  });
});

describe('/admin/pricing states', () => {
  it("logs a failed load and shows 'No pricing configurations found.'", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeDb.failNext('GET', '/v1/admin/pricing', { status: 500 });
    renderRoute('/admin/pricing');
    expect(await screen.findByText('No pricing configurations found.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load pricing tiers', expect.objectContaining({ status: 500 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it("shows 'No pricing configurations found.' when nothing matches", async () => {
    fakeDb.state.pricing = [];
    renderRoute('/admin/pricing');
    expect(await screen.findByText('No pricing configurations found.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
