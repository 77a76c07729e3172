import { expect, test, type Locator, type Page } from '@playwright/test';
import { SIGNED_IN_ROUTES, TABLES_BY_ROUTE, UNCUT_GRIDS_BY_ROUTE } from './routes';
import { settled } from './pageReady';
import { signIn } from './signIn';

async function visit(page: Page, route: string) {
  await page.goto(route);
  await settled(page);
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  // Every screen at a phone width: nothing sticks out sideways, and lists are cards, never a grid (the grid's columns
  // do not fit, and a phone never downloads it).
  for (const [login, routes] of Object.entries(SIGNED_IN_ROUTES)) {
    test(`no horizontal overflow and no grid for ${login}`, async ({ page }) => {
      await signIn(page, login);
      for (const route of routes) {
        await visit(page, route);
        const overflow = await pageOverflow(page);
        expect(overflow, `${route} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        await expect(page.getByRole('grid'), `${route} shows a grid`).toHaveCount(0);
      }
    });
  }

  test('the login page fits a phone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome to AI Model Gateway' })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});

/** How far the table's own box scrolls sideways (0 when every column fits). */
function sidewaysScroll(table: Locator, role: 'grid' | 'table') {
  return table.evaluate((element, isGrid) => {
    const scroller = isGrid ? element.querySelector('.MuiDataGrid-virtualScroller') : element.parentElement;
    if (!scroller) throw new Error('no scroller');
    return scroller.scrollWidth - scroller.clientWidth;
  }, role === 'grid');
}

test.describe('at 1280 px with the sidebar open', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // Every grid and usage table fits beside the open sidebar: its last column (the row actions) is on screen without
  // scrolling sideways, so nothing hides the identifying first column either.
  for (const [login, routes] of Object.entries(TABLES_BY_ROUTE)) {
    test(`every table's last column is reachable and visible for ${login}`, async ({ page }) => {
      await signIn(page, login);
      for (const [route, tables] of Object.entries(routes)) {
        await visit(page, route);
        expect((await page.getByTestId('sidebar').boundingBox())?.width, 'the sidebar is open').toBe(256);
        for (const { role, name } of tables) {
          const table = page.getByRole(role, { name, exact: true });
          await expect(table.getByRole('row').nth(1), `${route}: ${name} has rows`).toBeVisible();
          const lastHeader = table.getByRole('columnheader').last();
          await expect(lastHeader).toBeInViewport({ ratio: 1 });
          const box = await lastHeader.boundingBox();
          expect(box!.x + box!.width, `${route}: ${name}'s last column ends off screen`).toBeLessThanOrEqual(1280);
          expect(await sidewaysScroll(table, role), `${route}: ${name} scrolls sideways`).toBeLessThanOrEqual(0);
        }
        expect(await pageOverflow(page), `${route} overflows`).toBeLessThanOrEqual(0);
      }
    });
  }
});

/**
 * The cells of a grid (and the header titles) holding anything wider than its box: a value cut by an ellipsis or at
 * the cell's edge. Text kept for screen readers only is clipped on purpose (visuallyHidden) and left out.
 */
function cutCells(grid: Locator) {
  return grid.evaluate((element) => {
    const cut: string[] = [];
    for (const cell of element.querySelectorAll<HTMLElement>('[role="gridcell"], .MuiDataGrid-columnHeaderTitle')) {
      const boxes = [cell, ...cell.querySelectorAll<HTMLElement>('*')].filter(
        (box) => !(getComputedStyle(box).position === 'absolute' && box.clientWidth <= 1),
      );
      const widest = boxes.find((box) => box.scrollWidth > box.clientWidth);
      if (widest) {
        const field = cell.closest<HTMLElement>('[data-field]')?.dataset.field;
        cut.push(`${field}: "${cell.textContent}" (${widest.scrollWidth} > ${widest.clientWidth} px)`);
      }
    }
    return cut;
  });
}

test.describe('at 1280 px with the sidebar open, no value cut', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // API Keys, Requests and Admin -> Routing: no cell of these grids cuts its value ('Limit reach…', 'upstre…'); a
  // column too narrow for its text wraps it.
  for (const [login, routes] of Object.entries(UNCUT_GRIDS_BY_ROUTE)) {
    test(`no cell of the grids cuts its value for ${login}`, async ({ page }) => {
      await signIn(page, login);
      for (const [route, grids] of Object.entries(routes)) {
        await visit(page, route);
        expect((await page.getByTestId('sidebar').boundingBox())?.width, 'the sidebar is open').toBe(256);
        for (const name of grids) {
          const grid = page.getByRole('grid', { name, exact: true });
          await expect(grid.getByRole('row').nth(1), `${route}: ${name} has rows`).toBeVisible();
          expect(await cutCells(grid), `${route}: ${name}`).toEqual([]);
        }
      }
    });
  }
});

test.describe('at 1024 px, where a grid scrolls sideways', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  // Scrolled to its last column, a grid still shows which row is which: the first column sticks to the left edge.
  for (const [login, routes] of Object.entries(TABLES_BY_ROUTE)) {
    test(`every grid keeps its identifying column in view for ${login}`, async ({ page }) => {
      await signIn(page, login);
      for (const [route, tables] of Object.entries(routes)) {
        const grids = tables.filter(({ role }) => role === 'grid');
        if (grids.length === 0) continue;
        await visit(page, route);
        for (const { name } of grids) {
          const grid = page.getByRole('grid', { name, exact: true });
          await expect(grid.getByRole('row').nth(1)).toBeVisible();
          // Down the page first: the header of a grid below the fold (Admin → Routing's deployments) is brought into view.
          await grid.getByRole('columnheader').first().scrollIntoViewIfNeeded();
          await grid.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => {
            scroller.scrollLeft = scroller.scrollWidth;
          });
          await expect(grid.getByRole('columnheader').last()).toBeInViewport({ ratio: 1 });
          const first = grid.getByRole('columnheader').first();
          const [gridBox, firstBox] = [await grid.boundingBox(), await first.boundingBox()];
          expect(Math.abs(firstBox!.x - gridBox!.x), `${route}: ${name}'s first column scrolled away`).toBeLessThan(2);
          const firstCell = grid.getByRole('row').nth(1).getByRole('gridcell').first();
          expect(Math.abs((await firstCell.boundingBox())!.x - gridBox!.x)).toBeLessThan(2);
        }
      }
    });
  }
});
