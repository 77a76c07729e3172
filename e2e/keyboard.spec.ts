import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectVisibleFocus, tabTo, walkTabOrder } from './focus';
import { appDrawn } from './pageReady';
import { newPageAs, type Login } from './sessions';

// Keyboard (docs/testing.md, "Accessibility"): every button and link is reached by Tab and shows where focus is; dialogs open with
// Enter or Space, close with Escape, and hand focus back to what opened them; the phone drawer works the same way.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

async function openAs(browser: Parameters<typeof newPageAs>[0], as: Login, path: string, viewport = DESKTOP) {
  const page = await newPageAs(browser, as, viewport);
  await page.goto(path);
  await appDrawn(page);
  await page.waitForLoadState('networkidle');
  return page;
}

/** Tabs round the whole page: at least `minStops` stops, every control reached, each with visible focus. */
async function expectCompleteTabOrder(page: Page, minStops: number) {
  const walk = await walkTabOrder(page);
  expect(walk.stops, 'tab stops').toBeGreaterThan(minStops);
  expect(walk.missed, 'never reached by Tab').toEqual([]);
  expect(walk.unreachable, 'out of the tab order with no arrow-key path').toEqual([]);
  expect(walk.withoutIndicator, 'focused without a visible indicator').toEqual([]);
}

for (const path of ['/dashboard', '/billing']) {
  test(`Tab reaches every button and link on ${path}, each with a visible focus indicator`, async ({ browser }) => {
    const page = await openAs(browser, 'alice', path);
    await expectCompleteTabOrder(page, 10);
    await page.context().close();
  });
}

// Below 768 px the coupons are cards (CouponList): their copy buttons, actions and page buttons are plain tab stops.
test('Tab reaches every field, button and link of the coupon cards on a phone, each with visible focus', async ({
  browser,
}) => {
  const page = await openAs(browser, 'admin', '/admin/coupons', PHONE);
  await expect(page.getByRole('list', { name: 'Coupons' })).toBeVisible();
  await expectCompleteTabOrder(page, 15);
  await page.context().close();
});

/** Moves focus to a grid's first row and along it to a row action (the DataGrid's arrow-key navigation). */
const gridRowAction = (name: string) => async (page: Page) => {
  await tabTo(page, page.getByRole('columnheader').first());
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  const action = page.getByRole('row').nth(1).getByRole('button', { name });
  for (let presses = 0; presses < 5 && !(await action.evaluate((el) => el === document.activeElement)); presses++)
    await page.keyboard.press('ArrowRight');
  return action;
};

const tabToButton = (name: string) => async (page: Page) => {
  const opener = page.getByRole('button', { name, exact: true });
  await tabTo(page, opener);
  return opener;
};

const DIALOGS: {
  as: Login;
  path: string;
  dialog: string;
  key: 'Enter' | ' ';
  reach: (page: Page) => Promise<Locator>;
}[] = [
  { as: 'alice', path: '/billing', dialog: 'Buy Credits', key: 'Enter', reach: tabToButton('Buy Credits') },
  { as: 'alice', path: '/billing', dialog: 'Redeem Coupon', key: ' ', reach: tabToButton('Redeem Coupon') },
  { as: 'alice', path: '/billing', dialog: 'Update Budget Limit', key: 'Enter', reach: tabToButton('Manage Budget') },
  { as: 'alice', path: '/api-keys', dialog: 'Revoke API key', key: 'Enter', reach: gridRowAction('Revoke') },
  {
    as: 'admin',
    path: '/admin/coupons',
    dialog: 'Create New Coupon',
    key: 'Enter',
    reach: tabToButton('Create New Coupon'),
  },
  {
    as: 'admin',
    path: '/admin/pricing',
    dialog: 'Create Pricing Tier',
    key: ' ',
    reach: tabToButton('Create Pricing Tier'),
  },
];

for (const { as, path, dialog, key, reach } of DIALOGS) {
  test(`'${dialog}' on ${path} opens by keyboard and gives focus back to its opener on Escape`, async ({ browser }) => {
    const page = await openAs(browser, as, path);
    const opener = await reach(page);
    await expect(opener).toBeFocused();
    await page.keyboard.press(key);
    const opened = page.getByRole('dialog', { name: dialog });
    await expect(opened).toBeVisible();
    await expect.poll(() => opened.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expectVisibleFocus(page, opener);
    await page.context().close();
  });
}

test('the phone navigation drawer opens and closes by keyboard and gives focus back to the menu button', async ({
  browser,
}) => {
  const page = await openAs(browser, 'alice', '/dashboard', PHONE);
  const menu = page.getByRole('button', { name: 'Open navigation' });
  const drawer = page.getByRole('dialog', { name: 'Navigation menu' });

  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expectVisibleFocus(page, menu);

  // Following a link closes the drawer too; focus again lands on the menu button, now on the new page.
  await page.keyboard.press(' ');
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: 'Billing' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await page.context().close();
});
