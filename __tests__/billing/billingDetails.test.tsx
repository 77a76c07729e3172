import { screen, waitFor, within } from '@testing-library/react';
import { ACME_TEAM_ID, fakeDb, FAKE_NOW } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { axeViolations } from '../support/axe';

beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

const DETAILS_PATH = `/v1/teams/${ACME_TEAM_ID}/billing-details`;

function renderBilling() {
  return renderRoute('/billing', { userOptions: { advanceTimers: jest.advanceTimersByTime } });
}

const detailsCard = () => screen.findByRole('region', { name: 'Billing Details' });

describe('Billing Details on /billing', () => {
  /** The owner's form, with its three fields. */
  async function ownerForm() {
    const card = await detailsCard();
    const form = await within(card).findByRole('form', { name: 'Billing details' });
    return {
      card,
      form,
      name: within(form).getByRole('textbox', { name: 'Legal name' }),
      address: within(form).getByRole('textbox', { name: 'Billing address' }),
      taxId: within(form).getByRole('textbox', { name: 'Tax ID (optional)' }),
      save: () => within(form).getByRole('button', { name: 'Save Billing Details' }),
    };
  }

  it('the owner edits them: the rules speak under the fields, and nothing is sent', async () => {
    const { user } = renderBilling();
    const { name, address, taxId, save } = await ownerForm();
    expect(name).toHaveValue('Acme AI Ltd');
    expect(address).toHaveValue('42 Innovation Way\nCambridge CB2 1TN\nUnited Kingdom');

    await user.clear(name);
    await user.clear(taxId);
    await user.type(taxId, 'GB <123>');
    await user.click(save());
    expect(name).toHaveAccessibleDescription('Enter the legal name to print on invoices.');
    expect(name).toBeInvalid();
    expect(taxId).toHaveAccessibleDescription(
      'The tax ID may contain only letters, digits, spaces, dots, dashes and slashes.',
    );
    expect(fakeDb.lastRequest('PUT', DETAILS_PATH)).toBeUndefined();
  });

  // Typed in one go (paste): keystroke by keystroke through user-event, the two tests were one that took over 10 s
  // under CI's busy core (docs/testing.md, "Test times"); typing is what the test above does.
  it('the owner edits them: the server saves what was typed, trimmed, and the form shows what it saved', async () => {
    const { user } = renderBilling();
    const { card, name, address, taxId, save } = await ownerForm();
    await user.clear(name);
    await user.paste('  Acme Research GmbH ');
    await user.clear(taxId);
    await user.paste('DE 123/456/789');
    await user.clear(address);
    await user.paste('Hauptstraße 5\n\n10115 Berlin');
    await user.click(save());
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', DETAILS_PATH)?.body).toEqual({
      legal_name: '  Acme Research GmbH ',
      address: 'Hauptstraße 5\n\n10115 Berlin',
      tax_id: 'DE 123/456/789',
    });
    await waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'Legal name' })).toHaveValue('Acme Research GmbH'),
    );
    expect(within(card).getByRole('textbox', { name: 'Billing address' })).toHaveValue('Hauptstraße 5\n10115 Berlin');
    expect(fakeDb.state.billingDetails[ACME_TEAM_ID].legal_name).toBe('Acme Research GmbH');
  });

  it("shows the server's refusal above the form", async () => {
    fakeDb.failNext('PUT', DETAILS_PATH, {
      status: 400,
      message: 'The legal name uses characters invoices cannot print: 株.',
    });
    const { user } = renderBilling();
    const card = await detailsCard();
    await user.click(await within(card).findByRole('button', { name: 'Save Billing Details' }));
    expect(
      await within(card).findByText('The legal name uses characters invoices cannot print: 株.'),
    ).toBeInTheDocument();
  });

  it('a member reads them and cannot edit', async () => {
    fakeDb.signInAs('bob');
    renderBilling();
    const card = await detailsCard();
    expect(await within(card).findByText('Acme AI Ltd')).toBeInTheDocument();
    expect(within(card).getByText('GB123456789')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save Billing Details' })).not.toBeInTheDocument();
  });

  it('before the owner saves any, a member is told what invoices print instead', async () => {
    delete fakeDb.state.billingDetails[ACME_TEAM_ID];
    fakeDb.signInAs('bob');
    renderBilling();
    const card = await detailsCard();
    expect(
      await within(card).findByText(
        'No billing details yet: invoices name the team as Acme AI. The team owner can add a legal name, an address and a tax ID here.',
      ),
    ).toBeInTheDocument();
  });

  it('is usable at 375 px: the owner edits and saves', async () => {
    setViewportWidth(375);
    const { user } = renderBilling();
    const card = await detailsCard();
    const name = await within(card).findByRole('textbox', { name: 'Legal name' });
    await user.clear(name);
    await user.type(name, 'Acme Mobile Ltd');
    await user.click(within(card).getByRole('button', { name: 'Save Billing Details' }));
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
  });

  it('has no axe violations, for the owner with errors showing and for a member', async () => {
    const { user, unmount } = renderBilling();
    const card = await detailsCard();
    const name = await within(card).findByRole('textbox', { name: 'Legal name' });
    await user.clear(name);
    await user.click(within(card).getByRole('button', { name: 'Save Billing Details' }));
    expect(await axeViolations(card)).toEqual([]);
    unmount();
    fakeDb.signInAs('bob');
    renderBilling();
    const read = await detailsCard();
    await within(read).findByText('Acme AI Ltd');
    expect(await axeViolations(read)).toEqual([]);
  });
});
