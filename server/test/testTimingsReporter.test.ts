import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

// The server suites' timings reporter (scripts/testTimings/nodeTestReporter.mjs) names what failed at the end of CI's
// log (docs/testing.md, "Test times"): a failed test, and a file whose process failed with every test passed.

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const REPORTER = path.join(REPO_ROOT, 'scripts', 'testTimings', 'nodeTestReporter.mjs');

/** Runs node:test on `files` (name → source) in a scratch folder with the reporter; the timings it wrote. */
function runWithReporter(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timings-reporter-'));
  try {
    for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
    const timingsDir = path.join(dir, 'timings');
    // Without the runner's own marker: a child that has it reports to this runner instead of to the reporter.
    const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      ['--test', `--test-reporter=${REPORTER}`, '--test-reporter-destination=stdout', ...Object.keys(files)],
      { cwd: dir, env: { ...env, TEST_TIMINGS_DIR: timingsDir, TEST_DATABASE_URL: '' }, encoding: 'utf8' },
    );
    const times = JSON.parse(fs.readFileSync(path.join(timingsDir, 'server-pglite.json'), 'utf8')) as {
      tests: { file: string; name: string; failure?: string }[];
    };
    return { status: run.status, tests: times.tests };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a file whose tests passed but whose process failed is listed as failed, once, beside failed tests', () => {
  const { status, tests } = runWithReporter({
    'late.test.mjs': `import test from 'node:test';
test('passes', () => {});
setTimeout(() => { throw new Error('an error after the tests'); }, 20);`,
    'red.test.mjs': `import test from 'node:test';
test('fails', () => { throw new Error('red'); });`,
    'green.test.mjs': `import test from 'node:test';
test('passes too', () => {});`,
  });
  assert.equal(status, 1);
  const failed = tests.filter((entry) => entry.failure !== undefined);
  assert.deepEqual(failed.map(({ file, name }) => `${path.basename(file)} › ${name}`).sort(), [
    'late.test.mjs › (the file)',
    'red.test.mjs › fails',
  ]);
  assert.match(failed.find((entry) => entry.name === '(the file)')!.failure!, /process failed \(exit code 1/);
  assert.equal(tests.filter((entry) => entry.failure === undefined).length, 2);
});
