#!/usr/bin/env node
// npm run styles:record — writes build/critical-styles.json: the emotion styles each signed-in page (e2e/routes.ts)
// inserts on its first load, on a phone and on a desktop, recorded from the built app (dist/, or DIST_DIR) in Chromium against
// the demo server. The server puts a page's styles into its HTML, marked as emotion's server-rendered styles, so the
// app finds them inserted instead of compiling and inserting each one while it renders (docs/performance.md, "Styles
// in the page"). Run it after a change to what pages look like: a style the file lacks is only inserted at run time,
// as before, and one it keeps that no page uses any more costs bytes only (a style's name is the hash of its rules).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { SIGNED_IN_ROUTES } from '../e2e/routes';
import { REPO_ROOT, signInCookie, startDemoServer } from './lib/demoServer.mts';
import { CRITICAL_STYLES, type CriticalStyles } from '../server/lib/criticalStyles.ts';

const distDir = path.resolve(REPO_ROOT, process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 8397);
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
];
/**
 * A style longer than this stays out of the pages: a data grid's root style is about 37 KB and differs per grid, so
 * it would double a page's HTML for a desktop-only widget.
 */
const MAX_STYLE_CHARS = 8_192;

// Emotion inserts each rule with CSSStyleSheet.insertRule in production (its "speedy" sheet): record them, with the
// key of the sheet they went into ('css' for components' styles, 'css-global' for global ones).
const RECORD_INSERTIONS = `
  window.__insertedRules = [];
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (rule, index) {
    const key = this.ownerNode?.getAttribute?.('data-emotion');
    if (key) window.__insertedRules.push([key, rule]);
    return insertRule.call(this, rule, index);
  };
`;

/** The style a rule belongs to: `.css-<name>…` (also inside @media and @supports), or `@keyframes <name>`. */
function styleNameOf(rule: string): string | null {
  return (/^@keyframes ([\w-]+)/.exec(rule) ?? /\.css-([\w-]+)/.exec(rule))?.[1] ?? null;
}

// The build without its styles in the pages: a style the HTML carries is never inserted, so it could not be recorded.
const bareDist = fs.mkdtempSync(path.join(os.tmpdir(), 'styles-dist-'));
fs.cpSync(distDir, bareDist, { recursive: true, filter: (file) => path.basename(file) !== CRITICAL_STYLES.output });
const server = await startDemoServer({
  port,
  distDir: bareDist,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'styles-data-')),
});
const routes: Record<string, string[]> = {};
const rules = new Map<string, string[]>();
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pages = Object.entries(SIGNED_IN_ROUTES).flatMap(([login, paths]) => paths.map((route) => ({ login, route })));
  const cookies = new Map<string, string>();
  for (const login of Object.keys(SIGNED_IN_ROUTES)) cookies.set(login, await signInCookie(server.origin, login));
  for (const viewport of VIEWPORTS) {
    for (const { route, login } of pages) {
      const context = await browser.newContext({ viewport });
      const [name, value] = cookies.get(login)!.split(';')[0].split('=');
      await context.addCookies([{ name, value, url: server.origin }]);
      await context.addInitScript(RECORD_INSERTIONS);
      const page = await context.newPage();
      await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
      // What a page draws after its first paint (grids, charts, deferred cards).
      await page.waitForTimeout(1_500);
      const inserted = (await page.evaluate('window.__insertedRules')) as [key: string, rule: string][];
      await context.close();
      const names = (routes[route] ??= []);
      for (const [key, rule] of inserted) {
        const style = key === 'css' ? styleNameOf(rule) : null;
        if (!style) continue;
        if (!names.includes(style)) names.push(style);
        const styleRules = rules.get(style) ?? [];
        if (!styleRules.includes(rule)) rules.set(style, [...styleRules, rule]);
      }
      console.log(`${viewport.width} px ${route}: ${inserted.length} rules`);
    }
  }
  await browser.close();
} finally {
  await server.stop();
  fs.rmSync(bareDist, { recursive: true, force: true });
}

/**
 * A page's styles up to the first one left out. The page's HTML must keep the order in which the app inserts them:
 * where two styles' rules apply to one element with equal specificity (a grid's root style reaches into its cells),
 * the later one wins, and a style inserted at run time always comes after every style in the HTML.
 */
function upToFirstLeftOut(names: readonly string[], kept: ReadonlyMap<string, string>): string[] {
  const firstLeftOut = names.findIndex((name) => !kept.has(name));
  return firstLeftOut === -1 ? [...names] : names.slice(0, firstLeftOut);
}

const kept = new Map(
  [...rules].map(([name, list]) => [name, list.join('')] as const).filter(([, css]) => css.length <= MAX_STYLE_CHARS),
);
const catalogue: CriticalStyles = {
  about: `Written by npm run styles:record (scripts/record-styles.mts) from a build; read by ${'build/CriticalStylesPlugin.js and server/lib/appShell.ts'}.`,
  routes: Object.fromEntries(Object.entries(routes).map(([route, names]) => [route, upToFirstLeftOut(names, kept)])),
  rules: Object.fromEntries([...kept].sort(([a], [b]) => a.localeCompare(b))),
};
fs.writeFileSync(path.join(REPO_ROOT, CRITICAL_STYLES.source), `${JSON.stringify(catalogue, null, 1)}\n`);
const bytes = [...kept.values()].reduce((sum, css) => sum + css.length, 0);
console.log(
  `${CRITICAL_STYLES.source}: ${kept.size} styles (${bytes} characters), ${rules.size - kept.size} longer ones left out`,
);
