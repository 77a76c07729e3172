import { expect, test, type Locator, type Page } from '@playwright/test';
import { animationsSettled, axeViolations, showColorScheme, type ColorScheme } from './axe';
import { newPageAs, type Login } from './sessions';
import { watchProblems } from './problems';
import { COLOUR_RULES } from './axeTags';
import { settled } from './pageReady';

// Accessibility (docs/testing.md): axe (WCAG 2.1 A/AA + best practices) on every screen of the real server with demo data, in
// the light and the dark scheme, at desktop and phone width, and with each dialog open. The goal is zero violations.

const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
type Width = keyof typeof WIDTHS;
const SCHEMES: ColorScheme[] = ['light', 'dark'];

/** Something opened on top of a screen (a dialog, the drawer) and checked while open. */
interface Overlay {
  name: string;
  /** Opens it and returns what is then visible. */
  open: (page: Page) => Promise<Locator>;
  /** Escape by default. */
  close?: (page: Page) => Promise<void>;
  /** A modal is checked on its own: the page behind was checked before it opened and is hidden from screen readers. */
  scope: 'dialog' | 'page';
  only?: Width;
}

interface Screen {
  path: string;
  /** Who is signed in (see Login); null = nobody. */
  as: Login | null;
  overlays?: Overlay[];
}

const screen = (path: string, as: Login | null = 'alice', overlays: Overlay[] = []): Screen => ({ path, as, overlays });

/** A dialog opened by clicking `opener`; `name` is the dialog's accessible name. */
const dialog = (name: string, opener: (page: Page) => Locator | Promise<Locator>): Overlay => ({
  name: `dialog '${name}'`,
  scope: 'dialog',
  open: async (page) => {
    await (await opener(page)).click();
    return page.getByRole('dialog', { name });
  },
});

const button = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true });

/**
 * A row action of the first row offering it. A grid renders only the columns in view, so it is scrolled to the end
 * first; below 768 px the lists are cards whose actions are buttons (CardList).
 */
const firstRowAction = (name: string) => async (page: Page) => {
  const grid = page.locator('.MuiDataGrid-virtualScroller');
  if (await grid.count()) await grid.evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
  return page
    .getByRole('button', { name })
    .or(page.getByRole('button', { name, exact: true }))
    .first();
};

/** A form sent empty, so its fields show their error texts (red on light and dark surfaces). */
const submittedEmpty = (name: string, submit: string, within?: string): Overlay => ({
  name: `${name} sent empty`,
  scope: within ? 'dialog' : 'page',
  open: async (page) => {
    if (within) await button(within)(page).click();
    const form = within ? page.getByRole('dialog', { name }) : page.getByRole('form', { name });
    await form.getByRole('button', { name: submit, exact: true }).click();
    await expect(form.locator('.Mui-error').first()).toBeVisible();
    return form;
  },
  close: async (page) => {
    if (!within) return;
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name })).toBeHidden();
  },
});

const navigationDrawer: Overlay = {
  name: 'navigation drawer',
  scope: 'dialog',
  only: 'phone',
  open: async (page) => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    return page.getByRole('dialog', { name: 'Navigation menu' });
  },
};

const collapsedSidebar: Overlay = {
  name: 'collapsed sidebar',
  scope: 'page',
  only: 'desktop',
  open: async (page) => {
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    return page.getByRole('button', { name: 'Expand sidebar' });
  },
  close: (page) => page.getByRole('button', { name: 'Expand sidebar' }).click(),
};

// One line per screen; its dialogs are opened one after another on the same page.
const SCREENS: Screen[] = [
  screen('/login', null),
  screen('/debug', null),
  screen('/dashboard', 'alice', [
    dialog('Your account', (page) => page.getByRole('button', { name: /^Account:/ })),
    dialog('Notifications', (page) => page.getByRole('button', { name: /^Notifications/ })),
  ]),
  screen('/api-keys', 'alice', [dialog('Revoke API key', firstRowAction('Revoke'))]),
  screen('/api-keys/create'),
  screen('/team', 'alice', [
    dialog('Remove member', (page) => page.getByRole('button', { name: /^Remove / }).first()),
    submittedEmpty('Invite Member', 'Invite Member'),
    dialog('Add MCP Server', button('Add MCP Server')),
    dialog('Tools "Production" may call', button('Edit tool access of Production')),
  ]),
  screen('/usage-reports'),
  // A row's time (grid) or its card's button opens the drawer.
  screen('/usage-reports/requests', 'alice', [
    dialog('Request details', (page) => page.getByRole('button', { name: /view details$/i }).first()),
  ]),
  screen('/billing', 'alice', [
    dialog('Buy Credits', button('Buy Credits')),
    dialog('Redeem Coupon', button('Redeem Coupon')),
    dialog('Update Budget Limit', button('Manage Budget')),
  ]),
  // A row's time (grid) or its card's button opens the before and after.
  screen('/audit-log', 'alice', [
    dialog('Change details', (page) => page.getByRole('button', { name: /view change$/i }).first()),
  ]),
  screen('/no-such-page'),
  screen('/dashboard', 'teamless'),
  screen('/api-keys/create', 'teamless'),
  screen('/admin', 'bob'),
  screen('/admin', 'admin', [navigationDrawer, collapsedSidebar]),
  screen('/admin/pricing', 'admin', [
    dialog('Create Pricing Tier', button('Create Pricing Tier')),
    dialog('Pricing Tier Details', firstRowAction('View details')),
    dialog('Deactivate the', firstRowAction('Deactivate')),
  ]),
  screen('/admin/coupons', 'admin', [
    dialog('Create New Coupon', button('Create New Coupon')),
    submittedEmpty('Create New Coupon', 'Create Coupon', 'Create New Coupon'),
    dialog('Edit Coupon', firstRowAction('Edit')),
    dialog('Coupon Details', firstRowAction('View details')),
    dialog('Deactivate coupon', firstRowAction('Deactivate')),
  ]),
  screen('/admin/routing', 'admin', [
    dialog('Create Model Route', button('Create Route')),
    dialog('Add Provider Credential', button('Add Credential')),
  ]),
  screen('/admin/analytics', 'admin'),
  screen('/admin/teams', 'admin'),
  screen('/admin/users', 'admin', [
    dialog('Disable user', (page) =>
      page
        .getByRole('button', { name: /^Disable / })
        .or(page.getByRole('button', { name: /^Disable / }))
        .first(),
    ),
  ]),
  screen('/models', 'alice'),
  screen('/playground', 'alice'),
  screen('/admin/outbox', 'admin'),
  screen('/admin/tools', 'admin', [
    dialog('Add Operator Server', button('Add Operator Server')),
    dialog('Prices of demo', button('Prices')),
  ]),
  screen('/audit-log', 'admin'),
];

/** The page is drawn, loaded and every section mounted (pageReady.ts), and nothing is still moving. */
async function settledStill(page: Page) {
  await settled(page);
  await animationsSettled(page);
}

/**
 * Violations in both schemes, each line prefixed with what was on screen. `first` is the scheme already showing, so
 * consecutive checks alternate (light-dark, dark-light, …) and each costs one switch. Every rule runs in the first
 * scheme, the rules that read colours in the second (COLOUR_RULES): the rest would give the same verdict on the same
 * markup, and were half of the file's axe time.
 */
async function checkBothSchemes(page: Page, state: string, first: ColorScheme, scope?: string) {
  const found: string[] = [];
  const [one, two] = first === 'light' ? SCHEMES : [...SCHEMES].reverse();
  for (const [scheme, rules] of [
    [one, undefined],
    [two, COLOUR_RULES],
  ] as const) {
    await showColorScheme(page, scheme);
    found.push(...(await axeViolations(page, scope, rules)).map((line) => `${state}, ${scheme}: ${line}`));
  }
  return found;
}

const GUEST_401 = /^401 .*\/v1\/auth\/me$|^console: Failed to load resource: .* 401 \(Unauthorized\)$/;

const other = (scheme: ColorScheme): ColorScheme => (scheme === 'light' ? 'dark' : 'light');

for (const [width, viewport] of Object.entries(WIDTHS) as [Width, (typeof WIDTHS)[Width]][]) {
  test.describe(`axe at ${viewport.width}x${viewport.height}`, () => {
    for (const { path, as, overlays = [] } of SCREENS) {
      const shown = overlays.filter((overlay) => !overlay.only || overlay.only === width);
      const title = `${path} as ${as ?? 'guest'}${shown.length ? ` with ${shown.map((o) => o.name).join(', ')}` : ''}`;
      test(title, async ({ browser }) => {
        // Each overlay is checked in both schemes: a screen with a grid and a dialog runs axe four times, about 10 s
        // each on CI's shared VM (the request log at 1280 px took 60 s, all of it making progress, and timed out).
        test.setTimeout(60_000 + shown.length * 60_000);
        const page = await newPageAs(browser, as, viewport);
        // Every visit at both widths also keeps a clean console and no failed request, with each dialog opened: what
        // Lighthouse's "errors in the console" audit checked at desktop width (docs/testing.md, "CI").
        const problems = watchProblems(page);
        await page.goto(path);
        await settledStill(page);
        let showing: ColorScheme = 'light';
        const found = await checkBothSchemes(page, 'page', showing);
        for (const overlay of shown) {
          showing = other(showing);
          const target = await overlay.open(page);
          await expect(target).toBeVisible();
          await animationsSettled(page);
          const scope = overlay.scope === 'dialog' ? '[role="dialog"]' : undefined;
          found.push(...(await checkBothSchemes(page, overlay.name, showing, scope)));
          if (overlay.close) await overlay.close(page);
          else {
            await page.keyboard.press('Escape');
            await expect(target).toBeHidden();
          }
        }
        await page.context().close();
        expect(found.length, `axe violations on ${title} at ${width}:\n${found.join('\n')}\n`).toBe(0);
        // A guest's page asks who is signed in and is told 401 (the debug page's GET /v1/auth/me, product spec);
        // the browser logs that answer too.
        const unexpected = as ? problems : problems.filter((problem) => !GUEST_401.test(problem));
        expect(unexpected, `console errors or failed requests on ${title} at ${width}`).toEqual([]);
      });
    }
  });
}
