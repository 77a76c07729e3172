// Long tasks of pages' first loads as a throttled phone runs them (CPU ×4, 412×823), builds side by side, alternating
// (docs/performance.md: A/B in one sitting). Not part of CI: a quicker, steadier look than Lighthouse's full audit
// while working on a page's long tasks.
//   node --import tsx scripts/long-tasks.mts <runs> <dist>[,<dist>…] <route>:<login>[,…]
// (DESKTOP=1: at Lighthouse's desktop size, 1350×940, the CPU not slowed; SHOW_TASKS=1: every load's long tasks)
// prints, per route and build, the median of the blocking time (Σ max(0, task − 50 ms) after the first paint), of
// the longest task, and of the main thread's whole work of the load (Chromium's TaskDuration and ScriptDuration).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { signInCookie, startDemoServer, type DemoServer } from './lib/demoServer.mts';

const [runsArg = '5', distsArg = 'dist', routesArg = '/dashboard:alice'] = process.argv.slice(2);
const runs = Number(runsArg);
// DESKTOP=1: Lighthouse's desktop preset instead, 1350×940 with the CPU not slowed.
const desktop = process.env.DESKTOP === '1';
const dists = distsArg.split(',').map((dist) => path.resolve(dist));
const routes = routesArg.split(',').map((item) => {
  const [route, login] = item.split(':');
  return { route, login: login ?? 'alice' };
});

const OBSERVE = `
  window.__longTasks = [];
  window.__firstPaint = null;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__firstPaint = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  window.__lcp = null;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const servers: DemoServer[] = [];
try {
  for (const [index, distDir] of dists.entries())
    servers.push(
      await startDemoServer({
        port: 8395 + index,
        distDir,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'long-tasks-')),
      }),
    );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const results = new Map<
    string,
    { blocking: number[]; longest: number[]; lcp: number[]; busy: number[]; script: number[] }
  >();
  for (let run = 0; run < runs; run++) {
    for (const { route, login } of routes) {
      for (const [index, server] of servers.entries()) {
        const context = await browser.newContext(
          desktop
            ? { viewport: { width: 1350, height: 940 } }
            : { viewport: { width: 412, height: 823 }, isMobile: true },
        );
        const [name, value] = (await signInCookie(server.origin, login)).split(';')[0].split('=');
        await context.addCookies([{ name, value, url: server.origin }]);
        const page = await context.newPage();
        await page.addInitScript(OBSERVE);
        if (run === 0) await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
        const cdp = await context.newCDPSession(page);
        if (!desktop) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        // NETWORK=slow4g: also Lighthouse's "devtools" throttling of the network (562.5 ms round trips, 1.47 Mbit/s).
        if (process.env.NETWORK === 'slow4g') {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 562.5,
            downloadThroughput: (1474.56 * 1024) / 8,
            uploadThroughput: (675 * 1024) / 8,
          });
        }
        await cdp.send('Performance.enable');
        await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(2000);
        // The main thread's whole work, long tasks or not: steadier than blocking time, which moves with how the
        // work happened to be cut into tasks (Chromium's own counters, seconds since the page's process started).
        const { metrics } = await cdp.send('Performance.getMetrics');
        const metric = (name: string) => (metrics.find((item) => item.name === name)?.value ?? NaN) * 1000;
        const { tasks, firstPaint, lcp } = await page.evaluate(() => ({
          tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
          firstPaint: (window as unknown as { __firstPaint: number }).__firstPaint,
          lcp: (window as unknown as { __lcp: number }).__lcp,
        }));
        // SHOW_TASKS=1: each load's grids mounted, first paint and long tasks (start+duration, ms).
        if (process.env.SHOW_TASKS) {
          const grids = await page.evaluate(() => document.querySelectorAll('.MuiDataGrid-root').length);
          const list = tasks.map(([start, duration]) => `${start.toFixed(0)}+${duration.toFixed(0)}`).join(' ');
          console.log(`${path.basename(dists[index])}: ${grids} grids; first paint ${firstPaint.toFixed(0)}; ${list}`);
        }
        await context.close();
        const after = tasks.filter(([start]) => start >= firstPaint);
        const key = `${route} ${path.basename(path.dirname(dists[index]))}/${path.basename(dists[index])}`;
        const entry = results.get(key) ?? { blocking: [], longest: [], lcp: [], busy: [], script: [] };
        entry.busy.push(metric('TaskDuration'));
        entry.script.push(metric('ScriptDuration'));
        entry.lcp.push(lcp ?? NaN);
        entry.blocking.push(after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0));
        entry.longest.push(Math.max(0, ...tasks.map(([, duration]) => duration)));
        results.set(key, entry);
      }
    }
  }
  await browser.close();
  for (const [key, { blocking, longest, lcp, busy, script }] of results)
    console.log(
      `${key.padEnd(50)} blocking median ${median(blocking).toFixed(0).padStart(5)} ms ` +
        `(${blocking.map((value) => value.toFixed(0)).join(', ')}); longest task median ${median(longest).toFixed(0)} ms; ` +
        `largest paint median ${median(lcp).toFixed(0)} ms; main thread busy median ${median(busy).toFixed(0)} ms ` +
        `(script ${median(script).toFixed(0)} ms)`,
    );
} finally {
  for (const server of servers) await server.stop();
}
