#!/usr/bin/env node
// Prints the JavaScript each kind of first visit downloads (gzip) and fails if the login route pulls in the data
// grid or the charts. Reads the chunk graph from webpack's stats, so it measures what the browser really fetches.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const dist = path.resolve(__dirname, '..', 'dist');
const statsFile = path.join(require('node:os').tmpdir(), `webpack-stats-${process.pid}.json`);
execFileSync('npx', ['webpack', '--mode', 'production', '--json', statsFile], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
fs.rmSync(statsFile);

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const initialFiles = stats.chunks.filter((chunk) => chunk.initial).flatMap((chunk) => chunk.files);

/** The chunks loaded for a lazily imported module request, e.g. '../pages/login/LoginPage'. */
function chunksFor(request) {
  return stats.chunks.filter((chunk) => chunk.origins.some((origin) => origin.request === request));
}

function modulesOf(chunks) {
  return chunks.flatMap((chunk) => (chunk.modules ?? []).map((module) => module.name ?? ''));
}

const routes = [
  { route: '/login', requests: ['../pages/login/LoginPage'] },
  { route: 'layout + page', requests: ['../components/layout/AppLayout'] },
];

let failed = false;
console.log('\n| first visit | JS files | gzip KB |\n|---|---|---|');
for (const { route, requests } of routes) {
  const lazy = requests.flatMap(chunksFor);
  const files = [...new Set([...initialFiles, ...lazy.flatMap((chunk) => chunk.files)])].filter((f) =>
    f.endsWith('.js'),
  );
  const kb = files.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
  console.log(`| ${route} | ${files.length} | ${kb.toFixed(1)} |`);
  if (route === '/login') {
    const initialChunks = stats.chunks.filter((chunk) => chunk.initial);
    const modules = modulesOf([...initialChunks, ...lazy]);
    if (modules.length === 0) throw new Error('webpack stats carry no chunk modules; cannot check /login');
    const heavy = modulesOf([...initialChunks, ...lazy]).filter((name) => /@mui[\\/]x-(data-grid|charts)/.test(name));
    if (heavy.length) {
      console.error(`/login downloads DataGrid or Charts code: ${heavy.slice(0, 3).join(', ')}`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
