import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { freshLogin, signIn } from './signIn';

// Issue 31 against the real server in demo mode: a new member's first minute (a streamed playground answer, then a
// key whose copied curl snippet answers), and the operator's console (a manual adjustment, a user disabled and
// enabled). The clock counts the person's steps, not the machine's start-up.

const run = promisify(execFile);

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new user goes from sign-in to a streamed playground answer and a working curl call in under a minute', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const started = Date.now();
    await signIn(page, freshLogin('first-hour'));

    // A team, and the demo's welcome coupon for credit.
    await page.goto('/team');
    await page.getByLabel('Team Name').fill('First hour');
    await page.getByLabel('Monthly Budget (USD)').fill('100');
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { name: 'First hour' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('button', { name: 'Redeem Coupon' }).click();
    const redeem = page.getByRole('dialog', { name: 'Redeem Coupon' });
    await redeem.getByLabel('Coupon Code').fill('WELCOME10');
    await redeem.getByRole('button', { name: 'Validate' }).click();
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(redeem).toBeHidden();

    await page.goto('/api-keys/create');
    await page.getByLabel('API Key Name').fill('first');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const use = page.getByRole('region', { name: 'Use this key' });
    await expect(use).toBeVisible();
    await use.getByRole('button', { name: 'Copy snippet' }).click();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain('/v1/chat/completions');

    await page.goto('/playground');
    await page.getByLabel('Message').fill('Hello from the playground');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Hello from the playground');
    await expect(page.getByRole('status').filter({ hasText: 'completion tokens' })).toContainText(/Cost: \$/);
    expect(Date.now() - started, 'the clicks take under a minute').toBeLessThan(60_000);

    // The copied line, run as a person would paste it, gets an answer.
    const { stdout } = await run('sh', ['-c', curl]);
    expect((JSON.parse(stdout) as { choices: unknown[] }).choices.length).toBeGreaterThan(0);
  });

  test('the operator credits a team with a reason and disables then enables a user', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin');
    await page.goto('/admin/teams');
    await page.getByRole('grid', { name: 'Teams' }).getByRole('link', { name: 'Acme AI' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme AI' })).toBeVisible();
    await page.getByRole('button', { name: 'Adjust credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust credits of Acme AI' });
    await dialog.getByLabel(/Amount/).fill('5');
    await dialog.getByLabel(/Reason/).fill('Goodwill for the e2e journey');
    await expect(dialog.getByRole('status')).toContainText('Resulting balance');
    await dialog.getByRole('button', { name: 'Confirm credit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Credit history' })).toContainText('Goodwill for the e2e journey');

    await page.goto('/admin/users?q=bob');
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.getByRole('button', { name: 'Disable bob' }).click();
    await page.getByRole('dialog', { name: 'Disable user' }).getByRole('button', { name: 'Disable' }).click();
    await expect(grid.getByText('Disabled')).toBeVisible();
    await grid.getByRole('button', { name: 'Enable bob' }).click();
    await expect(grid.getByText('Active')).toBeVisible();
  });
});
