// Going back to pages already visited, in-app (sidebar links) and with the browser's back button: RTK Query keeps
// unused data for a while (keepUnusedDataFor), so these visits should be served from the cache with no API request.
import type { Page } from '@playwright/test';
import { openSignedIn, type Target } from './pages.mts';

const HEADINGS: Record<string, RegExp> = {
  '/dashboard': /^Welcome back/,
  '/billing': /^Billing & Usage$/,
  '/usage-reports': /^Usage Reports$/,
};
/** Long enough for a refetch that mounting or focus would start to show up. */
const SETTLE_MS = 1_000;

async function arrived(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole('heading', { level: 1, name: HEADINGS[pathname] }).waitFor();
}

export async function measureBackNavigation(target: Target) {
  const { context, page } = await openSignedIn(target);
  const sidebar = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  let current: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) current.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  try {
    // First visits: each page loads its data once.
    await page.goto(`${target.origin}/dashboard`);
    await arrived(page, '/dashboard');
    await page.waitForLoadState('networkidle');
    for (const [link, pathname] of [
      ['Billing', '/billing'],
      ['Usage Reports', '/usage-reports'],
    ] as const) {
      await sidebar(link).click();
      await arrived(page, pathname);
      await page.waitForLoadState('networkidle');
    }
    // A count of 0 below means something only if the same listener saw the first visits' requests.
    if (current.length === 0)
      throw new Error('no API request seen on the first visits: the request listener is broken');
    const firstVisitRequests = current.length;

    const steps: { step: string; requests: string[] }[] = [];
    const step = async (name: string, pathname: string, go: () => Promise<unknown>) => {
      current = [];
      await go();
      await arrived(page, pathname);
      await page.waitForTimeout(SETTLE_MS);
      steps.push({ step: name, requests: current });
    };
    await step('sidebar link to /dashboard', '/dashboard', () => sidebar('Dashboard').click());
    await step('sidebar link to /billing', '/billing', () => sidebar('Billing').click());
    await step('browser back to /dashboard', '/dashboard', () => page.goBack());
    await step('browser back to /usage-reports', '/usage-reports', () => page.goBack());
    const requests = steps.flatMap((entry) => entry.requests);

    // Not part of the count: refetchOnFocus (src/store/api.ts) refreshes the mounted page when the tab regains focus.
    current = [];
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(SETTLE_MS);
    return { firstVisitRequests, steps, requests, onWindowFocus: current };
  } finally {
    await context.close();
  }
}
