import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { choose, fill } from './adminGrid';
import { asAdminAtFakeNow, grid, rowIn, openPage } from './routingPage';

// Provider credentials and provider health on /admin/routing; routes and deployments are in routing.test.tsx.
asAdminAtFakeNow();

describe('/admin/routing: provider credentials and health', () => {
  it('adds a credential: the key field is a password, and the key is never shown afterwards', async () => {
    const { user } = await openPage();
    await grid('Provider credentials');
    await user.click(screen.getByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Provider Credential' });
    const secretField = within(dialog).getByLabelText(/^API key/);
    expect(secretField).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText('Stored encrypted; it cannot be shown again')).toBeInTheDocument();

    await choose(user, 'Provider', 'openai');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'OpenAI prod');
    await fill(user, secretField, 'sk-proj-brand-new-secret-77aa');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Base URL/ }), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Add Credential' }));
    expect(within(dialog).getByText('Base URL must start with http:// or https://')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /^Base URL/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Credential' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(fakeDb.lastRequest('POST', '/v1/admin/routing/credentials')?.body).toEqual({
      provider: 'openai',
      name: 'OpenAI prod',
      secret: 'sk-proj-brand-new-secret-77aa',
      base_url: null,
    });
    const row = await rowIn('Provider credentials', 'OpenAI prod');
    expect(within(row).getByText('…77aa')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk-proj-brand-new-secret-77aa');
  });

  it('switches provider health between the last hour and the last day', async () => {
    const { user } = await openPage();
    const hourRow = await rowIn('Provider health', 'echo/flaky → echo/unavailable-1');
    expect(within(hourRow).getByText('100%')).toBeInTheDocument();
    expect(within(hourRow).getByText('Upstream error')).toBeInTheDocument();
    expect(within(hourRow).getByText(/^Cooling until \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeInTheDocument();
    expect(within(await rowIn('Provider health', 'echo/flaky → echo/echo-1')).getByText('Closed')).toBeInTheDocument();
    expect(within(await grid('Provider health')).queryByText('openai/gpt-4o (direct)')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Day' }));
    const direct = await rowIn('Provider health', 'openai/gpt-4o (direct)');
    expect(within(direct).getByText('5%')).toBeInTheDocument();
    expect(within(direct).getByText('120 / 2,450 ms')).toBeInTheDocument();
    expect(within(direct).getByText('Upstream timeout')).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', '/v1/admin/routing/health')?.query).toEqual({ window: 'day' });
    expect(
      within(await rowIn('Provider health', 'echo/flaky → echo/unavailable-1')).getByText('80'),
    ).toBeInTheDocument();
  });

  it('refuses to delete a credential a deployment uses, with the server’s reason', async () => {
    const { user } = await openPage();
    const row = await rowIn('Provider credentials', 'Anthropic main');
    await user.click(within(row).getByRole('button', { name: 'Delete credential' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete the anthropic credential Anthropic main/ });
    await user.click(within(confirm).getByRole('button', { name: /Confirm|Delete|Deactivate/ }));
    expect(await screen.findByText('Failed to delete credential')).toBeInTheDocument();
    expect(screen.getByText(/used by 1 deployment/)).toBeInTheDocument();
  });
});
