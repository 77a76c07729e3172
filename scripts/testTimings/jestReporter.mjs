// A jest reporter beside the default one: records each test file's and test's time (./timings.mjs).
import { BUDGET, failureSummary, relative, writeTimings } from './timings.mjs';

export default class TimingsReporter {
  onRunComplete(_contexts, results) {
    const files = [];
    const tests = [];
    for (const result of results.testResults) {
      const file = relative(result.testFilePath);
      files.push({ file, ms: result.perfStats.end - result.perfStats.start });
      for (const test of result.testResults) {
        const failure = test.status === 'failed' ? { failure: failureSummary(test.failureMessages[0]) } : {};
        tests.push({ file, name: test.fullName, ms: test.duration ?? 0, ...failure });
      }
      // A file that failed before any test ran (a syntax error, a throw at its top level).
      if (result.testExecError)
        tests.push({ file, name: '(the file)', ms: 0, failure: failureSummary(result.testExecError.message) });
    }
    writeTimings({ suite: 'jest', budget: BUDGET, files, tests });
  }
}
