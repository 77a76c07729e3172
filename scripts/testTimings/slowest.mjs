// Prints the ten slowest test files and tests of every suite that has run (`npm run test:slowest`; .ci/run's end).
import { readTimings, slowestReport, TIMINGS_DIR } from './timings.mjs';

const suites = readTimings();
console.log(suites.length === 0 ? `No test times recorded in ${TIMINGS_DIR} yet.` : slowestReport(suites));
