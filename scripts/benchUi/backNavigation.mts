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
/** How long a first visit's page must stay unchanged to count as drawn. */
const QUIET_MS = 1_000;

async function arrived(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole('heading', { level: 1, name: HEADINGS[pathname] }).waitFor();
}

/**
 * A first visit is over once the page has drawn every section and asked for their data: no request for 500 ms and no
 * change to the page for QUIET_MS. A page draws its sections in turns after its first paint (`InTurn`); on a loaded
 * machine a turn can come after the network has been idle for 500 ms, and the section it draws then asks for its data
 * (/billing's billing details, in the CI run of 5c017af) only on the page's next visit.
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page does not have.
  await page.evaluate(`new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(giveUp); resolve(); };
    let timer = setTimeout(done, ${QUIET_MS});
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ${QUIET_MS}); });
    const giveUp = setTimeout(done, 15000);
    observer.observe(document.body, { childList: true, subtree: true });
  })`);
  await page.waitForLoadState('networkidle');
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
    await settled(page);
    for (const [link, pathname] of [
      ['Billing', '/billing'],
      ['Usage Reports', '/usage-reports'],
    ] as const) {
      await sidebar(link).click();
      await arrived(page, pathname);
      await settled(page);
    }
    // A count of 0 below means something only if the same listener saw the first visits' requests.
    if (current.length === 0)
      throw new Error('no API request seen on the first visits: the request listener is broken');
    const firstVisitRequests = current.length;
    const firstVisits = new Set(current);

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
    // A cache miss is data the first visits had and a return asked for again. A request for data no first visit asked
    // for (a section its first visit never drew) is listed, not counted: the cache never held it.
    const all = steps.flatMap((entry) => entry.requests);
    const requests = all.filter((request) => firstVisits.has(request));
    const neverCached = all.filter((request) => !firstVisits.has(request));

    // Not part of the count: refetchOnFocus (src/store/api.ts) refreshes the mounted page when the tab regains focus.
    current = [];
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(SETTLE_MS);
    return { firstVisitRequests, steps, requests, neverCached, onWindowFocus: current };
  } finally {
    await context.close();
  }
}
