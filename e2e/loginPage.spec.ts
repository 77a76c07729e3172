import { expect, test } from '@playwright/test';

// A first visit of /login is the page the build rendered (dist/login.html; docs/performance.md, "The login page"):
// it paints from its own HTML and inline CSS, and downloads none of the app's JavaScript.
for (const [scheme, primary] of [
  ['light', 'rgb(67, 56, 202)'],
  ['dark', 'rgb(165, 180, 252)'],
] as const) {
  test(`/login paints in the ${scheme} scheme with no script downloaded`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · AI Model Gateway');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to AI Model Gateway' })).toBeVisible();
    const github = page.getByRole('link', { name: 'Login with GitHub' });
    await expect(github).toHaveCSS('background-color', primary);
    // Its script pointed the link back at this origin.
    await expect(github).toHaveAttribute('href', /\/v1\/oauth\/github\/login\?redirect=http/);
    await expect(page.locator('html')).toHaveClass(scheme);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });
}

test('from the pre-rendered /login, "Check your cookies" opens the app’s debug page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Check your cookies' }).click();
  await expect(page).toHaveURL(/\/debug$/);
  await expect(page.getByRole('button', { name: 'Check Cookies' })).toBeVisible();
});
