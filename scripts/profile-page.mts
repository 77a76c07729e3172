// A CPU profile of one page's first load as a throttled phone runs it, attributed through the build's source maps.
// Not part of CI: a tool for finding a page's long tasks (docs/performance.md). Build with source maps first:
//   npx webpack --mode production --devtool source-map --output-path /tmp/distmap
//   DIST_DIR=/tmp/distmap node --import tsx scripts/profile-page.mts /admin/routing admin
// DESKTOP=1 loads it as Lighthouse's desktop preset does instead: 1350x940, no touch, the CPU not slowed.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { signInCookie, startDemoServer } from './lib/demoServer.mts';

const [route = '/dashboard', login = 'alice'] = process.argv.slice(2);
const distDir = path.resolve(process.env.DIST_DIR ?? '/tmp/distmap');
const port = Number(process.env.PORT ?? 8391);
const desktop = Boolean(process.env.DESKTOP);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const server = await startDemoServer({ port, distDir, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'profile-')) });
try {
  const cookie = await signInCookie(server.origin, login);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const context = await browser.newContext(
    desktop
      ? { viewport: { width: 1350, height: 940 } }
      : { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true },
  );
  const [name, value] = cookie.split(';')[0].split('=');
  await context.addCookies([{ name, value, url: server.origin }]);
  const page = await context.newPage();
  // Warm the server's caches, as Lighthouse's run does.
  await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: desktop ? 1 : 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await browser.close();

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000),
  );
  const maps = new Map<string, SourceMap | null>();
  async function original(frame: ProfileNode['callFrame']) {
    const file = frame.url.split('/assets/')[1];
    if (!file || frame.lineNumber < 0)
      return { source: frame.url || '(native)', name: frame.functionName || '(anonymous)' };
    if (!maps.has(file)) {
      const mapFile = path.join(distDir, 'assets', `${file}.map`);
      maps.set(file, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
    }
    const map = maps.get(file);
    // A CPU profile's positions are 0-based, as findEntry takes them.
    const position = map?.findEntry(frame.lineNumber, frame.columnNumber) as
      { originalSource?: string; name?: string } | undefined;
    const source = (position?.originalSource ?? file)
      .replace(/.*node_modules\//, '')
      .replace(/^webpack:\/\/[^/]*\/(\.\/)?/, '');
    return { source, name: position?.name ?? frame.functionName };
  }
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    const { source, name: fn } = await original(node.callFrame);
    const pkg = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
    const key = source.startsWith('src/') || source.startsWith('contract/') ? source : pkg;
    bySource.set(key, (bySource.get(key) ?? 0) + ms);
    const fnKey = `${fn} (${source})`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + ms);
  }
  // Inclusive time per app source file: every sample whose stack passes through it.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { source, name: fn } = await original(byId.get(at)!.callFrame);
      if (!source.startsWith('src/')) continue;
      const key = `${fn} (${source})`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const top = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`)
      .join('\n');
  // Long stretches: consecutive samples of work (not idle) lasting 50 ms or more, as long tasks roughly are.
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const stretches: { start: number; end: number; ms: number }[] = [];
  let begin = -1;
  let ms = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    if (idleIds.has(id)) {
      if (begin >= 0 && ms >= 50) stretches.push({ start: begin, end: index, ms });
      begin = -1;
      ms = 0;
    } else {
      if (begin < 0) begin = index;
      ms += delta;
    }
  });
  for (const stretch of stretches.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.STRETCHES ?? 3))) {
    const within = new Map<string, number>();
    for (let index = stretch.start; index < stretch.end; index++) {
      const delta = (profile.timeDeltas[index] ?? 0) / 1000;
      const seen = new Set<string>();
      for (let at: number | undefined = profile.samples[index]; at !== undefined; at = parent.get(at)) {
        const { source, name: fn } = await original(byId.get(at)!.callFrame);
        const key = source.startsWith('src/')
          ? `${fn} (${source})`
          : source.startsWith('@')
            ? source.split('/').slice(0, 2).join('/')
            : source.split('/')[0];
        if (seen.has(key)) continue;
        seen.add(key);
        within.set(key, (within.get(key) ?? 0) + delta);
      }
    }
    console.log(`\nstretch of ${stretch.ms.toFixed(0)} ms, inclusive:\n${top(within, Number(process.env.TOP ?? 30))}`);
  }
  console.log(`${route} (${login}), CPU ×4, self time by package or app file:\n${top(bySource, 25)}`);
  console.log(`\nself time by function:\n${top(byFunction, 25)}`);
  console.log(`\ninclusive time by app function:\n${top(inclusive, 40)}`);
} finally {
  await server.stop();
}
