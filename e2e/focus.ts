import { expect, type Locator, type Page } from '@playwright/test';

/** Something keyboard users act on (what a Tab walk must reach). */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="combobox"]',
].join(', ');

/** Widgets that keep one tab stop and move focus inside with the arrow keys (ARIA roving tabindex). */
const ARROW_KEY_WIDGETS = '[role="grid"], [role="treegrid"], [role="toolbar"], [role="tablist"], [role="menu"]';

const MARK = 'data-tab-walk';

export interface TabWalk {
  /** Interactive elements in the tab order that Tab never reached. */
  missed: string[];
  /** Interactive elements taken out of the tab order outside an arrow-key widget: no keyboard path to them. */
  unreachable: string[];
  /** Focused elements without a visible focus indicator. */
  withoutIndicator: string[];
  stops: number;
}

/**
 * Presses Tab until focus comes round to its first stop again and reports what it missed and where focus was not
 * visible. A focus indicator is a computed outline or box-shadow on the focused
 * element while it matches :focus-visible.
 */
export async function walkTabOrder(page: Page): Promise<TabWalk> {
  const { expected, unreachable } = await page.evaluate(
    ({ interactive, widgets, mark }) => {
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} '${(
          el.getAttribute('aria-label') ??
          el.textContent ??
          ''
        )
          .trim()
          .slice(0, 40)}'`;
      const usable = [...document.querySelectorAll<HTMLElement>(interactive)].filter(
        (el) =>
          el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
          !el.matches(':disabled') &&
          el.getAttribute('aria-disabled') !== 'true' &&
          !el.closest('[aria-hidden="true"], [inert]'),
      );
      usable.forEach((el, index) => el.setAttribute(mark, String(index)));
      return {
        expected: usable
          .filter((el) => el.tabIndex >= 0)
          .map((el) => ({ id: el.getAttribute(mark), name: describe(el) })),
        unreachable: usable.filter((el) => el.tabIndex < 0 && !el.closest(widgets)).map(describe),
      };
    },
    { interactive: INTERACTIVE, widgets: ARROW_KEY_WIDGETS, mark: MARK },
  );

  const reached = new Set<string>();
  const withoutIndicator: string[] = [];
  let first: string | null = null;
  let stops = 0;
  let offPage = 0;
  // Past the last stop focus leaves the page once, then Tab starts again at the top: wherever the walk began, it
  // has seen everything when it meets its first stop again.
  for (let presses = 0; presses < 2 * expected.length + 40 && offPage < 2; presses++) {
    await page.keyboard.press('Tab');
    const focused = await describeFocus(page);
    if (!focused) {
      offPage++;
      continue;
    }
    if (focused.key === first) break;
    first ??= focused.key;
    offPage = 0;
    stops++;
    if (focused.id !== null) reached.add(focused.id);
    if (!focused.indicator) withoutIndicator.push(focused.name);
  }
  return {
    missed: expected.filter(({ id }) => id !== null && !reached.has(id)).map(({ name }) => name),
    unreachable,
    withoutIndicator,
    stops,
  };
}

/**
 * The focused element (null when focus is on the page itself), with its walk mark and whether focus shows: an
 * outline or box-shadow while it matches :focus-visible, or the 2 px frame of a focused outlined field.
 */
async function describeFocus(page: Page) {
  return page.evaluate(async (mark) => {
    // MUI sets its focus-visible class in a React update: let it paint first.
    await new Promise(requestAnimationFrame);
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    // An outlined text field or select shows focus on its frame: MUI thickens the outline around the control to 2 px.
    const frame = el.closest('.MuiOutlinedInput-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const framed = frame ? parseFloat(getComputedStyle(frame).borderTopWidth) >= 2 : false;
    const name = `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}'`;
    if (!el.hasAttribute('data-focus-key')) el.setAttribute('data-focus-key', Math.random().toString(36).slice(2));
    return {
      key: el.getAttribute('data-focus-key'),
      id: el.getAttribute(mark),
      name,
      indicator: (el.matches(':focus-visible') && (outline || shadow)) || framed,
    };
  }, MARK);
}

/** Presses Tab until `target` has focus. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Focus is on `target` and shows (outline or box-shadow while :focus-visible). */
export async function expectVisibleFocus(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  expect((await describeFocus(page))?.indicator, `visible focus on ${target}`).toBe(true);
}
