import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { choose, rowOf } from './adminGrid';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
});
afterEach(() => jest.useRealTimers());

async function renderCoupons(path = '/admin/coupons') {
  const rendered = renderRoute(path, { userOptions: { delay: null } });
  await screen.findByRole('grid', { name: 'Coupons' }, { timeout: 5000 });
  return rendered;
}

const listQuery = () => fakeDb.lastRequest('GET', '/v1/admin/coupons')?.query;

describe('/admin/coupons table', () => {
  it('shows code, amount, uses, expiry and the display status of each coupon', async () => {
    fakeDb.state.coupons.find((coupon) => coupon.code === 'LAUNCH50')!.current_uses = 7; // over-used: never negative
    await renderCoupons();
    await screen.findByText('WELCOME10');
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(listQuery()).toEqual({ sort_by: 'created_at' });

    const welcome = rowOf('WELCOME10');
    expect(within(welcome).getByText('Welcome bonus')).toBeInTheDocument();
    expect(within(welcome).getByText('$10.00')).toBeInTheDocument();
    expect(within(welcome).getByText('12 / 100')).toBeInTheDocument();
    expect(within(welcome).getByText('88 remaining')).toBeInTheDocument();
    expect(within(welcome).getByText('Jan 14, 2027, 12:00 PM')).toBeInTheDocument();
    expect(within(welcome).getByText('Active')).toBeInTheDocument();

    const launch = rowOf('LAUNCH50');
    expect(within(launch).getByText('7 / 5')).toBeInTheDocument();
    expect(within(launch).getByText('0 remaining')).toBeInTheDocument();
    expect(within(launch).getByText('Max uses reached')).toBeInTheDocument();

    expect(within(rowOf('OLDPROMO')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('FOREVER25')).getByText('No expiry')).toBeInTheDocument();
    expect(within(rowOf('SPRING5')).getByText('Inactive')).toBeInTheDocument();
  });

  it('offers Deactivate only for active coupons', async () => {
    await renderCoupons();
    await screen.findByText('WELCOME10');
    expect(within(rowOf('WELCOME10')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(rowOf('SPRING5')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(rowOf('SPRING5')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('copies a code and says so', async () => {
    const { user } = await renderCoupons();
    const copyButton = await screen.findByRole('button', { name: 'Copy code FOREVER25' });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(copyButton);
    expect(await screen.findByText('Code copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('FOREVER25');
  });
});

describe('coupon filters go to the server and into the URL', () => {
  it('sends active, has_uses_remaining and sort_by', async () => {
    const { user, router } = await renderCoupons();
    await screen.findByText('WELCOME10');

    await choose(user, 'Status', 'Inactive');
    await waitFor(() => expect(listQuery()).toEqual({ active: 'false', sort_by: 'created_at' }));
    expect(await screen.findByText('SPRING5')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('WELCOME10')).not.toBeInTheDocument());

    await choose(user, 'Status', 'Active');
    await choose(user, 'Has Uses Remaining', 'Fully used');
    await waitFor(() =>
      expect(listQuery()).toEqual({ active: 'true', has_uses_remaining: 'false', sort_by: 'created_at' }),
    );

    await choose(user, 'Has Uses Remaining', 'Has uses remaining');
    await choose(user, 'Sort By', 'Amount');
    await waitFor(() => expect(listQuery()).toEqual({ active: 'true', has_uses_remaining: 'true', sort_by: 'amount' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      active: 'true',
      has_uses_remaining: 'true',
      sort_by: 'amount',
    });

    await choose(user, 'Status', 'All');
    await waitFor(() => expect(listQuery()).toEqual({ has_uses_remaining: 'true', sort_by: 'amount' }));
  });

  it('restores the filters from the URL', async () => {
    await renderCoupons('/admin/coupons?active=true&has_uses_remaining=false&sort_by=expires_at');
    await screen.findByText('LAUNCH50');
    expect(listQuery()).toEqual({ active: 'true', has_uses_remaining: 'false', sort_by: 'expires_at' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Active');
    expect(screen.getByRole('combobox', { name: 'Has Uses Remaining' })).toHaveDisplayValue('Fully used');
    expect(screen.getByRole('combobox', { name: 'Sort By' })).toHaveDisplayValue('Expiry date');
  });
});

describe('deactivating a coupon', () => {
  it('names the coupon, asks with the exact sentence; Cancel sends nothing', async () => {
    const { user } = await renderCoupons();
    await screen.findByText('WELCOME10');
    await user.click(within(rowOf('WELCOME10')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate coupon WELCOME10?' });
    expect(within(dialog).getByText('Are you sure you want to deactivate this coupon?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.requestsTo('DELETE', '/v1/admin/coupons')).toHaveLength(0);
  });

  it('sends DELETE on Confirm, toasts, and the row turns Inactive without a reload', async () => {
    const { user } = await renderCoupons();
    await screen.findByText('WELCOME10');
    await user.click(within(rowOf('WELCOME10')).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Coupon deactivated successfully!')).toBeInTheDocument();
    expect(fakeDb.lastRequest('DELETE', '/v1/admin/coupons')?.path).toBe('/v1/admin/coupons/coupon-welcome10');
    await waitFor(() => expect(within(rowOf('WELCOME10')).getByText('Inactive')).toBeInTheDocument());
    expect(within(rowOf('WELCOME10')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/admin/coupons')).toHaveLength(2);
  });

  it("says 'Failed to deactivate coupon' when it fails and keeps the row active", async () => {
    fakeDb.failNext('DELETE', '/v1/admin/coupons/coupon-welcome10', { status: 500 });
    const { user } = await renderCoupons();
    await screen.findByText('WELCOME10');
    await user.click(within(rowOf('WELCOME10')).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to deactivate coupon')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rowOf('WELCOME10')).getByText('Active')).toBeInTheDocument();
  });
});

describe('/admin/coupons states', () => {
  it("shows 'No coupons found.' when the list load fails", async () => {
    fakeDb.failNext('GET', '/v1/admin/coupons', { status: 500 });
    await renderCoupons();
    expect(await screen.findByText('No coupons found.')).toBeInTheDocument();
    expect(screen.queryByText('WELCOME10')).not.toBeInTheDocument();
  });

  it("shows 'No coupons found.' when there are none", async () => {
    fakeDb.state.coupons = [];
    await renderCoupons();
    expect(await screen.findByText('No coupons found.')).toBeInTheDocument();
  });

  it('pages through 10,000 coupons, rendering one page at a time', async () => {
    fakeDb.state.coupons = [];
    fakeDb.addCoupons(10_000);
    await renderCoupons();
    await screen.findByText('BULK10000');
    // The newest first (sort_by created_at), 25 rows on a page.
    expect(within(screen.getByRole('grid')).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 of 10,000')).toBeInTheDocument();
  });
});
