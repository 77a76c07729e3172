import { defineConfig, devices } from '@playwright/test';

// End-to-end tests: Debian's Chromium against `npm start` (demo mode) on a fresh data directory.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** The OpenID provider e2e/sso.spec.ts starts, and the client the server is registered as there. */
export const E2E_OIDC_PORT = PORT + 1;
export const E2E_OIDC_CLIENT = { id: 'gateway', secret: 'gateway-client-secret-for-tests' };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Beside the list, each spec's and test's time for the slowest-tests summary (docs/testing.md, "Test times").
  reporter: [['list'], ['./scripts/testTimings/playwrightReporter.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace (each action's DOM, network and console) and a screenshot of its end. The trace
    // records no screenshots: their screencast made Chromium composite and encode every frame of every test, and a
    // page that loaded in 3.1 s took 6.5-8 s with it (docs/testing.md, "The end-to-end suite").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  // WEBHOOKS_ALLOW_PRIVATE: e2e/alerts.spec.ts sends alert webhooks to a receiver it starts on loopback, which the
  // server refuses by default (docs/alerts.md#webhooks). OIDC_*: e2e/sso.spec.ts's OpenID provider, which it starts on
  // that port (the server reads the provider's metadata at the first sign-in with it).
  webServer: {
    command:
      `rm -rf ${DATA_DIR} && DATA_DIR=${DATA_DIR} PORT=${PORT} HOST=127.0.0.1 WEBHOOKS_ALLOW_PRIVATE=true ` +
      `OIDC_PROVIDERS=e2e OIDC_E2E_NAME='Test SSO' OIDC_E2E_ISSUER=http://127.0.0.1:${E2E_OIDC_PORT} ` +
      `OIDC_E2E_CLIENT_ID=${E2E_OIDC_CLIENT.id} OIDC_E2E_CLIENT_SECRET=${E2E_OIDC_CLIENT.secret} npm start`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
