/**
 * npm run bench:ui — the dashboard under load, in Debian's Chromium against the real server (built in-process on an
 * in-memory PGlite): the demo data plus 10,000 API keys, 10,000 coupons and 365 days of usage. Measures first useful
 * paint of /api-keys, sorting and filtering /admin/coupons, a 365-day /usage-reports, and counts the API requests
 * made when navigating back to pages already visited. Every timing is the median of 3 runs (fresh browser context
 * each, so a cold first visit); prints a Markdown table and writes .tmp/bench-ui.json.
 *
 * Timings are reported, never judged (a shared machine is noisy). The one assertion: going back to a visited page
 * makes no API request (RTK Query's cache), else exit 1.
 *
 * Measures the build in DIST_DIR (default dist/) and never builds it. Knobs: PORT (default 8484), CHROMIUM_PATH.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildApp } from '../server/app';
import { UI_BENCH_SIZES, loadUiBenchData } from '../server/bench/uiBenchData';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { createSessions } from '../server/sessions/sessions';
import { REPO_ROOT, requireBuiltApp } from './lib/demoServer.mts';
import { measureBackNavigation } from './benchUi/backNavigation.mts';
import { measureApiKeys, measureCoupons, measureUsageReports, type Sample } from './benchUi/pages.mts';

const RUNS = 3;
const port = Number(process.env.PORT ?? 8484);
const distDir = path.resolve(REPO_ROOT, process.env.DIST_DIR ?? 'dist');
const OUT_FILE = path.join(REPO_ROOT, '.tmp', 'bench-ui.json');

function statistics(values: number[]) {
  const sorted = values.map(Math.round).sort((a, b) => a - b);
  return {
    runs: values.map(Math.round),
    median: sorted[Math.floor(sorted.length / 2)],
    min: sorted[0],
    max: sorted.at(-1)!,
  };
}

/** Every measurement, in Chromium against the listening server. */
async function measure(origin: string, sessions: { alice: string; admin: string }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      samples.push(...(await measureApiKeys({ browser, origin, jwt: sessions.alice })));
      samples.push(...(await measureCoupons({ browser, origin, jwt: sessions.admin })));
      samples.push(...(await measureUsageReports({ browser, origin, jwt: sessions.alice })));
    }
    const names = [...new Set(samples.map((sample) => sample.name))];
    const timings = names.map((name) => ({
      name,
      ...statistics(samples.filter((sample) => sample.name === name).map((sample) => sample.ms)),
    }));
    return { timings, backNavigation: await measureBackNavigation({ browser, origin, jwt: sessions.alice }) };
  } finally {
    await browser.close();
  }
}

async function main() {
  requireBuiltApp(distDir);
  const started = performance.now();
  const origin = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  const db = await openPglite(null);
  try {
    await migrate(db);
    const { userIds } = await loadUiBenchData(db, origin);
    console.log(`Loaded the demo data and ${JSON.stringify(UI_BENCH_SIZES)} in ${seconds(started)} s`);
    const config = loadConfig(
      { LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', JWT_SECRET: secret, DIST_DIR: distDir },
      ['--demo'],
    );
    const app = await buildApp({ config: { ...config, jwtSecret: secret }, db });
    await app.listen({ port, host: '127.0.0.1' });
    const sessions = createSessions(secret, db, config.adminLogins);
    let result;
    try {
      result = await measure(origin, {
        alice: await sessions.start(userIds.alice),
        admin: await sessions.start(userIds.admin),
      });
    } finally {
      await app.close();
    }
    report({ ...result, seconds: seconds(started) });
  } finally {
    await db.close();
  }
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

function report({
  timings,
  backNavigation,
  seconds: total,
}: Awaited<ReturnType<typeof measure>> & { seconds: number }) {
  const summary = { generatedAt: new Date().toISOString(), data: UI_BENCH_SIZES, runs: RUNS, seconds: total };
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, `${JSON.stringify({ ...summary, timings, backNavigation }, null, 2)}\n`);

  console.log(`\n| measurement | median (ms) | min (ms) | max (ms) |\n|---|---:|---:|---:|`);
  for (const timing of timings) console.log(`| ${timing.name} | ${timing.median} | ${timing.min} | ${timing.max} |`);
  console.log(
    `\nAPI requests for data already loaded, when navigating back to pages visited: ${backNavigation.requests.length}` +
      ` (the first visits made ${backNavigation.firstVisitRequests})`,
  );
  for (const step of backNavigation.steps) console.log(`  ${step.step}: ${step.requests.join(', ') || 'none'}`);
  if (backNavigation.neverCached.length > 0)
    console.log(`  (not counted) asked for the first time on a return: ${backNavigation.neverCached.join(', ')}`);
  console.log(`  (not counted) the tab regains focus: ${backNavigation.onWindowFocus.join(', ') || 'none'}`);
  console.log(`\n${path.relative(REPO_ROOT, OUT_FILE)} written; ${total} s in all`);
  if (backNavigation.requests.length > 0) {
    console.error(
      `\nBack navigation asked again for ${backNavigation.requests.length} thing(s) the first visits had: expected 0 (cache).`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
