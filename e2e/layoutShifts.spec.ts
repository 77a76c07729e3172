import { expect, test } from '@playwright/test';
import { newPageAs, type Login } from './sessions';

// Nothing on a page moves once drawn while its data and grids arrive (docs/performance.md, "Layout shifts"): each
// page's cumulative layout shift at Lighthouse's desktop size, from the browser's own entries. Before the fixes these
// pages shifted 0.04-0.12 (a grid's footer pushed out of view as its rows arrived, a route's deployments drawn under
// the routes once they had loaded, the request log's filters widening as keys and members arrived); Lighthouse
// counts 0.1 as the edge of "good".
const PAGES: { path: string; login: Login }[] = [
  { path: '/admin/routing', login: 'admin' },
  { path: '/admin/pricing', login: 'admin' },
  { path: '/usage-reports/requests', login: 'alice' },
];
const MOST = 0.035;

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

for (const { path, login } of PAGES) {
  test(`${path} does not move as it loads (1350 px)`, async ({ browser }) => {
    const page = await newPageAs(browser, login, { width: 1350, height: 940 });
    await page.addInitScript(OBSERVE);
    // Measured on the second visit, the scripts cached: the grid's chunk is then ready before its rows, and draws the
    // loading grid they replace (the order in which the footer was pushed out of view).
    await page.goto(path);
    await expect(page.getByRole('grid').first()).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    // A grid measures its rows' heights a frame or two after it draws them.
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(MOST);
    await page.context().close();
  });
}
