// npm run cluster: the product in cluster mode on this machine, with the demo data (README, "Cluster mode";
// docs/deploy.md). Ctrl-C drains every instance and stops every service.
//
//   CLUSTER_INSTANCES   server instances behind HAProxy (default 2)
//   CLUSTER_PORT        HAProxy's port (default 8080); instance i listens on CLUSTER_PORT + i
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { isBuildStale } from '../server/lib/staleBuild';
import { startCluster } from './cluster/cluster.mts';
import { REPO_ROOT } from './lib/demoServer.mts';

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const instances = intFromEnv('CLUSTER_INSTANCES', 2, 1, 16);
const port = intFromEnv('CLUSTER_PORT', 8080, 1024, 65000);
const distDir = path.join(REPO_ROOT, 'dist');

// Built once here: N instances rebuilding a stale app at once would race on dist/.
if (isBuildStale(REPO_ROOT, distDir)) {
  console.log('dist/ is missing or older than src/: building the app (npx webpack --mode production)...');
  const built = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(`Starting PostgreSQL, Redis, ${instances} instances and HAProxy...`);
const cluster = await startCluster({
  instances,
  port,
  postgresPort: intFromEnv('CLUSTER_POSTGRES_PORT', 5434, 1024, 65535),
  redisPort: intFromEnv('CLUSTER_REDIS_PORT', 6380, 1024, 65535),
  statsPort: intFromEnv('CLUSTER_STATS_PORT', 8404, 1024, 65535),
  workDir: path.join(os.tmpdir(), `amg-cluster-${process.pid}`),
  distDir,
});

console.log(
  [
    '',
    `AI Model Gateway, cluster mode (${instances} instances behind HAProxy, PostgreSQL, Redis; demo data seeded)`,
    `Open http://localhost:${port} and sign in as alice (team owner), bob (team member) or admin (administrator).`,
    `  HAProxy statistics  ${cluster.statsUrl}`,
    ...cluster.instances.map((instance) => `  ${instance.name}          ${instance.url}  (log: ${instance.log})`),
    `  PostgreSQL          ${cluster.databaseUrl}`,
    `  Redis               ${cluster.redisUrl}`,
    'Every response says which instance answered in its x-served-by header. Ctrl-C stops everything.',
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nDraining the instances and stopping the services...');
    cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
