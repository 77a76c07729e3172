import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA plus axe's best practices (landmarks, heading order, region, …). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export type ColorScheme = 'light' | 'dark';

/** One readable line per failing element: rule, impact, where, and what to fix. `scope`: a CSS selector to check. */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const { violations } = await (scope ? builder.include(scope) : builder).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? violation.help).replace(/\s*\n\s*/g, ' ');
      return `${violation.id} [${violation.impact ?? 'n/a'}] ${node.target.join(' ')} :: ${why}`;
    }),
  );
}

/**
 * Waits for transitions and one-off animations (dialog fades, drawer slides, colour changes) to end, so colours are
 * measured as they settle. Endless ones (spinners, skeletons) are ignored.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
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
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator('html');
  await expect(html).toHaveClass(new RegExp(`(^|\\s)${scheme}(\\s|$)`));
  await expect(html).toHaveCSS('color-scheme', scheme);
  await animationsSettled(page);
}
