/**
 * npm run lighthouse — Lighthouse 12 (Node API, Debian's Chromium, headless, offline) on /login and every page of
 * the menus (ROUTES) of the real server in demo mode, with the mobile default config and the desktop preset. Prints a Markdown table, writes
 * .tmp/lighthouse/summary.json (plus each run's full report) and exits 1 when a score is under its bar.
 *
 * Bars: performance 90 (mobile) / 98 (desktop), accessibility 100, best practices 100. Performance on a shared
 * machine is noisy, so a page that misses only the performance bar is run four more times and judged on the run with
 * the median performance score; an accessibility or best-practices miss is a defect and never retried. Before the
 * first audit every page and bundle is requested once (warmUp).
 *
 * Measures the build in DIST_DIR (default dist/) and never builds it: in CI, `npm run bundle:report` built it first.
 * Knobs: PORT (default 8383), LIGHTHOUSE_DATA_DIR (default .tmp/lighthouse/data, wiped), CHROME_PATH,
 * LIGHTHOUSE_PRESETS (one preset only, into .tmp/lighthouse/<preset>/), and
 * LIGHTHOUSE_ONLY to audit some pages only (comma-separated, matched against "route preset", e.g. "/billing mobile").
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../playwright.config';
import { MENU_PAGES, REPO_ROOT, signInCookie, startDemoServer } from './lib/demoServer.mts';

/** /login (the pre-rendered page, no session) and every page of both menus. */
const ROUTES: readonly { path: string; login: 'alice' | 'admin' | null }[] = [
  { path: '/login', login: null },
  ...MENU_PAGES,
];

const ALL_PRESETS = [
  { name: 'mobile', config: undefined, performanceBar: 90 },
  { name: 'desktop', config: desktopConfig, performanceBar: 98 },
] as const satisfies readonly { name: string; config: Config | undefined; performanceBar: number }[];
/**
 * `LIGHTHOUSE_PRESETS=mobile` (or `desktop`) audits one preset only, into a directory of its own (and on its own
 * PORT), so CI runs the two side by side in its two lanes (.ci/run).
 */
const presetsAsked = process.env.LIGHTHOUSE_PRESETS?.split(',').map((name) => name.trim());
const PRESETS = ALL_PRESETS.filter((preset) => !presetsAsked || presetsAsked.includes(preset.name));
if (PRESETS.length === 0) throw new Error(`LIGHTHOUSE_PRESETS names no preset of ${ALL_PRESETS.map((p) => p.name)}`);

const CATEGORY_BARS = { accessibility: 100, 'best-practices': 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MAX_PERFORMANCE_RUNS = 5;

const OUT_DIR = path.join(REPO_ROOT, '.tmp', 'lighthouse', ...(presetsAsked ? [presetsAsked.join('-')] : []));
const distDir = path.resolve(REPO_ROOT, process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 8383);
const dataDir = path.resolve(REPO_ROOT, process.env.LIGHTHOUSE_DATA_DIR ?? path.join(OUT_DIR, 'data'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const only = process.env.LIGHTHOUSE_ONLY?.split(',').map((item) => item.trim());
/**
 * `LIGHTHOUSE_PERFORMANCE=report` prints every performance score without failing on it (one run per page), and
 * `LIGHTHOUSE_PERFORMANCE_REPORT_ONLY` does so for the audits it lists ("route preset", comma-separated). CI lists
 * the one audit still under its bar (see docs/performance.md); accessibility and best practices always fail the run.
 */
const reportAllPerformance = process.env.LIGHTHOUSE_PERFORMANCE === 'report';
const reportOnlyAudits = (process.env.LIGHTHOUSE_PERFORMANCE_REPORT_ONLY ?? '')
  .split(',')
  .map((item) => item.trim())
  .filter(Boolean);
const performanceEnforced = (route: string, preset: string) =>
  !reportAllPerformance && !reportOnlyAudits.includes(`${route} ${preset}`);

interface RunSummary {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  finalUrl: string;
  /** Audits of the barred categories that did not pass, so a failure says what to fix. */
  failedAudits: string[];
}

interface PageSummary extends RunSummary {
  route: string;
  preset: string;
  performanceRuns: number[];
  problems: string[];
}

function summarise(lhr: Result): RunSummary {
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const failedAudits = (['accessibility', 'best-practices'] as const).flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score! < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<Category, number>,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? NaN),
    cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? NaN).toFixed(3)),
    finalUrl: lhr.finalDisplayedUrl,
    failedAudits,
  };
}

/** One Lighthouse run in a fresh Chromium, so no run inherits another's cache or memory pressure. */
async function runLighthouse(url: string, preset: (typeof PRESETS)[number], cookie: string | null, file: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS, '--headless'] });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // A header rather than a cookie: Lighthouse clears the origin's storage (cookies too) before it loads.
        extraHeaders: cookie ? { Cookie: cookie } : null,
        // The picture of the whole page only illustrates the HTML report's element thumbnails, which no score reads;
        // taking it was 1.1-2.8 s of each run's 10-25 (lhr.timing, CI run of 2026-12-04), 30 s of CI's mobile audits.
        disableFullPageScreenshot: true,
      },
      preset.config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    fs.writeFileSync(file, JSON.stringify(result.lhr));
    // The run's trace beside its report, for reading what ran before a paint (docs/performance.md, "The signed-in shell").
    if (process.env.LIGHTHOUSE_TRACE)
      fs.writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return summarise(result.lhr);
  } finally {
    chrome.kill();
  }
}

function problemsOf(run: RunSummary, routePath: string, preset: (typeof PRESETS)[number]): string[] {
  const problems: string[] = [];
  // A guarded page that bounced to /login would score the login page instead; the URL proves what was measured.
  const finalPath = new URL(run.finalUrl).pathname;
  if (finalPath !== routePath) problems.push(`ended on ${finalPath}, not ${routePath}`);
  if (performanceEnforced(routePath, preset.name) && run.scores.performance < preset.performanceBar)
    problems.push(`performance ${run.scores.performance} < ${preset.performanceBar}`);
  for (const [category, bar] of Object.entries(CATEGORY_BARS) as [Category, number][]) {
    if (run.scores[category] < bar) problems.push(`${category} ${run.scores[category]} < ${bar}`);
  }
  return problems;
}

async function auditPage(
  origin: string,
  route: (typeof ROUTES)[number],
  preset: (typeof PRESETS)[number],
  cookie: string | null,
): Promise<PageSummary> {
  const name = `${route.path.slice(1).replaceAll('/', '-')}-${preset.name}`;
  const run = (attempt: number) =>
    runLighthouse(`${origin}${route.path}`, preset, cookie, path.join(OUT_DIR, `${name}-${attempt}.json`));
  const runs = [await run(1)];
  const firstProblems = problemsOf(runs[0], route.path, preset);
  const performanceOnly = firstProblems.length === 1 && firstProblems[0].startsWith('performance');
  while (performanceOnly && runs.length < MAX_PERFORMANCE_RUNS) runs.push(await run(runs.length + 1));
  // The run with the median performance score stands for the page (with one run, that run).
  const median = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)];
  const problems = problemsOf(median, route.path, preset);
  return {
    route: route.path,
    preset: preset.name,
    ...median,
    performanceRuns: runs.map((run) => run.scores.performance),
    problems,
  };
}

function markdownTable(pages: PageSummary[]): string {
  const lines = [
    '| route | preset | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map((page) => {
      const performance =
        page.performanceRuns.length > 1
          ? `${page.scores.performance} (median of ${page.performanceRuns.join(', ')})`
          : `${page.scores.performance}`;
      return `| ${page.route} | ${page.preset} | ${performance} | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} | ${page.lcpMs} | ${page.tbtMs} | ${page.cls} |`;
    }),
  ];
  return lines.join('\n');
}

/**
 * Serves every page and bundle once before measuring, as a server that has been up a while would: each bundle is
 * compressed on its first request (server/routes/static.ts) and each page's first queries run cold the first time.
 * Without this, the first audit shares the machine's two cores with that one-off server work and its timings (and so
 * its simulated blocking time) come out longer than the app's.
 */
async function warmUp(origin: string, cookies: Map<string, string>) {
  const assets = fs.readdirSync(path.join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
  for (const encoding of ['br', 'gzip']) {
    for (const file of assets) {
      const response = await fetch(`${origin}/assets/${file}`, { headers: { 'accept-encoding': encoding } });
      await response.arrayBuffer();
    }
  }
  for (const route of ROUTES) {
    const cookie = route.login ? cookies.get(route.login)! : '';
    for (let round = 0; round < 2; round++) {
      await (await fetch(`${origin}${route.path}`, { headers: { accept: 'text/html', cookie } })).text();
    }
  }
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  // Reports of earlier runs would read as this run's.
  for (const file of fs.readdirSync(OUT_DIR)) if (file.endsWith('.json')) fs.rmSync(path.join(OUT_DIR, file));
  const server = await startDemoServer({ port, distDir, dataDir });
  const pages: PageSummary[] = [];
  try {
    const cookies = new Map<string, string>();
    for (const login of new Set(ROUTES.flatMap((route) => (route.login ? [route.login] : [])))) {
      cookies.set(login, await signInCookie(server.origin, login));
    }
    await warmUp(server.origin, cookies);
    for (const route of ROUTES) {
      for (const preset of PRESETS) {
        if (only && !only.some((item) => `${route.path} ${preset.name}`.includes(item))) continue;
        const page = await auditPage(server.origin, route, preset, route.login ? cookies.get(route.login)! : null);
        console.log(`${page.route} ${page.preset}: ${page.problems.length ? page.problems.join('; ') : 'ok'}`);
        for (const audit of page.failedAudits) console.log(`  failed audit ${audit}`);
        pages.push(page);
      }
    }
  } finally {
    await server.stop();
  }

  const failures = pages.filter((page) => page.problems.length > 0);
  const summary = {
    generatedAt: new Date().toISOString(),
    distDir,
    bars: {
      performance: Object.fromEntries(PRESETS.map((preset) => [preset.name, preset.performanceBar])),
      ...CATEGORY_BARS,
    },
    retryRule: `a page missing only the performance bar runs ${MAX_PERFORMANCE_RUNS} times; the median run counts`,
    performanceReportedOnly: reportAllPerformance ? 'all' : reportOnlyAudits,
    passed: failures.length === 0,
    pages,
  };
  fs.writeFileSync(path.join(OUT_DIR, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\n${markdownTable(pages)}\n`);
  console.log(`Summary: ${path.relative(REPO_ROOT, path.join(OUT_DIR, 'summary.json'))}`);
  const reportedUnder = pages.filter(
    (page) =>
      !performanceEnforced(page.route, page.preset) &&
      page.scores.performance < PRESETS.find((preset) => preset.name === page.preset)!.performanceBar,
  );
  if (reportedUnder.length)
    console.warn(
      `Performance under the bar (reported, not enforced): ${reportedUnder.map((page) => `${page.route} ${page.preset} ${page.scores.performance}`).join(', ')}`,
    );
  if (failures.length > 0) {
    console.error(`\nUnder the bar: ${failures.map((page) => `${page.route} ${page.preset}`).join(', ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
