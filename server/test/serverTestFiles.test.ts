import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

// scripts/serverTestFiles.mjs, which `npm run test:server` runs: on PostgreSQL only the files that can reach a
// database (docs/testing.md, "The server suite"). Read from the import graph, so these hold for files written later.
const ROOT = path.join(__dirname, '..', '..');
const list = (env: Record<string, string>, args: string[] = []) =>
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'serverTestFiles.mjs'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  })
    .trim()
    .split('\n');

test('on the embedded engine every server test file runs; on PostgreSQL only those that can reach a database', () => {
  const all = list({});
  const onPostgres = list({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/postgres' });
  assert.ok(all.length > 50, `${all.length} files`);
  assert.ok(all.includes('server/test/serverTestFiles.test.ts'));
  for (const file of onPostgres) assert.ok(all.includes(file), file);
  // Through the helpers that open a database (createTestContext), and through another helper file (gatewayHelpers.ts).
  // A feature room's own tests are found in its folder (server/ledger/ledger.test.ts).
  for (const file of [
    'ledger/ledger.test.ts',
    'test/gatewayRouting.test.ts',
    'test/leaseAdmission.test.ts',
    'test/everyRoom.test.ts',
  ]) {
    assert.ok(onPostgres.includes(`server/${file}`), `${file} runs on PostgreSQL`);
  }
  // Marked: a test of PGlite's worker, and `npm start` on a PGlite data directory whatever the environment says.
  for (const file of ['pgliteWorker.test.ts', 'pgliteEngine.test.ts', 'crash.test.ts', 'main.test.ts']) {
    assert.ok(all.includes(`server/test/${file}`) && !onPostgres.includes(`server/test/${file}`), file);
  }
  // Request translation and wire formats run the same code on either engine: once is enough.
  for (const file of ['translateRequest.test.ts', 'wireGemini.test.ts', 'config.test.ts', 'serverTestFiles.test.ts']) {
    assert.ok(!onPostgres.includes(`server/test/${file}`), `${file} runs only on the embedded engine`);
  }
});

test('files run two at a time on PostgreSQL, each in its own schema, and one at a time on the embedded engine', () => {
  assert.deepEqual(list({}, ['--concurrency']), ['1']);
  assert.deepEqual(list({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/postgres' }, ['--concurrency']), [
    '2',
  ]);
});

test('--groups puts every file in exactly one group of at most 8, in order, each member in a suite of its own', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-groups-'));
  try {
    const engines: Record<string, string>[] = [
      {},
      { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/postgres' },
    ];
    for (const env of engines) {
      const groups = list({ ...env, SERVER_TEST_GROUPS_DIR: dir }, ['--groups']);
      const members = groups.map((group) => {
        const source = fs.readFileSync(path.join(ROOT, group), 'utf8');
        assert.match(source, /describe\(file, \(\) => require\(path\.join\(ROOT, file\)\)\)/);
        return JSON.parse(/for \(const file of (\[.*\])\)/.exec(source)![1]) as string[];
      });
      assert.ok(members.every((group) => group.length >= 1 && group.length <= 8));
      assert.deepEqual(members.flat(), list(env));
    }
    // A second listing replaces the first's groups of the same engine rather than adding to them.
    const again = list({ SERVER_TEST_GROUPS_DIR: dir }, ['--groups']);
    assert.equal(fs.readdirSync(dir).filter((name) => name.startsWith('pglite-')).length, again.length);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
