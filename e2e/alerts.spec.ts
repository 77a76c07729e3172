import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { freshLogin, signIn } from './signIn';

// Issue 29's journey against the real server (docs/alerts.md, docs/audit.md): an owner sets an 80% budget alert and
// a webhook (a loopback receiver this spec starts; the e2e server allows private addresses: playwright.config.ts),
// gateway calls with a key cross it, and the bell, the outbox (the demo keeps mail without SMTP_URL) and the webhook's
// deliveries show it; the budget change is in the audit log with its before and after.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/alerts`, received, close: () => new Promise((done) => server.close(done)) };
}

const ALERTS_PROMPT = 'Say hello to the gateway. '.repeat(4).trim();

const chat = (page: Page, secret: string) =>
  page.request.post('/v1/chat/completions', {
    headers: { authorization: `Bearer ${secret}` },
    // 26 + 26 tokens: 5 cents a call at the demo's echo price; a max_tokens keeps each call's worst case (which the
    // budget must hold) well under the budget.
    data: { model: 'echo/echo-1', max_tokens: 30, messages: [{ role: 'user', content: ALERTS_PROMPT }] },
  });

test('an owner is told at 80% of the budget by the bell, email and webhook; the budget change is audited', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const login = freshLogin('owner');
    const teamName = `Alerts ${login}`;
    await signIn(page, login);

    // A team with $5.00 of budget and the seeded TEAM25 coupon's $25.00 of credit.
    await page.goto('/team');
    const create = page.getByRole('form', { name: 'Create Your Team' });
    await create.getByLabel('Team Name').fill(teamName);
    await create.getByLabel('Monthly Budget (USD)').fill('5');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
    const team = (await (await page.request.get('/v1/teams/')).json()) as { id: string };
    const redeemed = await page.request.post(`/v1/teams/${team.id}/coupons/redeem`, { data: { code: 'TEAM25' } });
    expect(redeemed.status()).toBe(200);

    // The budget lowered to $1.00: the change the audit log must show.
    const budget = page.getByRole('form', { name: 'Update Budget' });
    await budget.getByLabel('Monthly Budget (USD)').fill('1');
    await budget.getByRole('button', { name: 'Update Budget' }).click();
    await expect(page.getByText('Budget updated')).toBeVisible();

    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByLabel('Budget alerts (% of the monthly budget)').fill('80');
    await alerts.getByRole('button', { name: 'Save Alerts' }).click();
    await expect(page.getByText('Alert settings saved')).toBeVisible();
    const add = alerts.getByRole('form', { name: 'Add webhook' });
    await add.getByLabel('Webhook URL').fill(receiver.url);
    await add.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(alerts.getByLabel('Signing secret', { exact: true })).toContainText(/^whsec_/);

    await page.goto('/api-keys/create');
    await page.getByLabel('API Key Name').fill('alerts journey');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const secret = page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/);
    await expect(secret).toBeVisible();
    const key = (await secret.textContent())!.trim();

    // Each echo call costs 5 cents: call until the month's spend reaches 80% of $1.00 (or the budget refuses). The
    // next call waits for this one's bill (the team's usage grows), not for a fixed time: until then its hold is kept.
    const spent = async () =>
      ((await (await page.request.get('/v1/teams/')).json()) as { current_usage: number }).current_usage;
    let before = await spent();
    for (let call = 0; call < 40 && receiver.received.length === 0; call++) {
      const answer = await chat(page, key);
      if (answer.status() !== 200) break;
      await expect.poll(spent).toBeGreaterThan(before);
      before = await spent();
    }
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [hook] = receiver.received;
    expect(hook.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'alert.budget', data: { threshold_percent: 80 } });
    const title = `${teamName} has used 80% of its monthly budget`;

    // The bell (asked again on load).
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText(title)).toBeVisible();
    await page.keyboard.press('Escape');

    // The webhook's delivery, listed for the owner.
    await page.goto('/team');
    await alerts.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = alerts.getByRole('list', { name: `Deliveries to ${receiver.url}` });
    await expect(deliveries).toContainText('Budget alert');
    await expect(deliveries).toContainText('Delivered');
    await expect(deliveries).toContainText('HTTP 204 · 1 try');

    // The budget change in the audit log, before and after.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
    const grid = page.getByRole('grid', { name: 'Audit log entries' });
    const change = grid.getByRole('row', { name: /Budget changed/ });
    await expect(change).toBeVisible();
    await change.click();
    const drawer = page.getByRole('dialog', { name: 'Change details' });
    await expect(drawer.getByRole('row', { name: /budget_limit_cents/ })).toContainText('$5.00');
    await expect(drawer.getByRole('row', { name: /budget_limit_cents/ })).toContainText('$1.00');

    // The email, kept in the outbox (no SMTP_URL in the demo), as an administrator reads it.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin');
      await admin.goto('/admin/outbox');
      const mail = admin.getByRole('article').filter({ hasText: `[AI Model Gateway] ${title}` });
      await expect(mail).toContainText(`To ${login.toLowerCase()}@example.com`);
      await expect(mail).toContainText('Kept here');
    } finally {
      await adminContext.close();
    }
  } finally {
    await receiver.close();
  }
});
