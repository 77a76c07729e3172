import { expect, test } from '@playwright/test';
import { freshLogin, signIn } from './signIn';

// Sessions end on the server: signing out ends that session for any copy of its cookie, and "Sign out everywhere"
// ends the sessions of every browser the user is signed in on.
test('sign out ends the session for a copied cookie; sign out everywhere ends every browser', async ({ browser }) => {
  const login = freshLogin('everywhere');
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const laptopPage = await laptop.newPage();
  const phonePage = await phone.newPage();
  await signIn(laptopPage, login);
  await signIn(phonePage, login);

  // A copy of the laptop's cookie (as a thief would have it) stops working once the laptop signs out.
  const copy = await browser.newContext({ storageState: await laptop.storageState() });
  const copyPage = await copy.newPage();
  await copyPage.goto('/dashboard');
  await expect(copyPage.getByRole('heading', { level: 1 })).toBeVisible();
  await laptopPage.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
  await expect(laptopPage).toHaveURL(/\/login$/);
  await copyPage.goto('/dashboard');
  await expect(copyPage).toHaveURL(/\/login$/);

  // The phone, still signed in, signs out everywhere: a second browser signed in meanwhile is signed out too.
  const desktop = await browser.newContext();
  const desktopPage = await desktop.newPage();
  await signIn(desktopPage, login);
  await phonePage.goto('/dashboard');
  await phonePage.getByRole('button', { name: /^Account:/ }).click();
  const account = phonePage.getByRole('dialog', { name: 'Your account' });
  await account.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(phonePage).toHaveURL(/\/login$/);
  await expect(phonePage.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await desktopPage.goto('/billing');
  await expect(desktopPage).toHaveURL(/\/login$/);

  for (const context of [laptop, phone, copy, desktop]) await context.close();
});
