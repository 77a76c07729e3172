// Timings taken inside the page, on its own clock: Playwright's round trips do not count, and "shown" means the
// animation frame in which the condition first held, i.e. the frame that paints it.
import type { BrowserContext, Page } from '@playwright/test';

declare global {
  interface Window {
    /** Set by the init script: when the first user event after arm() reached the page. */
    __bench: { armed: boolean; actionAt: number | null };
  }
}

/** What a condition evaluated in the page receives from the script (it must survive JSON). */
export type PageArg = Record<string, string | null>;

/** Records, in every page of the context, the moment an armed action's first click or input event arrives. */
export async function installActionClock(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__bench = { armed: false, actionAt: null };
    for (const type of ['click', 'input']) {
      document.addEventListener(
        type,
        () => {
          if (!window.__bench.armed) return;
          window.__bench.armed = false;
          window.__bench.actionAt = performance.now();
        },
        true,
      );
    }
  });
}

/** Page time (ms since navigation start) of the first frame in which `selector` matches an element. */
export async function shownAt(page: Page, selector: string, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    (css) => (document.querySelector(css) ? performance.now() : false),
    selector,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Runs `act` (one click or fill) and returns the ms from its event reaching the page to the first frame in which
 * `shownAt(arg)` returns a time. `shownAt` runs in the page: it returns performance.now() once the result of the
 * action is on screen, false before.
 */
export async function timeAction(
  page: Page,
  act: () => Promise<void>,
  shownAt: (arg: PageArg) => number | false,
  arg: PageArg,
): Promise<number> {
  await page.evaluate(() => {
    window.__bench.armed = true;
    window.__bench.actionAt = null;
  });
  await act();
  const handle = await page.waitForFunction(shownAt, arg, { polling: 'raf', timeout: 60_000 });
  const end = (await handle.jsonValue()) as number;
  const start = await page.evaluate(() => window.__bench.actionAt);
  if (start === null) throw new Error('the action sent no click or input event to the page');
  return end - start;
}

/** The `data-id` of the grid's first row, or null while there is none. */
export const FIRST_ROW = '.MuiDataGrid-row[data-rowindex="0"]';
export const firstRowId = (page: Page) => page.locator(FIRST_ROW).getAttribute('data-id');
