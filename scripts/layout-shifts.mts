// The layout shifts of pages' first loads, each with when it happened and what moved from where to where
// (docs/performance.md, "Layout shifts"). Not part of CI: the look behind a Lighthouse CLS above 0, which its report
// names only by element. A shift within 500 ms of input does not count, as in Lighthouse; none is made here.
//   node --import tsx scripts/layout-shifts.mts [desktop|mobile] <route>:<login>[,…]|menu [dist]
// (`menu`: /login and every page of the members' and the administrators' menus, as npm run lighthouse measures)
// desktop is Lighthouse's desktop viewport (1350×940), mobile its phone (412×823); the CPU is slowed 4× on mobile,
// as Lighthouse simulates it (CPU=n sets another slowdown, on either).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { MENU_PAGES, signInCookie, startDemoServer } from './lib/demoServer.mts';

const [preset = 'desktop', routesArg = '/dashboard:alice', distArg = 'dist'] = process.argv.slice(2);
const mobile = preset === 'mobile';
const routes =
  routesArg === 'menu'
    ? MENU_PAGES.map(({ path: route, login }) => ({ route, login }))
    : routesArg.split(',').map((item) => {
        const [route, login = 'alice'] = item.split(':');
        return { route, login };
      });

interface Shift {
  at: number;
  value: number;
  sources: { node: string; from: string; to: string }[];
}

// Collected in the page from its start: each shift's time, value and moved nodes (their tag, id, class and text).
const OBSERVE = `
  window.__shifts = [];
  const describe = (node) => {
    if (!node) return '(gone)';
    const element = node.nodeType === 1 ? node : node.parentElement;
    if (!element) return '#text';
    const label = element.getAttribute('aria-label') || element.getAttribute('aria-labelledby') && document.getElementById(element.getAttribute('aria-labelledby'))?.textContent || (element.textContent || '').trim().slice(0, 50);
    return element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '.' + [...element.classList].slice(0, 2).join('.') + ' "' + label + '"';
  };
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({ at: entry.startTime, value: entry.value, sources: (entry.sources || []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

const server = await startDemoServer({
  port: 8397,
  distDir: path.resolve(distArg),
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'layout-shifts-')),
});
try {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    // With the page's scroll bars, as Lighthouse's Chrome draws them (Playwright's headless hides them): a scroll bar
    // that appears narrows the page, and what that moves is a shift Lighthouse counts.
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  for (const { route, login } of routes) {
    const context = await browser.newContext({
      viewport: mobile ? { width: 412, height: 823 } : { width: 1350, height: 940 },
      isMobile: mobile,
    });
    const [name, value] = (await signInCookie(server.origin, login)).split(';')[0].split('=');
    await context.addCookies([{ name, value, url: server.origin }]);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    // A first visit warms the server's caches, as Lighthouse's script does before it measures.
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    // CPU=n slows the desktop too: a shift that shows only when the grid measures its rows a frame late.
    const rate = Number(process.env.CPU ?? (mobile ? 4 : 1));
    const cdp = await context.newCDPSession(page);
    if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // COLD=1: nothing from the browser's cache, as Lighthouse loads a page (the scripts then arrive later).
    if (process.env.COLD) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`${route} ${preset}: ${shifts.length} shifts, ${total.toFixed(4)} in all`);
    for (const shift of shifts) {
      console.log(`  ${shift.at.toFixed(0).padStart(6)} ms  ${shift.value.toFixed(4)}`);
      for (const source of shift.sources) console.log(`      ${source.node}  ${source.from} -> ${source.to}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
