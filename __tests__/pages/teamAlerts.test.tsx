import { screen, waitFor, within } from '@testing-library/react';
import { ACME_TEAM_ID, fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';
import { axeViolations } from '../support/axe';
import { fill } from '../admin/adminGrid';
import { ALERT_SETTINGS_PATH, WEBHOOK_ENDPOINTS_PATH } from '../../contract/apiPaths';

// Team Settings → Alerts (docs/alerts.md): the owner's settings and webhooks, over the fake backend.

const FIRST_RENDER = { timeout: 10_000 };

async function openAlerts() {
  const rendered = renderRoute('/team', { userOptions: { delay: null } });
  const section = await screen.findByRole('region', { name: 'Alerts' }, FIRST_RENDER);
  await within(section).findByRole('form', { name: 'Alert settings' }, FIRST_RENDER);
  return { ...rendered, section };
}

const field = (section: HTMLElement, name: string) => within(section).getByRole('textbox', { name });

afterEach(() => setViewportWidth(1024));

describe('Team Settings → Alerts', () => {
  it('the owner sets the alerts: the rules speak under the fields, then the whole settings are saved', async () => {
    const { user, section } = await openAlerts();
    const thresholds = field(section, 'Budget alerts (% of the monthly budget)');
    expect(thresholds).toHaveValue('50, 80, 100');
    expect(within(section).getByText(/always told, by email \(alice@example\.com\)/)).toBeInTheDocument();

    await fill(user, thresholds, '80, 0');
    await fill(user, field(section, 'Credit balance below ($)'), 'ten');
    await user.click(within(section).getByRole('button', { name: 'Save Alerts' }));
    expect(thresholds).toHaveAccessibleDescription(
      'Budget alerts must be whole percentages from 1 to 1000, at most 10.',
    );
    expect(field(section, 'Credit balance below ($)')).toHaveAccessibleDescription(
      'The balance alert must be an amount above $0.00, or off.',
    );
    expect(fakeDb.lastRequest('PUT', ALERT_SETTINGS_PATH)).toBeUndefined();

    await fill(user, thresholds, '80');
    await fill(user, field(section, 'Credit balance below ($)'), '25');
    await fill(user, field(section, 'Credits last fewer than (days)'), '14');
    await user.click(within(section).getByRole('switch', { name: /A member reaches their monthly cap/ }));
    await fill(user, field(section, 'Also email'), 'Finance@Acme.test');
    await user.click(within(section).getByRole('button', { name: 'Save Alerts' }));
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', ALERT_SETTINGS_PATH)?.body).toEqual({
      budget_thresholds: [80],
      balance_below_cents: 2_500,
      runway_days: 14,
      key_limit: true,
      member_cap: false,
      extra_recipients: ['finance@acme.test'],
    });
    expect(fakeDb.state.alertSettings[ACME_TEAM_ID].budget_thresholds).toEqual([80]);
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('alert_settings.updated');
  });

  it('adds a webhook, shows its secret once, sends a test and lists the delivery with its answer and tries', async () => {
    const { user, section } = await openAlerts();
    expect(within(section).getByText('No webhooks yet.')).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Add webhook' });
    await fill(user, within(form).getByRole('textbox', { name: 'Webhook URL' }), 'https://hooks.example.com/alerts');
    await fill(user, within(form).getByRole('textbox', { name: 'Description' }), 'On-call');
    await user.click(within(form).getByRole('button', { name: 'Add Webhook' }));

    const secret = await within(section).findByLabelText('Signing secret');
    expect(secret.textContent).toMatch(/^whsec_/);
    expect(fakeDb.lastRequest('POST', WEBHOOK_ENDPOINTS_PATH)?.body).toEqual({
      url: 'https://hooks.example.com/alerts',
      description: 'On-call',
    });
    const list = await within(section).findByRole('list', { name: 'Webhooks' });
    const [endpoint] = within(list).getAllByRole('listitem');
    expect(within(endpoint).getByText('https://hooks.example.com/alerts')).toBeInTheDocument();
    expect(within(endpoint).getByText('On-call')).toBeInTheDocument();

    await user.click(within(endpoint).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test delivered: HTTP 204')).toBeInTheDocument();
    const deliveries = await within(endpoint).findByRole('list', {
      name: 'Deliveries to https://hooks.example.com/alerts',
    });
    expect(within(deliveries).getByText('Delivered')).toBeInTheDocument();
    expect(within(deliveries).getByText(/HTTP 204 · 1 try/)).toBeInTheDocument();
    expect(within(deliveries).getByText(/^Test · /)).toBeInTheDocument();
  });

  it('members see no Alerts section and ask for none', async () => {
    fakeDb.signInAs('bob');
    renderRoute('/team');
    await screen.findByRole('list', { name: 'Team members' }, FIRST_RENDER);
    expect(screen.queryByRole('region', { name: 'Alerts' })).not.toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', ALERT_SETTINGS_PATH)).toHaveLength(0);
  });

  it('says why a URL is refused', async () => {
    const { user, section } = await openAlerts();
    const form = within(section).getByRole('form', { name: 'Add webhook' });
    await fill(user, within(form).getByRole('textbox', { name: 'Webhook URL' }), 'http://127.0.0.1:9000/hook');
    await user.click(within(form).getByRole('button', { name: 'Add Webhook' }));
    expect(
      await within(section).findByText(
        '127.0.0.1 resolves to a private address: webhooks are sent to public addresses only.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Alerts with a failing webhook already there', () => {
  beforeEach(() => {
    const now = fakeDb.now().toISOString();
    fakeDb.state.webhookEndpoints.push({
      id: 'webhook-1',
      team_id: ACME_TEAM_ID,
      url: 'https://hooks.slack.com/services/T0/B0/fail',
      description: 'Slack #ops',
      enabled: true,
      slack: true,
      created_at: now,
      secret: 'whsec_x',
    });
  });

  it('Send test to a failing receiver: retrying, with its answer; Off and Remove are sent', async () => {
    const { user, section } = await openAlerts();
    const list = await within(section).findByRole('list', { name: 'Webhooks' });
    const endpoint = within(list).getAllByRole('listitem')[0];
    expect(within(endpoint).getByText('Slack')).toBeInTheDocument();

    await user.click(within(endpoint).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test not delivered (HTTP 500); it will be tried again')).toBeInTheDocument();
    const deliveries = await within(endpoint).findByRole('list', { name: /^Deliveries to / });
    expect(within(deliveries).getByText('Retrying')).toBeInTheDocument();
    expect(within(deliveries).getByText(/HTTP 500 · 1 try · next try/)).toBeInTheDocument();

    await user.click(within(endpoint).getByRole('switch', { name: 'On' }));
    await waitFor(() =>
      expect(fakeDb.lastRequest('PATCH', `${WEBHOOK_ENDPOINTS_PATH}/webhook-1`)?.body).toEqual({ enabled: false }),
    );
    expect(await within(endpoint).findByRole('switch', { name: 'Off' })).not.toBeChecked();

    await user.click(within(endpoint).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Webhooks' })).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', `${WEBHOOK_ENDPOINTS_PATH}/webhook-1`)).toBeDefined();
  });

  it('is axe-clean with the deliveries open, at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      setViewportWidth(width);
      const { user, section, unmount } = await openAlerts();
      const endpoint = within(await within(section).findByRole('list', { name: 'Webhooks' })).getAllByRole(
        'listitem',
      )[0];
      await user.click(within(endpoint).getByRole('button', { name: 'Send test' }));
      await within(endpoint).findByRole('list', { name: /^Deliveries to / });
      expect(await axeViolations(section)).toEqual([]);
      unmount();
    }
  });
});
