// A Playwright reporter beside `list`: records each end-to-end spec's and test's time (./timings.mjs). A test's
// budget is four fifths of Playwright's timeout (playwright.config.ts); specs have none of their own.
import { failureSummary, relative, writeTimings } from './timings.mjs';

export default class TimingsReporter {
  onBegin(config) {
    this.timeout = config.projects[0]?.timeout ?? 30_000;
    this.files = new Map();
    this.tests = [];
  }

  onTestEnd(test, result) {
    const file = relative(test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
    // Only a last try that failed is a failure: a retried test that passed is reported by Playwright as flaky.
    const failed = result.status !== 'passed' && result.status !== 'skipped' && result.retry === test.retries;
    const failure = failed ? { failure: failureSummary(result.error?.message ?? result.status) } : {};
    this.tests.push({ file, name: test.titlePath().slice(3).join(' › '), ms: result.duration, ...failure });
  }

  onEnd() {
    const files = [...this.files].map(([file, ms]) => ({ file, ms }));
    writeTimings({ suite: 'e2e', budget: { testMs: (this.timeout * 4) / 5 }, files, tests: this.tests });
  }

  printsToStdio() {
    return false;
  }
}
