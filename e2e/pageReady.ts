import { expect, type Page } from '@playwright/test';

// When a page is ready to be checked. A signed-in page's first paint is the frame the server sent (docs/performance.md,
// "The signed-in shell"), which for most pages already shows their heading: a visible heading alone no longer says
// the app has drawn the page.

/** The app has drawn the page: its heading shows and the frame the server sent before the app started is gone. */
export async function appDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#static-shell')).toHaveCount(0);
}

/**
 * The app has drawn the page, finished loading its data and drawn its lists (every loader is gone), and every section
 * that waits to be needed is mounted. A visitor's first input mounts those (/admin/routing's lower grids,
 * AfterFirstPaint's whenNeeded); Shift alone moves nothing. Pressed once the network is quiet, and again while a
 * loader is left: a section drawn once its data arrived (the deployments of the first route) listens from its first
 * paint on, which on a busy machine can come after the first press (CI saw it wait there for good, 2026-12-05). A
 * grid's chunk may also still be loading after the network is quiet (components/grid/GridPlaceholder.tsx).
 */
export async function settled(page: Page): Promise<void> {
  await appDrawn(page);
  await page.waitForLoadState('networkidle');
  const loaders = page.locator('[role="status"] [role="progressbar"]');
  await expect(async () => {
    await page.keyboard.press('Shift');
    await expect(loaders).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
