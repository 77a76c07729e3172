import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { fill, rowOf } from './adminGrid';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
});
afterEach(() => jest.useRealTimers());

async function renderCoupons() {
  const rendered = renderRoute('/admin/coupons', { userOptions: { delay: null } });
  await screen.findByRole('grid', { name: 'Coupons' }, { timeout: 5000 });
  await screen.findByText('WELCOME10');
  return rendered;
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label });
const numberField = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('spinbutton', { name: label });
const expiryField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Expires At/);

describe("'Create New Coupon'", () => {
  it('generates a code, sends the exact body, toasts and shows the new row', async () => {
    const { user } = await renderCoupons();
    await user.click(screen.getByRole('button', { name: 'Create New Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Coupon' });
    expect(numberField(dialog, /^Max Uses/)).toHaveValue(1);

    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect((field(dialog, /^Code/) as HTMLInputElement).value).toMatch(/^SAVE[A-Z2-9]{8}$/));
    expect(fakeDb.lastRequest('POST', '/v1/admin/coupons/generate-code')?.body).toEqual({ prefix: 'SAVE', length: 8 });
    const code = (field(dialog, /^Code/) as HTMLInputElement).value;

    await fill(user, numberField(dialog, /^Amount/), '12.5');
    await fill(user, numberField(dialog, /^Max Uses/), '3');
    fireEvent.change(expiryField(dialog), { target: { value: '2026-12-31T23:59' } });
    await fill(user, field(dialog, /^Description/), 'Holiday gift');
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText('Coupon created successfully!')).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/admin/coupons')?.body).toEqual({
      code,
      amount_usd: 12.5,
      max_uses: 3,
      expires_at: '2026-12-31T23:59:00.000Z',
      description: 'Holiday gift',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await waitFor(() => rowOf(code));
    expect(within(row).getByText('$12.50')).toBeInTheDocument();
    expect(within(row).getByText('0 / 3')).toBeInTheDocument();
  });

  it('leaves the expiry and description out when empty', async () => {
    const { user } = await renderCoupons();
    await user.click(screen.getByRole('button', { name: 'Create New Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Coupon' });
    await fill(user, field(dialog, /^Code/), 'NEWBIE');
    await fill(user, numberField(dialog, /^Amount/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }));
    await screen.findByText('Coupon created successfully!');
    expect(fakeDb.lastRequest('POST', '/v1/admin/coupons')?.body).toEqual({
      code: 'NEWBIE',
      amount_usd: 5,
      max_uses: 1,
    });
  });

  it('requires a code and an amount before sending', async () => {
    const { user } = await renderCoupons();
    await user.click(screen.getByRole('button', { name: 'Create New Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Coupon' });
    await fill(user, numberField(dialog, /^Max Uses/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }));
    expect(within(dialog).getByText('Code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required and must be more than $0')).toBeInTheDocument();
    expect(within(dialog).getByText('Max uses must be a whole number of at least 1')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/admin/coupons')).toHaveLength(0);
  });

  it("shows 'Failed to create coupon' with the server's reason for a duplicate code", async () => {
    const { user } = await renderCoupons();
    await user.click(screen.getByRole('button', { name: 'Create New Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Coupon' });
    await fill(user, field(dialog, /^Code/), 'WELCOME10');
    await fill(user, numberField(dialog, /^Amount/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Coupon' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create coupon');
    expect(alert).toHaveTextContent('Coupon code already exists');
    expect(screen.getByRole('dialog', { name: 'Create New Coupon' })).toBeInTheDocument();
  });
});

describe("'Edit Coupon'", () => {
  async function openEdit(code: string) {
    const rendered = await renderCoupons();
    await rendered.user.click(within(rowOf(code)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Coupon' });
    return { ...rendered, dialog };
  }

  it('opens prefilled and sends only the changed amount; the row updates without a reload', async () => {
    const { user, dialog } = await openEdit('WELCOME10');
    expect(field(dialog, /^Code/)).toHaveValue('WELCOME10');
    expect(numberField(dialog, /^Amount/)).toHaveValue(10);
    expect(numberField(dialog, /^Max Uses/)).toHaveValue(100);
    expect(expiryField(dialog)).toHaveValue('2027-01-14T12:00');
    expect(field(dialog, /^Description/)).toHaveValue('Welcome bonus');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();

    await fill(user, numberField(dialog, /^Amount/), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Coupon updated successfully!')).toBeInTheDocument();
    const put = fakeDb.lastRequest('PUT', '/v1/admin/coupons');
    expect(put?.path).toBe('/v1/admin/coupons/coupon-welcome10');
    expect(put?.body).toEqual({ amount_usd: 15 });
    await waitFor(() => expect(within(rowOf('WELCOME10')).getByText('$15.00')).toBeInTheDocument());
  });

  it('clears the expiry (null) and switches the coupon off', async () => {
    const { user, dialog } = await openEdit('WELCOME10');
    fireEvent.change(expiryField(dialog), { target: { value: '' } });
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Coupon updated successfully!');
    expect(fakeDb.lastRequest('PUT', '/v1/admin/coupons')?.body).toEqual({ expires_at: null, active: false });
    await waitFor(() => expect(within(rowOf('WELCOME10')).getByText('Inactive')).toBeInTheDocument());
    expect(within(rowOf('WELCOME10')).getByText('No expiry')).toBeInTheDocument();
  });

  it('sends nothing and closes when nothing changed', async () => {
    const { user, dialog } = await openEdit('FOREVER25');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.requestsTo('PUT', '/v1/admin/coupons')).toHaveLength(0);
  });

  it("says 'Failed to update coupon' when saving fails", async () => {
    fakeDb.failNext('PUT', '/v1/admin/coupons/coupon-forever25', { status: 500 });
    const { user, dialog } = await openEdit('FOREVER25');
    await fill(user, numberField(dialog, /^Max Uses/), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update coupon');
    expect(fakeDb.lastRequest('PUT', '/v1/admin/coupons')?.body).toEqual({ max_uses: 2000 });
  });
});

describe("'Coupon Details'", () => {
  it('shows code with copy, amount, usage, status, expiry, description and created', async () => {
    const { user } = await renderCoupons();
    await user.click(within(rowOf('WELCOME10')).getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coupon Details' });
    for (const text of [
      'WELCOME10',
      '$10.00',
      '12 / 100 (88 remaining)',
      'Active',
      'Jan 14, 2027, 12:00 PM',
      'Welcome bonus',
      'Sep 26, 2026, 12:00 PM',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'Copy code WELCOME10' }));
    expect(writeText).toHaveBeenCalledWith('WELCOME10');
    expect(await screen.findByText('Code copied to clipboard!')).toBeInTheDocument();
  });
});
