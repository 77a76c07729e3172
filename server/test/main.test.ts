import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migratedDataDir } from './helpers';

// @engine embedded-only: `npm start` on a PGlite data directory, whatever TEST_DATABASE_URL says (scripts/serverTestFiles.mjs).

/**
 * npm start end to end: migrate, seed, listen, serve, then shut down cleanly on SIGTERM. The data directory holds a
 * migrated cluster, as every test file's database does (helpers.ts): a new cluster's initdb took half of this test on a
 * loaded machine, and a start on an empty directory is what every end-to-end run does (playwright.config.ts).
 */
test('demo mode starts, seeds, serves and stops gracefully on SIGTERM', { timeout: 180_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-data-'));
  await migratedDataDir(path.join(dataDir, 'pglite'));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>x</title>');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'main.ts'), '--demo'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DIST_DIR: distDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // Until the server says it is ready, or exits: no wait of our own, only the test's timeout. A fixed 20 s wait failed
    // the busy-core CI (docs/testing.md, "Test times"): started beside both suites and a busy core, the server took 21 s.
    while (!output.includes('sign in as alice') && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // On the loopback address the app's links say localhost, as the README does (one origin, one set of cookies).
    assert.match(output, new RegExp(`Open http://localhost:${port} and sign in as alice`), output);
    assert.match(output, /demo data seeded/);
    const base = `http://127.0.0.1:${port}`;
    assert.deepEqual(await (await fetch(`${base}/readyz`)).json(), { status: 'ok' });
    const login = await fetch(`${base}/v1/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'alice' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const team = (await (await fetch(`${base}/v1/teams/`, { headers: { cookie } })).json()) as { name: string };
    assert.equal(team.name, 'Acme AI');
    assert.ok(fs.existsSync(path.join(dataDir, 'jwt-secret')));
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0, output);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
});
