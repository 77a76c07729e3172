import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { AXE_TAGS } from './axeTags';

export type ColorScheme = 'light' | 'dark';

/**
 * One readable line per failing element: rule, impact, where, and what to fix. `scope`: a CSS selector to check.
 *
 * axe runs in the page itself, injected once per document, and hands back only these lines. @axe-core/playwright's
 * `analyze()` did three things per call that this suite does not need, and they were most of its time (7-20 s for a
 * run that took 0.6-1.5 s inside the page, docs/testing.md "The end-to-end suite"): it evaluated axe's 600 KB source
 * again, opened a blank page to merge per-frame results (our pages have no frames), and carried every passing node
 * back to Node. `resultTypes: ['violations']` keeps axe from describing the nodes that pass (axe-core's API docs).
 * `rules`: these rules only, in place of every rule of AXE_TAGS.
 */
export async function axeViolations(page: Page, scope?: string, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, scope, rules }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(
        scope ? { include: [scope] } : document,
        {
          runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      );
      return violations.flatMap((violation) =>
        violation.nodes.map((node) => {
          const why = (node.failureSummary ?? violation.help).replace(/\s*\n\s*/g, ' ');
          return `${violation.id} [${violation.impact ?? 'n/a'}] ${node.target.join(' ')} :: ${why}`;
        }),
      );
    },
    { tags: AXE_TAGS, scope, rules },
  );
}

/**
 * Waits for transitions and one-off animations (dialog fades, drawer slides, colour changes) to end, so colours are
 * measured as they settle. Endless ones (spinners, skeletons) are ignored, and so are those of elements that
 * `content-visibility: auto` skips (the phone's off-screen cards, CardList.tsx): they do not run until scrolled into
 * view, so they never finish (MUI 9's buttons start a colour transition on every card when the scheme changes).
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The app follows the system scheme (theme.ts: `defaultMode="system"`, no stored pick in a fresh context), so the
 * emulated media query switches it. Checked on the page itself: MUI puts the scheme's class on <html> and
 * CssBaseline sets the matching CSS `color-scheme`.
 */
export async function showColorScheme(page: Page, scheme: ColorScheme) {
  // The new scheme's colours at once, not through MUI's colour transitions: axe reads an off-screen card's colour
  // when it computes it, which starts that card's transition there and then, so it measured a button half-way from
  // the light primary to the dark one (2.34:1 on the dark paper, e2e run of 2026-12-04). We check where colours
  // settle; the transitions themselves carry no colour of their own.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator('html');
  await expect(html).toHaveClass(new RegExp(`(^|\\s)${scheme}(\\s|$)`));
  await expect(html).toHaveCSS('color-scheme', scheme);
  await animationsSettled(page);
}
