import { expect, test } from '@playwright/test';
import { freshLogin, signIn } from './signIn';

// A new user's first session against the real server: sign in, set up a team, create and revoke a key, buy credits
// through the sandbox checkout, and see the balance move — all without reloading the page.
test('a new user sets up a team, manages a key and buys credits', async ({ page }) => {
  await signIn(page, freshLogin('newcomer'));
  await expect(page.getByRole('link', { name: 'Set Up Team' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team Settings' }).click();
  await page.getByLabel('Team Name').fill('  Journey Labs  ');
  await page.getByLabel('Monthly Budget (USD)').fill('250');
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByRole('heading', { name: 'Journey Labs' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByText('No API keys')).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Key' }).click();
  await page.getByLabel('API Key Name').fill('journey key');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/)).toBeVisible();
  await page.getByRole('link', { name: 'View All API Keys' }).click();
  const row = page.getByRole('row', { name: /journey key/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to revoke this API key? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(page.getByText('No API keys')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
  const balance = page.getByRole('region', { name: 'Credit Balance' });
  await expect(balance).toContainText('$0.00');
  await page.getByRole('button', { name: 'Buy Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '$25' }).click();
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  const checkout = await popupPromise;
  await expect(checkout.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(dialog.getByText('Payment successful!')).toBeVisible({ timeout: 15_000 });
  await expect(balance).toContainText('$25.00');
  await expect(page.getByRole('region', { name: 'Payment History' })).toContainText('completed', { ignoreCase: true });
});
