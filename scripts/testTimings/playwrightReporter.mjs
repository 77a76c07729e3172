// A Playwright reporter beside `list`: records each end-to-end spec's and test's time (./timings.mjs). A test's
// budget is four fifths of Playwright's timeout (playwright.config.ts); specs have none of their own.
import { relative, writeTimings } from './timings.mjs';

export default class TimingsReporter {
  onBegin(config) {
    this.timeout = config.projects[0]?.timeout ?? 30_000;
    this.files = new Map();
    this.tests = [];
  }

  onTestEnd(test, result) {
    const file = relative(test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
    this.tests.push({ file, name: test.titlePath().slice(3).join(' › '), ms: result.duration });
  }

  onEnd() {
    const files = [...this.files].map(([file, ms]) => ({ file, ms }));
    writeTimings({ suite: 'e2e', budget: { testMs: (this.timeout * 4) / 5 }, files, tests: this.tests });
  }

  printsToStdio() {
    return false;
  }
}
