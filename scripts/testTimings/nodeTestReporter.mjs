// A node:test reporter beside `spec`: records each server test file's and test's time (./timings.mjs), under the
// engine the suite ran on (TEST_DATABASE_URL: PostgreSQL; otherwise the embedded PGlite, server/test/helpers.ts).
import { BUDGET, relative, writeTimings } from './timings.mjs';

export default async function* timingsReporter(source) {
  const suite = `server-${process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'}`;
  const files = [];
  const tests = [];
  /** Per file, the names of the suites a test is in by nesting level (on PostgreSQL two files run at once). */
  const namesOf = new Map();
  for await (const event of source) {
    const { type, data } = event;
    if (!data) continue;
    if (!namesOf.has(data.file)) namesOf.set(data.file, []);
    const names = namesOf.get(data.file);
    if (type === 'test:start') names[data.nesting] = data.name;
    if (type === 'test:complete' && data.nesting === 0 && data.name === data.file) {
      files.push({ file: relative(data.file), ms: data.details.duration_ms });
    }
    const ended = type === 'test:pass' || type === 'test:fail';
    if (ended && data.details.type !== 'suite' && data.file && data.name !== data.file) {
      const name = [...names.slice(0, data.nesting), data.name].join(' › ');
      tests.push({ file: relative(data.file), name, ms: data.details.duration_ms });
    }
  }
  writeTimings({ suite, budget: BUDGET, files, tests });
  // A reporter is a generator of what it prints; this one prints nothing beside `spec`.
  yield '';
}
