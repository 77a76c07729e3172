import { expect, test, type Locator } from '@playwright/test';
import { newPageAs } from './sessions';

// Secondary text is quieter than the line it explains, in both schemes (docs/rules.md#layout-and-timings): a grid
// cell's second line (styled once for the grid, CELL_LINES_SX) and a card's title (Typography color="textSecondary").
// MUI 9 drops a palette path given as Typography's colour, and such text showed in the primary colour.

/** The alpha of an element's computed text colour (1 for an opaque rgb()). */
const alphaOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).color);
    const parts = match ? match[1].split(',').map(Number) : [];
    return parts.length === 4 ? parts[3] : 1;
  });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`secondary text is quieter than its primary line (${colorScheme})`, async ({ browser }) => {
    const page = await newPageAs(browser, 'alice', { width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme });

    await page.goto('/api-keys');
    const nameCell = page
      .getByRole('gridcell')
      .filter({ hasText: /Created / })
      .first();
    const name = nameCell.locator('p').first();
    const created = nameCell.locator('p').filter({ hasText: /^Created / });
    await expect(created).toBeVisible();
    expect(await alphaOf(created)).toBeLessThan(await alphaOf(name));

    // A stat card's title is its secondary text (StatCard.tsx).
    await page.goto('/dashboard');
    const title = page.getByText('Total API Keys', { exact: true });
    await expect(title).toBeVisible();
    expect(await alphaOf(title)).toBeLessThan(await alphaOf(page.getByRole('heading', { level: 1 })));
    await page.context().close();
  });
}
