// A jest reporter beside the default one: records each test file's and test's time (./timings.mjs).
import { BUDGET, relative, writeTimings } from './timings.mjs';

export default class TimingsReporter {
  onRunComplete(_contexts, results) {
    const files = [];
    const tests = [];
    for (const result of results.testResults) {
      const file = relative(result.testFilePath);
      files.push({ file, ms: result.perfStats.end - result.perfStats.start });
      for (const test of result.testResults) tests.push({ file, name: test.fullName, ms: test.duration ?? 0 });
    }
    writeTimings({ suite: 'jest', budget: BUDGET, files, tests });
  }
}
