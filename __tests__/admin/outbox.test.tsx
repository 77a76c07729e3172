import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { axeViolations } from '../support/axe';
import { ADMIN_OUTBOX_PATH } from '../../contract/apiPaths';

// Admin → Outbox (docs/alerts.md#email): the email kept when no SMTP server is configured.

describe('/admin/outbox', () => {
  it('an administrator reads every email, newest first, with its recipients, status and text', async () => {
    fakeDb.signInAs('admin');
    renderRoute('/admin/outbox');
    const mails = await screen.findAllByRole('article', {}, { timeout: 10_000 });
    expect(mails.map((mail) => within(mail).getByRole('heading').textContent)).toEqual([
      '[AI Model Gateway] Acme AI has used 50% of its monthly budget',
      'Alice Anderson invited you to Acme AI on AI Model Gateway',
    ]);
    expect(within(mails[0]).getByText(/^To alice@example\.com · /)).toBeInTheDocument();
    expect(within(mails[0]).getByText('Kept here')).toBeInTheDocument();
    expect(within(mails[1]).getByText('Invitation')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', ADMIN_OUTBOX_PATH)?.query).toEqual({ limit: '20', offset: '0' });
    expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
  });

  it('is for administrators only', async () => {
    renderRoute('/admin/outbox');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', ADMIN_OUTBOX_PATH)).toHaveLength(0);
  });
});
