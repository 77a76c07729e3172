import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real flow: /login -> 'Login with GitHub' -> the demo server's development sign-in page -> the
 * landing page (/dashboard; /admin for an administrator without a team, as the demo's admin).
 */
export async function signIn(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to AI Model Gateway' })).toBeVisible();
  await page.getByLabel('Other login').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
}

/** A login nobody has used on this database yet. */
export const freshLogin = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
