import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute, renderWithProviders } from '../support/render';
import { BillingActions } from '../../src/features/billing/BillingActions';
import { RedeemCouponDialog } from '../../src/features/billing/RedeemCouponDialog';

async function openRedeem() {
  const rendered = renderWithProviders(<BillingActions teamId="team-acme" teamName="Acme AI" />);
  await rendered.user.click(screen.getByRole('button', { name: 'Redeem Coupon' }));
  const dialog = await screen.findByRole('dialog', { name: 'Redeem Coupon' });
  return { ...rendered, dialog, code: within(dialog).getByLabelText('Coupon Code') };
}

describe('Redeem Coupon dialog: input -> validated -> success', () => {
  it('asks for a code before calling the server', async () => {
    const { user, dialog } = await openRedeem();
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(within(dialog).getByText('Please enter a coupon code')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Coupon Code'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(within(dialog).getByText('Please enter a coupon code')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/teams/team-acme/coupons')).toHaveLength(0);
  });

  it('upper-cases on input, sends the trimmed code, redeems, and refreshes the balance', async () => {
    const { user, dialog, code, store } = await openRedeem();
    await user.type(code, ' welcome10 ');
    expect(code).toHaveValue(' WELCOME10 ');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByText('Coupon WELCOME10 is valid')).toBeInTheDocument();
    expect(within(dialog).getByText(/adds \$10\.00/)).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/teams/team-acme/coupons/validate')?.body).toEqual({ code: 'WELCOME10' });
    const balanceCalls = fakeDb.requestsTo('GET', '/v1/teams/team-acme/credits/balance').length;

    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Coupon redeemed!')).toBeInTheDocument();
    expect(within(dialog).getByText('$10.00 has been added to your credit balance.')).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/teams/team-acme/coupons/redeem')?.body).toEqual({ code: 'WELCOME10' });
    // The tag graph refetches the balance the actions hold.
    await waitFor(() =>
      expect(fakeDb.requestsTo('GET', '/v1/teams/team-acme/credits/balance').length).toBeGreaterThan(balanceCalls),
    );
    expect(store.getState().api?.queries['getCreditBalance("team-acme")']?.data).toMatchObject({
      current_balance: 755.5,
    });
  });

  it('returns to input with Different Code', async () => {
    const { user, dialog, code } = await openRedeem();
    await user.type(code, 'forever25');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    // FOREVER25 was already redeemed by Acme AI in the seed.
    expect(await within(dialog).findByText('Coupon already redeemed by this team')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Coupon Code'));
    await user.type(within(dialog).getByLabelText('Coupon Code'), 'welcome10');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await within(dialog).findByText('Coupon WELCOME10 is valid');
    await user.click(within(dialog).getByRole('button', { name: 'Different Code' }));
    expect(within(dialog).getByLabelText('Coupon Code')).toBeInTheDocument();
    expect(within(dialog).queryByText('Coupon WELCOME10 is valid')).not.toBeInTheDocument();
  });

  it.each([['the server message', { status: 404, message: 'Coupon not found' }, 'Coupon not found']])(
    'shows %s when validation fails',
    async (_name, failure, shown) => {
      fakeDb.failNext('POST', '/v1/teams/team-acme/coupons/validate', failure);
      const { user, dialog, code } = await openRedeem();
      await user.type(code, 'welcome10');
      await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
      expect(await within(dialog).findByText(shown)).toBeInTheDocument();
    },
  );

  it.each([
    [
      'the server message',
      { status: 409, message: 'Coupon already redeemed by this team' },
      'Coupon already redeemed by this team',
    ],
  ])('shows %s when redemption fails', async (_name, failure, shown) => {
    fakeDb.failNext('POST', '/v1/teams/team-acme/coupons/redeem', failure);
    const { user, dialog, code } = await openRedeem();
    await user.type(code, 'welcome10');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await within(dialog).findByText('Coupon WELCOME10 is valid');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText(shown)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Redeem' })).toBeInTheDocument();
  });

  it('asks to refresh when the team id is missing', async () => {
    const { user } = renderWithProviders(
      <RedeemCouponDialog open onClose={() => {}} teamId={undefined} teamName={undefined} />,
    );
    await user.type(screen.getByLabelText('Coupon Code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByText('Team ID is required. Please refresh the page and try again.')).toBeInTheDocument();
  });

  it('on billing, closes on success, says so, and reloads the balance, history and dashboard', async () => {
    const { user } = renderRoute('/billing');
    const balance = await screen.findByRole('region', { name: 'Credit Balance' }, { timeout: 5000 });
    expect(await within(balance).findByText('$745.50')).toBeInTheDocument();
    const dashboardCalls = fakeDb.requestsTo('GET', '/v1/teams/dashboard').length;
    const historyCalls = fakeDb.requestsTo('GET', '/v1/teams/team-acme/credits/history').length;
    await user.click(screen.getByRole('button', { name: 'Redeem Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Coupon' });
    await user.type(within(dialog).getByLabelText('Coupon Code'), 'welcome10');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Redeem' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Redeem Coupon' })).not.toBeInTheDocument());
    expect(screen.queryByText('Coupon redeemed!')).not.toBeInTheDocument();
    expect(await screen.findByText('Coupon redeemed: $10.00 added to your credit balance')).toBeInTheDocument();
    expect(await within(balance).findByText('$755.50')).toBeInTheDocument();
    await waitFor(() => expect(fakeDb.requestsTo('GET', '/v1/teams/dashboard').length).toBeGreaterThan(dashboardCalls));
    expect(fakeDb.requestsTo('GET', '/v1/teams/team-acme/credits/history').length).toBeGreaterThan(historyCalls);
  });

  it('offers no coupon or credits to a user without a team, who is steered to set one up', async () => {
    fakeDb.signInAs('carol');
    renderRoute('/billing');
    await screen.findByText('Welcome to AI Model Gateway!');
    expect(screen.getByRole('link', { name: 'Create Your Team' })).toHaveAttribute('href', '/team');
    expect(screen.queryByRole('button', { name: 'Redeem Coupon' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Credits' })).not.toBeInTheDocument();
  });
});
