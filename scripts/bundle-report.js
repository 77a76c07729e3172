#!/usr/bin/env node
// Builds the app and prints, per route, the JavaScript a first visit downloads (gzip -9): the initial chunks plus the
// lazy chunk groups the route loads before it can render (see the webpackChunkName comments in src/app/routes.tsx and
// src/app/loaders.ts). Fails when a route is over its budget (docs/performance.md, "Bundle budget"), when a route without grids or
// charts pulls in MUI X code, when any route pulls in TypeBox, when a script lacks V8's compile hint
// (build/compileHints.js), or when a route names a chunk the build no longer has. It reads webpack's own chunk
// graph, so it measures what the browser really fetches. `--no-build` reuses the stats of the last run.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { routeChunks } = require('../build/contractRoutes');
const { COMPILE_HINT } = require('../build/compileHints');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const statsFile = path.join(root, '.tmp', 'webpack-stats.json');

/**
 * KB of gzip; the measured floor on this stack is React alone 68 KB, plus one MUI button 101 KB. Declarative routes in
 * place of React Router's data router took 16 KB off every route (issue 44, docs/performance.md "Bundle budget"), so
 * the budgets came down with them; /login is to reach 140.
 */
const BUDGET_KB = { login: 150, plain: 220, data: 420 };
/**
 * A first visit of /login without a session is dist/login.html, the page the build renders (scripts/prerender-pages.mts;
 * docs/performance.md): its inline script is all the JavaScript it downloads. The row `/login` above it is the app's own
 * login route, what a signed-out visitor of another page, or one sent back from inside the app, downloads.
 */
const FIRST_VISIT_LOGIN_BUDGET_KB = 10;

// The routes and the chunk groups each loads live in contract/routes.ts (the server preloads from the same table).
const { routes, notFound } = routeChunks();
const ROUTES = [...routes, notFound];

if (!process.argv.includes('--no-build')) {
  fs.mkdirSync(path.dirname(statsFile), { recursive: true });
  execFileSync('npx', ['webpack', '--mode', 'production', '--json', statsFile], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
const chunkById = new Map(stats.chunks.map((chunk) => [chunk.id, chunk]));
const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const isMuiX = (name) => /@mui[\\/]x-(data-grid|charts)/.test(name);
/**
 * The wire contract's schemas are TypeBox values the server validates with; the browser takes their types and the
 * plain rules beside them (contract/rules/), never a schema: TypeBox in a route's chunks means some page imported a
 * value from contract/schemas/ (docs/api-contract.md).
 */
const isTypeBox = (name) => /node_modules[\\/](@sinclair[\\/])?typebox[\\/]/.test(name);

const problems = [];
const initialChunks = stats.chunks.filter((chunk) => chunk.initial);

function chunksOfGroup(name) {
  const group = stats.namedChunkGroups[name];
  if (!group) {
    problems.push(`no chunk group named "${name}": update contract/routes.ts`);
    return [];
  }
  return group.chunks.map((id) => chunkById.get(id));
}

const moduleNames = (chunks) =>
  chunks.flatMap((chunk) =>
    (chunk.modules ?? []).flatMap((module) => [
      module.name ?? '',
      ...(module.modules ?? []).map((inner) => inner.name ?? ''),
    ]),
  );

const rows = ROUTES.map(({ route, kind, groups, later }) => {
  const chunks = [...new Set([...initialChunks, ...[...groups, ...later].flatMap(chunksOfGroup)])];
  const files = [...new Set(chunks.flatMap((chunk) => chunk.files))].filter((file) => file.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const budget = BUDGET_KB[kind];
  const modules = moduleNames(chunks);
  if (modules.length === 0) throw new Error('webpack stats carry no chunk modules; cannot check the routes');
  const muiX = modules.filter(isMuiX);
  if (kind !== 'data' && muiX.length) {
    problems.push(`${route} downloads DataGrid or Charts code: ${muiX.slice(0, 3).join(', ')}`);
  }
  const typeBox = modules.filter(isTypeBox);
  if (typeBox.length) problems.push(`${route} downloads TypeBox: ${typeBox.slice(0, 2).join(', ')}`);
  if (kb > budget) problems.push(`${route} downloads ${kb.toFixed(1)} KB gzip, over its ${budget} KB budget`);
  return { route, kind, files: files.length, kb, budget };
});

// The pre-rendered page: its inline scripts, and any script it loads by URL (it should load none).
const loginPage = path.join(dist, 'login.html');
if (fs.existsSync(loginPage)) {
  const html = fs.readFileSync(loginPage, 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n');
  const external = [...html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+)"/g)].map((match) => match[1]);
  const kb = zlib.gzipSync(inline, { level: 9 }).length / 1024 + external.reduce((sum, file) => sum + gzipKb(file), 0);
  const htmlKb = zlib.gzipSync(html, { level: 9 }).length / 1024;
  if (kb > FIRST_VISIT_LOGIN_BUDGET_KB) {
    problems.push(
      `/login (pre-rendered) carries ${kb.toFixed(1)} KB gzip of script, over its ${FIRST_VISIT_LOGIN_BUDGET_KB} KB budget`,
    );
  }
  rows.unshift({
    route: '/login, first visit (login.html)',
    kind: 'pre-rendered',
    files: external.length,
    kb,
    budget: FIRST_VISIT_LOGIN_BUDGET_KB,
  });
  console.log(
    `\n/login's pre-rendered page: ${htmlKb.toFixed(1)} KB gzip of HTML with its CSS, ${kb.toFixed(1)} KB of it script.`,
  );
} else {
  problems.push('no dist/login.html: the build did not pre-render /login (build/PrerenderPagesPlugin.js)');
}

// `BUNDLE_DIGITS=3`: more than a tenth of a KB, to see which route moved by how much between two builds.
const DIGITS = Number(process.env.BUNDLE_DIGITS ?? 1);
const allJs = stats.assets.filter((asset) => asset.name.endsWith('.js'));
// A script without V8's compile hint is compiled on the main thread as it runs (build/compileHints.js).
const unhinted = allJs.filter(
  (asset) => !fs.readFileSync(path.join(dist, asset.name), 'utf8').startsWith(COMPILE_HINT),
);
if (unhinted.length) problems.push(`${unhinted.length} scripts lack the compile hint, e.g. ${unhinted[0].name}`);
console.log('\n| route | kind | JS files | gzip KB | budget KB |\n|---|---|---:|---:|---:|');
for (const row of rows) {
  const flag = row.kb > row.budget ? ' **over**' : '';
  console.log(`| ${row.route} | ${row.kind} | ${row.files} | ${row.kb.toFixed(DIGITS)}${flag} | ${row.budget} |`);
}
const totalKb = allJs.reduce((sum, asset) => sum + gzipKb(asset.name), 0);
console.log(`\n${allJs.length} JS files, ${totalKb.toFixed(1)} KB gzip in all.`);

if (problems.length) {
  console.error(`\nBundle budget failed:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
