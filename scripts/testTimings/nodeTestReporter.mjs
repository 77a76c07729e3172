// A node:test reporter beside `spec`: records each server test file's and test's time (./timings.mjs), under the
// engine the suite ran on (TEST_DATABASE_URL: PostgreSQL; otherwise the embedded PGlite, server/test/helpers.ts).
import { BUDGET, failureSummary, relative, writeTimings } from './timings.mjs';

/**
 * A group of test files in one process (scripts/serverTestFiles.mjs --groups): each member is a suite at its top
 * level, named by the member's path. The member, not the group, is the file a time belongs to.
 */
const isGroup = (file) => /[\\/]server-test-groups[\\/]/.test(file ?? '');

export default async function* timingsReporter(source) {
  const suite = `server-${process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'}`;
  const files = [];
  const tests = [];
  /** Per file, the names of the suites a test is in by nesting level (on PostgreSQL two files run at once). */
  const namesOf = new Map();
  /** The processes (files, groups) in which a test failed. */
  const failedFiles = new Set();
  for await (const event of source) {
    const { type, data } = event;
    if (!data) continue;
    if (!namesOf.has(data.file)) namesOf.set(data.file, []);
    const names = namesOf.get(data.file);
    if (type === 'test:start') names[data.nesting] = data.name;
    const grouped = isGroup(data.file);
    // A file's own time: the runner's test for the file, or a group member's suite.
    const fileEnded = grouped
      ? data.nesting === 0 && data.name !== data.file
      : data.nesting === 0 && data.name === data.file;
    if (type === 'test:complete' && fileEnded)
      files.push({ file: grouped ? data.name : relative(data.file), ms: data.details.duration_ms });
    // A process (a file or a group) that failed with no failed test in it: an error after its tests ended, a hang
    // past the timeout, an exit code. The CI run of b078b8f failed in its PostgreSQL lane with no failed test listed.
    if (type === 'test:fail' && data.nesting === 0 && data.name === data.file) {
      if (!failedFiles.has(data.file))
        tests.push({
          file: relative(data.file),
          name: '(the file)',
          ms: data.details.duration_ms ?? 0,
          failure: `the file's process failed (exit code ${data.details.error?.exitCode ?? '?'}, signal ${
            data.details.error?.signal ?? 'none'
          }) with no test failed: an error after its tests ended, or a hang; see the spec output above`,
        });
      continue;
    }
    if (type === 'test:fail') failedFiles.add(data.file);
    const ended = type === 'test:pass' || type === 'test:fail';
    if (
      ended &&
      data.details.type !== 'suite' &&
      data.file &&
      data.name !== data.file &&
      !(grouped && data.nesting === 0)
    ) {
      const [file, within] = grouped
        ? [names[0], names.slice(1, data.nesting)]
        : [relative(data.file), names.slice(0, data.nesting)];
      const failure =
        type === 'test:fail' ? { failure: failureSummary(data.details.error?.cause ?? data.details.error) } : {};
      tests.push({ file, name: [...within, data.name].join(' › '), ms: data.details.duration_ms, ...failure });
    }
  }
  writeTimings({ suite, budget: BUDGET, files, tests });
  // A reporter is a generator of what it prints; this one prints nothing beside `spec`.
  yield '';
}
