// Every suite's reporter writes how long each test file and test took into one JSON file per suite; .ci/run prints
// the ten slowest of each at its end (`npm run test:slowest`), so a test creeping towards its limit shows before it
// fails CI (docs/testing.md, "Test times").
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export const TIMINGS_DIR = process.env.TEST_TIMINGS_DIR ?? path.join(process.cwd(), '.tmp', 'test-timings');

/**
 * What a test and a test file may take on CI's shared 2-core machine, with another process on the other core: a fifth
 * of jest's 60 s timeout for a test, and a minute for a file (issue 36). The same for the server suite on each engine.
 */
export const BUDGET = { testMs: 10_000, fileMs: 60_000 };

/**
 * @typedef {{ file: string, ms: number }} FileTime
 * @typedef {{ file: string, name: string, ms: number, failure?: string }} TestTime
 * @typedef {{ suite: string, budget: { testMs: number, fileMs?: number }, files: FileTime[], tests: TestTime[] }} SuiteTimes
 */

/**
 * A failed test's first three error lines, on one line and without colour codes. CI's record keeps only the end of
 * the log, where this summary is: the CI run of 14b1a58 failed in jest and its tail did not say which test.
 * @param {unknown} message
 */
export const failureSummary = (message) =>
  stripVTControlCharacters(String(message ?? 'failed'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !/^●/.test(line))
    .slice(0, 3)
    .join(' · ') || 'failed';

/** The path of a file relative to the repository, as the summaries print it. */
export const relative = (file) => path.relative(process.cwd(), file);

/** @param {SuiteTimes} times */
export function writeTimings(times) {
  fs.mkdirSync(TIMINGS_DIR, { recursive: true });
  const target = path.join(TIMINGS_DIR, `${times.suite}.json`);
  fs.writeFileSync(target, `${JSON.stringify(times, null, 1)}\n`);
}

/** @returns {SuiteTimes[]} every suite recorded in `dir`, in name order. */
export function readTimings(dir = TIMINGS_DIR) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
}

const clip = (text, length = 110) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const over = (ms, limit) => (limit !== undefined && ms > limit ? `  OVER ${seconds(limit).trim()}` : '');

/**
 * The `count` slowest files and tests of each suite, each marked when over its budget.
 * @param {SuiteTimes[]} suites
 */
export function slowestReport(suites, count = 10) {
  const lines = [];
  for (const { suite, budget, files, tests } of suites) {
    const total = files.reduce((sum, file) => sum + file.ms, 0);
    const overBudget =
      files.filter((file) => budget.fileMs !== undefined && file.ms > budget.fileMs).length +
      tests.filter((test) => test.ms > budget.testMs).length;
    lines.push(
      `${suite}: ${files.length} files, ${tests.length} tests, ${seconds(total).trim()} in files; ` +
        `${overBudget === 0 ? 'none' : overBudget} over budget (test ${budget.testMs / 1000} s` +
        `${budget.fileMs !== undefined ? `, file ${budget.fileMs / 1000} s` : ''})`,
    );
    const failed = tests.filter((test) => test.failure !== undefined);
    if (failed.length > 0) {
      lines.push(`  FAILED tests:`);
      for (const test of failed)
        lines.push(`    ${clip(`${test.file} › ${test.name}`)}\n      ${clip(test.failure, 200)}`);
    }
    lines.push(`  slowest files:`);
    for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, count))
      lines.push(`  ${seconds(file.ms)}  ${file.file}${over(file.ms, budget.fileMs)}`);
    lines.push(`  slowest tests:`);
    for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, count))
      lines.push(`  ${seconds(test.ms)}  ${clip(`${test.file} › ${test.name}`)}${over(test.ms, budget.testMs)}`);
  }
  return lines.join('\n');
}
