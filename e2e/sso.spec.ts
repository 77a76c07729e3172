import { expect, test } from '@playwright/test';
import { E2E_OIDC_CLIENT, E2E_OIDC_PORT } from '../playwright.config';
import { startOidcProvider, type TestOidcProvider } from '../server/test/oidcProvider';

// Single sign-on in Chromium (docs/operations.md#single-sign-on): the login page offers the configured OpenID
// provider, whose own login and consent pages (a real provider, oidc-provider) bring the user back signed in.
let idp: TestOidcProvider;

test.beforeAll(async ({ baseURL }) => {
  idp = await startOidcProvider(E2E_OIDC_PORT);
  expect(idp.clientId).toBe(E2E_OIDC_CLIENT.id);
  expect(idp.clientSecret).toBe(E2E_OIDC_CLIENT.secret);
  await idp.serve(`${baseURL}/v1/oauth/oidc/e2e/callback`);
});
test.afterAll(() => idp.close());

test('a user signs in with the OpenID provider from the login page', async ({ page }) => {
  const subject = `sso-${Date.now().toString(36)}`;
  idp.accounts.set(subject, {
    email: `${subject}@corp.example`,
    email_verified: true,
    name: 'Sso Person',
    preferred_username: subject,
  });
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Login with GitHub' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Test SSO' }).click();

  // The provider's pages.
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${E2E_OIDC_PORT}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(subject);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at the gateway, signed in: a new user without a team.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Create a team to start using API keys, credits and usage tracking.').first(),
  ).toBeVisible();
  const me = await (await page.request.get('/v1/auth/me')).json();
  expect(me).toMatchObject({ login: subject, email: `${subject}@corp.example`, name: 'Sso Person', is_admin: false });
});
