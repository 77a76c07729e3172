import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { newPageAs, type Login } from './sessions';

// Nothing on a page moves once drawn while its data and grids arrive (docs/performance.md, "Layout shifts"): each
// page's cumulative layout shift at Lighthouse's desktop size, from the browser's own entries. Before the fixes these
// pages shifted 0.04-0.12 (a grid's footer pushed out of view as its rows arrived, a route's deployments drawn under
// the routes once they had loaded, the request log's filters widening as keys and members arrived); Lighthouse
// counts 0.1 as the edge of "good".
// Measured with the page's scroll bars drawn, as Lighthouse's Chrome draws them (Playwright's headless hides them): a
// grid that reserved a scroll bar of its own for a frame moved the request log's rows by 0.027 and /admin/pricing's by
// 0.010 (docs/performance.md, "Scroll bars, and grids as tall as their rows"). /admin/routing keeps 0.020-0.025: its
// grids' footers move once their wrapped rows are measured.
const PAGES: { path: string; login: Login; most: number }[] = [
  { path: '/admin/routing', login: 'admin', most: 0.035 },
  { path: '/admin/pricing', login: 'admin', most: 0.005 },
  { path: '/usage-reports/requests', login: 'alice', most: 0.005 },
];

const OBSERVE = () => {
  const shifts: { value: number; moved: string[] }[] = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const moved = (entry.sources ?? []).map(({ node }) =>
        node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node),
      );
      shifts.push({ value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

test.describe('with scroll bars drawn', () => {
  let withScrollBars: Browser;
  test.beforeAll(async () => {
    withScrollBars = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
  });
  test.afterAll(() => withScrollBars.close());

  for (const { path, login, most } of PAGES) {
    test(`${path} does not move as it loads (1350 px)`, async () => {
      const page = await newPageAs(withScrollBars, login, { width: 1350, height: 940 });
      await page.addInitScript(OBSERVE);
      // Both visits: the first with nothing cached (the grid's rows measured as they arrive, where its scroll bar
      // flickered), the second with the scripts cached (the grid's chunk then ready before its rows, drawing the
      // loading grid they replace: the order in which the footer was pushed out of view).
      for (const visit of ['first', 'second']) {
        await page.goto(path);
        await expect(page.getByRole('grid').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Loaded: no placeholder left on screen (below it, /admin/routing's lower grids wait to be needed).
        await page.waitForFunction(() =>
          [...document.querySelectorAll('[role="progressbar"]')].every(
            (spinner) => spinner.getBoundingClientRect().top >= window.innerHeight,
          ),
        );
        // A grid measures its rows' heights a frame or two after it draws them.
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
        );
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${visit} visit: ${JSON.stringify(shifts)}`).toBeLessThan(most);
      }
      await page.context().close();
    });
  }
});

// /admin/routing's five grids, each a long first render (docs/performance.md, "Grids mounted when needed"): at 1350×940
// the three the first screen shows mount as the page loads, the two below it once scrolled to or at the visitor's
// first input; and no grid measures the scrollbar again (MUI X's probe, two forced layouts of the page per mount).
test.describe('/admin/routing at 1350 px', () => {
  const GRIDS = ['Model routes', 'Deployments', 'Provider credentials', 'Provider health', 'Reconciliation'];
  const PROBES = () => {
    (window as unknown as { __probes: number }).__probes = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.classList.contains('scrollDiv'))
            (window as unknown as { __probes: number }).__probes++;
    }).observe(document, { childList: true, subtree: true });
  };
  const gridsShown = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll('[role="grid"]')].map((grid) => grid.getAttribute('aria-label')));

  test('mounts the grids below the first screen at the first input, and none measures the scrollbar', async ({
    browser,
  }) => {
    const page = await newPageAs(browser, 'admin', { width: 1350, height: 940 });
    await page.addInitScript(PROBES);
    await page.goto('/admin/routing');
    await expect(page.getByRole('grid', { name: 'Provider credentials' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await gridsShown(page)).toEqual(GRIDS.slice(0, 3));
    await expect(page.getByRole('progressbar', { name: 'Loading provider health' })).toBeAttached();
    // A Tab, the first thing a keyboard user does.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('grid', { name: 'Reconciliation' })).toBeAttached();
    expect(await gridsShown(page)).toEqual(GRIDS);
    expect(await page.evaluate(() => (window as unknown as { __probes: number }).__probes)).toBe(0);
    await page.context().close();
  });

  test('mounts a grid below the first screen once scrolled into view without input (a link, find in page)', async ({
    browser,
  }) => {
    const page = await newPageAs(browser, 'admin', { width: 1350, height: 940 });
    await page.goto('/admin/routing');
    await expect(page.getByRole('grid', { name: 'Provider credentials' })).toBeVisible();
    await page.getByRole('heading', { name: 'Provider health' }).evaluate((heading) => heading.scrollIntoView());
    await expect(page.getByRole('grid', { name: 'Provider health' })).toBeVisible();
    await page.context().close();
  });
});

// On a phone the routing page's tables are lists of cards; below the routes, a screen and more down, each is drawn when
// needed like the desktop's grids (Lighthouse's phone: CLS 0.072 -> 0.030 on /admin/routing).
test('/admin/routing on a phone draws the lists below the routes at the first input', async ({ browser }) => {
  const page = await newPageAs(browser, 'admin', { width: 412, height: 823 });
  await page.goto('/admin/routing');
  await expect(page.getByRole('list', { name: 'Model routes' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: 'Loading provider health' })).toBeAttached();
  await expect(page.getByRole('list', { name: 'Provider health' })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('list', { name: 'Provider health' })).toBeAttached();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.context().close();
});
