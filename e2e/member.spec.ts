import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';

// Issue 26, what the member sees, against the real server: the demo seeds Bob at the monthly cap Alice set for him.
// He is told so on the dashboard and on each of his keys (the gateway refuses a key he creates, as the page says it
// will), Getting Started does not ask him to create a team, and Alice's keys offer him only View details.

const CAP_REACHED = 'Your monthly cap is reached';
const MANAGE = ['Edit', 'Rotate', 'Revoke'];

/** The dashboard's cap notice: the cap, his spend and the reset on the 1st of next month, UTC. */
async function expectCapNotice(page: Page) {
  await page.goto('/dashboard');
  const notice = page.getByRole('alert').filter({ hasText: CAP_REACHED });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    /Your keys have spent \$[\d,]+\.\d\d of the \$[\d,]+\.\d\d monthly cap the team owner set for you, so the gateway refuses their calls until the cap resets on [A-Z][a-z]{2} 1, \d{4}, 00:00 UTC\./,
  );
  await expect(notice.getByRole('link', { name: 'See your keys' })).toHaveAttribute('href', '/api-keys');
  const steps = page.getByRole('region', { name: 'Getting Started' });
  await expect(steps).toContainText('Create an API key');
  await expect(steps).not.toContainText(/create a team|set up your team/i);
}

const chat = (page: Page, secret: string) =>
  page.request.post('/v1/chat/completions', {
    headers: { authorization: `Bearer ${secret}` },
    data: { model: 'echo/echo-1', messages: [{ role: 'user', content: 'Hello from a capped member' }] },
  });

test.describe('as bob, a member at his monthly cap, at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the dashboard and every key say the cap is reached; Alice’s keys offer only View details', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'bob');
    await expectCapNotice(page);

    // A key he creates now has no limit of its own; the gateway refuses it for his cap, and the page says so.
    const name = `capped ${Date.now().toString(36)}`;
    await page.goto('/api-keys/create');
    await page.getByLabel('API Key Name').fill(name);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const secret = (await page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/).textContent())!.trim();
    const refused = await chat(page, secret);
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('member_budget_exceeded');

    await page.goto('/api-keys');
    const grid = page.getByRole('grid', { name: 'API keys' });
    const row = (keyName: string | RegExp) => grid.getByRole('row').filter({ hasText: keyName });
    for (const capped of [name, 'Notebook']) {
      await expect(row(capped).getByText('Member cap reached')).toBeVisible();
      await expect(row(capped).getByText(/^until [A-Z][a-z]{2} 1, \d{4}$/)).toBeVisible();
      await expect(row(capped).getByText('Active', { exact: true })).toHaveCount(0);
    }
    await expect(row('Data pipeline').getByText('Limit reached')).toBeVisible();

    const actions = (keyRow: Locator) => keyRow.getByRole('button');
    for (const alices of ['Production', 'Staging']) {
      await expect(actions(row(alices))).toHaveCount(1);
      await expect(actions(row(alices))).toHaveAccessibleName('View details');
    }
    for (const label of MANAGE) {
      await expect(row('Notebook').getByRole('button', { name: label })).toBeVisible();
    }
  });
});

test.describe('as bob at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the same on a phone: the cap notice, the capped key cards, and only View details on Alice’s keys', async ({
    page,
  }) => {
    await signIn(page, 'bob');
    await expectCapNotice(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.goto('/api-keys');
    const list = page.getByRole('list', { name: 'API keys' });
    const card = (keyName: string) => list.getByRole('listitem').filter({ hasText: keyName });
    await expect(card('Notebook').getByText('Member cap reached')).toBeVisible();
    await expect(card('Notebook').getByText(/^until [A-Z][a-z]{2} 1, \d{4}$/)).toBeVisible();
    for (const alices of ['Production', 'Staging']) {
      await expect(card(alices).getByRole('button')).toHaveText(['View details']);
    }
    for (const label of MANAGE) {
      await expect(card('Notebook').getByRole('button', { name: label })).toBeVisible();
    }
    await expect(page.getByRole('grid')).toHaveCount(0);
  });
});
