/** @type {import('jest').Config} */
// Dates in assertions are written in UTC.
process.env.TZ = 'UTC';

const swcTransform = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];

module.exports = {
  // jest-fixed-jsdom (fetch, Request, Response and streams from Node, so MSW 2 works under jsdom), with the style
  // engine's class pre-check jsdom lacks (__tests__/support/environment.cjs).
  testEnvironment: '<rootDir>/__tests__/support/environment.cjs',
  testEnvironmentOptions: { url: 'http://localhost/' },
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Integration tests type into MUI forms and grids with user-event, one keystroke at a time; on CI's shared 2-core VM
  // a form with a dozen fields took over jest's 5 s default (createApiKey.test.tsx failed CI that way), and a grid
  // test over 20 s while other work ran. One ceiling for every file, generous because it is only a ceiling: a wrong
  // expectation still fails fast, as findBy* queries keep their own timeouts.
  testTimeout: 60_000,
  // Beside jest's own output, each file's and test's time for the slowest-tests summary (docs/testing.md, "Test times").
  reporters: ['default', '<rootDir>/scripts/testTimings/jestReporter.mjs'],
  setupFiles: ['<rootDir>/__tests__/support/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': swcTransform,
    '^.+\\.m?js$': swcTransform,
  },
  // msw >= 2.12 depends on ESM-only packages, and TypeBox 1.x is one (the contract's schemas); Node 20 jest must
  // transform them.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|typebox)/)'],
  moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/__tests__/support/fileStub.ts' },
};
