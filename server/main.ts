import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, REPO_ROOT, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { openBillJournal } from './credit/journal';
import { recoverPreviousRun } from './credit/recovery';
import { isBuildStale } from './lib/staleBuild';
import { seedDemoIfEmpty } from './seed/demo';

/** A value generated once and kept in DATA_DIR, so it survives restarts. */
function keptInDataDir(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const value = generate();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

function buildFrontendIfStale(config: Config) {
  if (!config.autoBuild || !isBuildStale(REPO_ROOT, config.distDir)) return;
  console.log('dist/ is missing or older than src/: building the app (npx webpack --mode production)...');
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`webpack build failed (exit code ${result.status})`);
}

const LOOPBACK_HOSTS = new Set(['0.0.0.0', '127.0.0.1', '::', '::1']);

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee docs/server.md for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  buildFrontendIfStale(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Demo mode without JWT_SECRET: sessions survive restarts.
  const jwtSecret =
    config.jwtSecret ?? keptInDataDir(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const instanceId = config.instanceId ?? keptInDataDir(config.dataDir, 'instance-id', () => randomUUID());
  const journalDir = path.join(config.dataDir, 'gateway-journal');

  const db = await openDb(config);
  await migrate(db);
  const recovered = await recoverPreviousRun(db, { journalDir, instanceId });
  if (recovered.replayed > 0 || recovered.released > 0) {
    console.log(
      `Recovered from the previous run: ${recovered.replayed} gateway bills replayed from the journal, ${recovered.released} credit holds given back.`,
    );
  }
  if (recovered.refused > 0) {
    console.error(
      `${recovered.refused} gateway bills of the previous run were refused by the database; kept in ${journalDir}/*.refused.`,
    );
  }
  // On a loopback or every-interface address the app's links say localhost, as the README does: 127.0.0.1 and
  // localhost are two origins to a browser, each with its own cookies, so a seeded link to the other signs you out.
  const url =
    config.publicUrl ?? `http://${LOOPBACK_HOSTS.has(config.host) ? 'localhost' : config.host}:${config.port}`;
  const seeded =
    config.mode === 'demo' ? await seedDemoIfEmpty(db, { baseUrl: url, operator: config.operator }) : false;

  const app = await buildApp({
    config: { ...config, jwtSecret },
    db,
    gateway: { instanceId, journal: openBillJournal(journalDir) },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Drain: /readyz says 503 until the load balancer has stopped sending; then close() stops accepting, waits for
    // the requests in flight, and the gateway's onClose writes every bill they leave (docs/deploy.md#draining).
    app.lifecycle.draining = true;
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'draining');
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    await app.close();
    app.log.info('every admitted request answered and billed; exiting');
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (!fs.existsSync(path.join(config.distDir, 'index.html'))) {
    app.log.warn({ distDir: config.distDir }, 'no built app found (run npm run build): serving the API only');
  }
  if (config.mode === 'demo') {
    console.log(
      [
        '',
        `AI Model Gateway (demo mode, ${db.engine}${seeded ? ', demo data seeded' : ''})`,
        `Open ${url} and sign in as alice (team owner), bob (team member) or admin (administrator).`,
        '',
      ].join('\n'),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
