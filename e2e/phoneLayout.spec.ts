import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

// Every screen at a 375 px phone width: nothing sticks out sideways (wide tables and grids scroll inside their card).
const ROUTES: Record<string, string[]> = {
  alice: ['/dashboard', '/api-keys', '/api-keys/create', '/team', '/usage-reports', '/billing'],
  admin: ['/admin', '/admin/pricing', '/admin/coupons', '/admin/analytics'],
};

test.use({ viewport: { width: 375, height: 800 } });

for (const [login, routes] of Object.entries(ROUTES)) {
  test(`no horizontal overflow at 375px for ${login}`, async ({ page }) => {
    await signIn(page, login);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}

test('the login page fits a phone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to AI Model Gateway' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
