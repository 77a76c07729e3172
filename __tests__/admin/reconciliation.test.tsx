import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { choose, fill } from './adminGrid';

beforeEach(() => fakeDb.signInAs('admin'));

// The page (and the DataGrid's chunk) loads lazily: slow when the machine is busy, as in CI beside other steps.
const grid = (name: string) => screen.findByRole('grid', { name }, { timeout: 15_000 });

async function rowIn(name: string, text: string) {
  const found = await within(await grid(name)).findByText(text);
  const row = found.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row of ${name} shows ${text}`);
  return row;
}

describe('/admin/routing: reconciliation against the providers’ reports', () => {
  it('lists each day and model, ours beside theirs, what differs named; the credential says when it was reconciled', async () => {
    renderRoute('/admin/routing', { userOptions: { delay: null } });
    const reconciliation = await grid('Reconciliation');
    const flagged = within(reconciliation)
      .getByText('output tokens: ours 9,600, theirs 10,300')
      .closest<HTMLElement>('[role="row"]')!;
    expect(within(flagged).getByText('Differs')).toBeInTheDocument();
    expect(within(flagged).getByText('9,600 / 10,300')).toBeInTheDocument();
    expect(within(flagged).getByText('$28.80 / $22.65')).toBeInTheDocument();
    expect(within(flagged).getByText('anthropic · Anthropic main')).toBeInTheDocument();
    expect(within(reconciliation).getAllByText('Agrees')).toHaveLength(1);
    const credential = await rowIn('Provider credentials', 'Anthropic main');
    expect(within(credential).getByText(/^Reconciled /)).toBeInTheDocument();
  });

  it('Reconcile now asks the server to read the reports and says it did', async () => {
    const { user } = renderRoute('/admin/routing', { userOptions: { delay: null } });
    await grid('Reconciliation');
    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('Reconciled with the providers’ reports')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/admin/routing/reconciliation/run')).toHaveLength(1);
  });

  it('a credential is added with its usage key, a password field whose value never comes back', async () => {
    const { user } = renderRoute('/admin/routing', { userOptions: { delay: null } });
    await grid('Provider credentials');
    await user.click(screen.getByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Provider Credential' });
    await choose(user, 'Provider', 'openai');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'OpenAI main');
    await fill(user, within(dialog).getByLabelText(/^API key/), 'sk-openai-secret-1234');
    const usageKey = within(dialog).getByLabelText(/^Usage key/);
    expect(usageKey).toHaveAttribute('type', 'password');
    await fill(user, usageKey, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add Credential' }));
    expect(within(dialog).getByText('The usage key must be at least 8 characters')).toBeInTheDocument();
    await fill(user, usageKey, 'sk-admin-openai-5678');
    await user.click(within(dialog).getByRole('button', { name: 'Add Credential' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('POST', '/v1/admin/routing/credentials')?.body).toMatchObject({
      provider: 'openai',
      usage_key: 'sk-admin-openai-5678',
    });
    const added = await rowIn('Provider credentials', 'OpenAI main');
    expect(within(added).getByText('Not reconciled yet')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk-admin-openai-5678');
  });
});
