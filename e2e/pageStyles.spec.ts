import { expect, test, type Page } from '@playwright/test';
import { SIGNED_IN_ROUTES } from './routes';
import { signIn } from './signIn';

// The server puts each page's recorded styles in its HTML (server/lib/criticalStyles.ts; docs/performance.md, "Styles
// in the page"), so a first load compiles and inserts almost none of them while it renders. This fails when the
// recording has fallen behind the app (a new component, a changed style): `npm run build && npm run styles:record`.

/** Counts the styles emotion inserts as the app renders (its production sheets use insertRule). */
const COUNT_RUNTIME_STYLES = `
  window.__runtimeStyles = new Set();
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (rule, index) {
    if (this.ownerNode?.getAttribute?.('data-emotion') === 'css') {
      const name = (/^@keyframes ([\\w-]+)/.exec(rule) ?? /\\.css-([\\w-]+)/.exec(rule))?.[1];
      if (name) window.__runtimeStyles.add(name);
    }
    return insertRule.call(this, rule, index);
  };
`;

/** At most this share of a page's styles (and at least a few) may be new since the recording. */
const MAX_RUNTIME_SHARE = 0.1;
const ALWAYS_ALLOWED = 8;

async function stylesOfFirstLoad(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => ({
    inHtml: [...document.querySelectorAll('style[data-emotion^="css "]')].flatMap((node) =>
      (node.getAttribute('data-emotion') ?? '').split(' ').slice(1),
    ),
    atRunTime: [...(window as unknown as { __runtimeStyles: Set<string> }).__runtimeStyles],
  }));
}

// On a phone: on a desktop a page's styles stop short of a data grid's root style, which stays out of the HTML
// (scripts/record-styles.mts), so everything the grid inserts after it is inserted at run time, as before.
test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const login of ['alice', 'admin'] as const) {
    test(`every page of ${login}'s first load finds its styles in the HTML`, async ({ page }) => {
      await signIn(page, login);
      await page.addInitScript(COUNT_RUNTIME_STYLES);
      for (const route of SIGNED_IN_ROUTES[login]) {
        const { inHtml, atRunTime } = await stylesOfFirstLoad(page, route);
        expect(inHtml.length, `${route} carries no styles`).toBeGreaterThan(20);
        const allowed = Math.max(ALWAYS_ALLOWED, MAX_RUNTIME_SHARE * (inHtml.length + atRunTime.length));
        expect(
          atRunTime.length,
          `${route}: ${atRunTime.length} styles inserted at run time (${atRunTime.join(' ')}), ${inHtml.length} in the HTML`,
        ).toBeLessThanOrEqual(allowed);
      }
    });
  }
});
