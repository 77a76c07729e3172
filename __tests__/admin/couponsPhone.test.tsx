import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';

// Below the 768 px breakpoint the coupons table is a list of cards (CouponList): the same columns, actions
// and states as the grid, 25 to a page.

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
  setViewportWidth(375);
});
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

async function renderCouponCards() {
  const rendered = renderRoute('/admin/coupons', { userOptions: { delay: null } });
  await screen.findByRole('list', { name: 'Coupons' }, { timeout: 5000 });
  return rendered;
}

/** The card (list item) that shows `code`. */
function cardOf(code: string): HTMLElement {
  const card = within(screen.getByRole('list', { name: 'Coupons' }))
    .getByText(code)
    .closest('li');
  if (!card) throw new Error(`no card shows ${code}`);
  return card;
}

const codesShown = () =>
  within(screen.getByRole('list', { name: 'Coupons' }))
    .getAllByRole('listitem')
    .map((card) => card.querySelector('p')?.textContent);

describe('/admin/coupons on a phone', () => {
  it('shows each coupon as a card with the grid columns, and no grid', async () => {
    fakeDb.state.coupons.find((coupon) => coupon.code === 'LAUNCH50')!.current_uses = 7;
    await renderCouponCards();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    const welcome = cardOf('WELCOME10');
    expect(within(welcome).getByText('Welcome bonus')).toBeInTheDocument();
    expect(within(welcome).getByText('$10.00')).toBeInTheDocument();
    expect(within(welcome).getByText('12 / 100 · 88 remaining')).toBeInTheDocument();
    expect(within(welcome).getByText('Jan 14, 2027, 12:00 PM')).toBeInTheDocument();
    expect(within(welcome).getByText('Active')).toBeInTheDocument();
    expect(within(welcome).getByRole('button', { name: 'Copy code WELCOME10' })).toBeInTheDocument();

    expect(within(cardOf('LAUNCH50')).getByText('7 / 5 · 0 remaining')).toBeInTheDocument();
    expect(within(cardOf('LAUNCH50')).getByText('Max uses reached')).toBeInTheDocument();
    expect(within(cardOf('OLDPROMO')).getByText('Expired')).toBeInTheDocument();
    expect(within(cardOf('FOREVER25')).getByText('No expiry')).toBeInTheDocument();
    // Deactivate only for an active coupon (docs/rules.md#coupons).
    expect(within(cardOf('SPRING5')).getByText('Inactive')).toBeInTheDocument();
    expect(within(cardOf('SPRING5')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(welcome).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('pages through 10,000 coupons 25 at a time', async () => {
    fakeDb.state.coupons = [];
    fakeDb.addCoupons(10_000);
    const { user } = await renderCouponCards();
    expect(await screen.findByText('1–25 of 10,000')).toBeInTheDocument();
    expect(codesShown()).toHaveLength(25);
    expect(codesShown()[0]).toBe('BULK10000');
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–50 of 10,000')).toBeInTheDocument();
    expect(codesShown()[0]).toBe('BULK9975');
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('1–25 of 10,000')).toBeInTheDocument();
    expect(codesShown()[0]).toBe('BULK10000');
  });

  it('deactivates from a card after the confirmation, and the card turns Inactive', async () => {
    const { user } = await renderCouponCards();
    await user.click(within(cardOf('WELCOME10')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate coupon WELCOME10?' });
    expect(within(dialog).getByText('Are you sure you want to deactivate this coupon?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Coupon deactivated successfully!')).toBeInTheDocument();
    expect(fakeDb.lastRequest('DELETE', '/v1/admin/coupons')?.path).toBe('/v1/admin/coupons/coupon-welcome10');
    await waitFor(() => expect(within(cardOf('WELCOME10')).getByText('Inactive')).toBeInTheDocument());
    expect(within(cardOf('WELCOME10')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('opens the details and the edit dialogs of a card, and copies its code', async () => {
    const { user } = await renderCouponCards();
    await user.click(within(cardOf('FOREVER25')).getByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'Coupon Details' });
    expect(within(details).getByText('FOREVER25')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(cardOf('FOREVER25')).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Coupon' });
    expect(within(edit).getByRole('textbox', { name: /Code/ })).toHaveValue('FOREVER25');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(cardOf('FOREVER25')).getByRole('button', { name: 'Copy code FOREVER25' }));
    expect(await screen.findByText('Code copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('FOREVER25');
  });

  it("says 'No coupons found.' when there are none or the list fails to load", async () => {
    fakeDb.failNext('GET', '/v1/admin/coupons', { status: 500 });
    renderRoute('/admin/coupons');
    expect(await screen.findByText('No coupons found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Coupons' })).not.toBeInTheDocument();
  });
});
