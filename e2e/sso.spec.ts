import { expect, test, type Page } from '@playwright/test';
import { E2E_OIDC_CLIENT, E2E_OIDC_PORT } from '../playwright.config';
import { startOidcProvider, type TestOidcProvider } from '../server/test/oidcProvider';
import { ACCOUNT_DISABLED } from '../contract/accountStatus';
import { SIGN_IN_PROVIDERS_PATH } from '../contract/apiPaths';
import { newPageAs } from './sessions';

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

/** A person at the provider: a new account there, then the login page's button, the provider's pages and back. */
async function signInWithSso(page: Page, subject: string) {
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
}

// The provider buttons come from a fetch after the first paint; a centred card moved the GitHub button up under the
// pointer as they arrived, and a click in that moment (a loaded CI machine's) landed on nothing.
test("the provider buttons arriving late do not move the login page's GitHub button", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${SIGN_IN_PROVIDERS_PATH}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  const github = page.getByRole('link', { name: 'Login with GitHub' });
  await expect(github).toBeVisible();
  const before = await github.boundingBox();
  release();
  await expect(page.getByRole('link', { name: 'Sign in with Test SSO' })).toBeVisible();
  expect(await github.boundingBox()).toEqual(before);
});

test('a user signs in with the OpenID provider from the login page', async ({ page }) => {
  const subject = `sso-${Date.now().toString(36)}`;
  await signInWithSso(page, subject);

  // Back at the gateway, signed in: a new user without a team.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Create a team to start using API keys, credits and usage tracking.').first(),
  ).toBeVisible();
  const me = await (await page.request.get('/v1/auth/me')).json();
  expect(me).toMatchObject({ login: subject, email: `${subject}@corp.example`, name: 'Sso Person', is_admin: false });
});

// docs/governance.md#disabled-users: a user an administrator disabled gets no session from their provider either; the
// login page says why.
test('a disabled user signing in with the provider is told the account is disabled', async ({ browser }) => {
  const subject = `sso-off-${Date.now().toString(36)}`;
  const user = await newPageAs(browser, null, { width: 1280, height: 800 });
  await signInWithSso(user, subject);
  await expect(user).toHaveURL(/\/dashboard$/);
  await user.context().clearCookies();

  const admin = await newPageAs(browser, 'admin', { width: 1280, height: 800 });
  await admin.goto(`/admin/users?q=${subject}`);
  await admin
    .getByRole('grid', { name: 'Users' })
    .getByRole('button', { name: `Disable ${subject}` })
    .click();
  await admin.getByRole('dialog', { name: 'Disable user' }).getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByRole('grid', { name: 'Users' }).getByText('Disabled')).toBeVisible();

  await signInWithSso(user, subject);
  await expect(user).toHaveURL(/\/login\?error=account_disabled$/);
  await expect(user.getByRole('alert')).toHaveText(ACCOUNT_DISABLED.message);
  expect((await user.request.get('/v1/auth/me')).status()).toBe(401);
  await admin.context().close();
  await user.context().close();
});
