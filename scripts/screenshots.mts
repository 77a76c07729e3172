/**
 * npm run screenshots — every route at 1280 and 375 px, in the light and the dark scheme, as the demo user who sees it
 * in full, written to .tmp/screenshots/<scheme>-<width>/<route>.png (full page), and the dialogs of DIALOGS open as
 * the screen shows them (<route>__<dialog>.png: a button hidden below the fold shows). For looking at: hidden
 * identifying columns, hidden actions, cut text.
 *
 * Measures the build in DIST_DIR (default dist/) and never builds it: run `npm run build` first. Knobs: PORT (default
 * 8393), SCREENSHOTS_ONLY (comma-separated route prefixes, e.g. "/admin/pricing,/usage-reports"), CHROMIUM_PATH.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { SIGNED_IN_ROUTES } from '../e2e/routes';
import { REPO_ROOT, signInCookie, startDemoServer } from './lib/demoServer.mts';

const OUT_DIR = path.join(REPO_ROOT, '.tmp', 'screenshots');
const distDir = path.resolve(REPO_ROOT, process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 8393);
const only = process.env.SCREENSHOTS_ONLY?.split(',').map((item) => item.trim());

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
interface Shot {
  route: string;
  login: string | null;
  /** The button that opens the dialog to show (the first of that name; several: clicked in turn), and the file's suffix. */
  dialog?: { button: string | string[]; name: string };
}
/** Dialogs whose layout has gone wrong before: each shot at the screen's own size, the dialog open. */
const DIALOGS: Shot[] = [
  { route: '/admin/routing', login: 'admin', dialog: { button: 'Create Route', name: 'create-route' } },
  { route: '/api-keys', login: 'alice', dialog: { button: 'Edit', name: 'edit-key' } },
  { route: '/api-keys', login: 'alice', dialog: { button: ['View details', 'Guardrails'], name: 'key-guardrails' } },
];
const ROUTES: Shot[] = [
  { route: '/login', login: null },
  ...Object.entries(SIGNED_IN_ROUTES).flatMap(([login, routes]) => routes.map((route) => ({ route, login }))),
  ...DIALOGS,
].filter(({ route }) => !only || only.some((prefix) => route.startsWith(prefix)));

const fileName = ({ route, dialog }: Shot) =>
  `${route.replace(/^\//, '').replace(/\//g, '_') || 'root'}${dialog ? `__${dialog.name}` : ''}.png`;

async function shoot(browser: Browser, origin: string, cookies: Map<string, string>) {
  const written: string[] = [];
  for (const scheme of SCHEMES) {
    for (const viewport of VIEWPORTS) {
      const dir = path.join(OUT_DIR, `${scheme}-${viewport.width}`);
      fs.mkdirSync(dir, { recursive: true });
      for (const shot of ROUTES) {
        const { route, login, dialog } = shot;
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        if (login) {
          await context.addCookies(
            cookies
              .get(login)!
              .split('; ')
              .map((pair) => {
                const [name, ...value] = pair.split('=');
                return { name, value: value.join('='), url: origin };
              }),
          );
        }
        const page = await context.newPage();
        await page.goto(`${origin}${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        // Lazy grids arrive after the first paint, charts as they near the viewport: scroll down once, let them settle.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(800);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState('networkidle');
        if (dialog) {
          // A button, or a grid row's action (a menu item) where the phone's card has a button.
          for (const button of [dialog.button].flat()) {
            const opener = { name: button, exact: true };
            await page.getByRole('button', opener).or(page.getByRole('menuitem', opener)).first().click();
            await page.getByRole('dialog').last().waitFor();
            await page.waitForLoadState('networkidle');
            // A dialog that loads its own data shows a spinner until it has it.
            await page.getByRole('dialog').last().getByRole('progressbar').waitFor({ state: 'detached' });
            await page.waitForTimeout(400);
          }
        }
        const file = path.join(dir, fileName(shot));
        await page.screenshot({ path: file, fullPage: !dialog });
        written.push(path.relative(REPO_ROOT, file));
        await context.close();
      }
    }
  }
  return written;
}

async function main() {
  const server = await startDemoServer({ port, distDir, dataDir: path.join(OUT_DIR, 'data') });
  try {
    const cookies = new Map<string, string>();
    for (const login of Object.keys(SIGNED_IN_ROUTES)) cookies.set(login, await signInCookie(server.origin, login));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      const written = await shoot(browser, server.origin, cookies);
      console.log(`${written.length} screenshots in ${path.relative(REPO_ROOT, OUT_DIR)}/`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

await main();
