import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderWithProviders } from '../support/render';
import { CreditHistory } from '../../src/features/billing/CreditHistory';

const HISTORY_PATH = '/v1/teams/team-acme/credits/history';

function renderHistory(limit?: number) {
  const rendered = renderWithProviders(<CreditHistory teamId="team-acme" limit={limit} />);
  const region = screen.getByRole('region', { name: 'Credit History' });
  return { ...rendered, region };
}

const rows = async (region: HTMLElement) =>
  within(await within(region).findByRole('list', { name: 'Credit transactions' })).getAllByRole('listitem');

describe('Credit History widget', () => {
  it('asks for 20 entries by default and for the limit it is given', async () => {
    renderHistory();
    await screen.findByRole('list', { name: 'Credit transactions' });
    expect(fakeDb.lastRequest('GET', HISTORY_PATH)?.query).toEqual({ limit: '20', offset: '0' });
  });

  it('shows each entry with its type label, description, signed amount and date, newest first', async () => {
    const { region } = renderHistory(10);
    const entries = await rows(region);
    expect(fakeDb.lastRequest('GET', HISTORY_PATH)?.query.limit).toBe('10');
    expect(entries).toHaveLength(7);
    expect(entries[0]).toHaveTextContent('Top-up');
    expect(entries[0]).toHaveTextContent('Credit top-up (order ord-009)');
    expect(entries[0]).toHaveTextContent('+$500.00');
    expect(entries[0]).toHaveTextContent('Nov 14, 2026');
    // Every entry our server writes has a known type: none reads 'Unknown'.
    expect(entries[1]).toHaveTextContent('Adjustment');
    expect(entries[1]).toHaveTextContent('Goodwill credit');
    entries.forEach((entry) => expect(entry).not.toHaveTextContent('Unknown'));
    expect(entries[2]).toHaveTextContent('Transfer');
    expect(entries[2]).toHaveTextContent('-$50.00');
    expect(entries[3]).toHaveTextContent('Adjustment');
    expect(entries[4]).toHaveTextContent('Refund');
  });

  it.each([
    ['Top-ups', 3, 'Top-up'],
    ['Refunds', 1, 'Refund'],
    ['Adjustments', 2, 'Adjustment'],
  ])('filters by %s on the client', async (chip, count, label) => {
    const { region, user } = renderHistory();
    await rows(region);
    const requests = fakeDb.requestsTo('GET', HISTORY_PATH).length;
    await user.click(within(region).getByRole('button', { name: chip }));
    const filtered = await rows(region);
    expect(filtered).toHaveLength(count);
    filtered.forEach((row) => expect(row).toHaveTextContent(label));
    expect(within(region).getByRole('button', { name: chip })).toHaveAttribute('aria-pressed', 'true');
    expect(fakeDb.requestsTo('GET', HISTORY_PATH)).toHaveLength(requests);
    await user.click(within(region).getByRole('button', { name: 'All' }));
    expect(await rows(region)).toHaveLength(7);
  });

  it('says so when there are no transactions, or none of a type', async () => {
    fakeDb.state.credits = fakeDb.state.credits.filter((entry) => entry.type !== 'refund');
    const { region, user } = renderHistory();
    await rows(region);
    await user.click(within(region).getByRole('button', { name: 'Refunds' }));
    expect(within(region).getByText('No transactions found')).toBeInTheDocument();
    expect(within(region).getByText('No refund transactions found.')).toBeInTheDocument();
  });

  it('shows "No credit transactions yet." for a new team', async () => {
    fakeDb.state.credits = [];
    const { region } = renderHistory();
    expect(await within(region).findByText('No transactions found')).toBeInTheDocument();
    expect(within(region).getByText('No credit transactions yet.')).toBeInTheDocument();
  });

  it('reloads with Refresh', async () => {
    const { region, user } = renderHistory();
    await rows(region);
    fakeDb.state.credits.push({
      id: 'credit-99',
      team_id: 'team-acme',
      type: 'refund',
      amount: 3,
      description: 'Late refund',
      created_at: fakeDb.now().toISOString(),
    });
    await user.click(within(region).getByRole('button', { name: 'Refresh' }));
    expect(await within(region).findByText('Late refund')).toBeInTheDocument();
  });

  it('shows the error with Retry, and recovers', async () => {
    fakeDb.failNext('GET', HISTORY_PATH, { status: 500, message: 'Ledger unavailable' });
    const { region, user } = renderHistory();
    expect(await within(region).findByText('Error loading credit history')).toBeInTheDocument();
    expect(within(region).getByText('Ledger unavailable')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await rows(region)).toHaveLength(7);
  });
});
