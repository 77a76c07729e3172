// The cluster rows of npm run bench:gateway, in a child process of server/bench/gatewayBench.ts (the cluster launcher
// is ESM, the benchmark CommonJS): for each cluster asked for, a fresh one (throw-away PostgreSQL, Redis, N instances
// of server/main.ts with the given GATEWAY_ADMISSION, HAProxy in front), measured through HAProxy exactly as the other
// rows are (server/bench/pathBench.ts), then stopped. Progress on stderr; the rows as JSON on the last stdout line.
//
//   node --import tsx scripts/bench-cluster.mts '{"providerUrl":"http://127.0.0.1:PORT/v1","clusters":[{"instances":1,"admission":"lease"}]}'
//
// BENCH_CLUSTER_PORT (default 28080, away from npm run cluster's 8080 and the cluster test's 18080): HAProxy's port;
// instance i listens on it + i, PostgreSQL on it + 10, Redis on it + 11, HAProxy's stats on it + 12.
import os from 'node:os';
import path from 'node:path';
import { pidsNamed } from '../server/bench/cpuTime';
import { billedWithin, prepare } from '../server/bench/gatewayBenchKit';
import { answered, measurePath, ourGateway, type ClusterBenchRequest, type PathRow } from '../server/bench/pathBench';
import { openPostgres } from '../server/db/postgres';
import { startCluster } from './cluster/cluster.mts';

const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 28080);

async function measureCluster(providerUrl: string, instances: number, admission: string): Promise<PathRow> {
  console.error(
    `  starting PostgreSQL, Redis, ${instances} instance(s) (GATEWAY_ADMISSION=${admission}) and HAProxy...`,
  );
  const cluster = await startCluster({
    instances,
    port: PORT,
    postgresPort: PORT + 10,
    redisPort: PORT + 11,
    statsPort: PORT + 12,
    workDir: path.join(os.tmpdir(), `amg-bench-cluster-${process.pid}`),
    distDir: os.tmpdir(),
    // As the in-process rows: no rate limit (so Redis is idle), no request log lines.
    env: {
      OPENAI_API_KEY: 'sk-bench-provider',
      OPENAI_BASE_URL: providerUrl,
      GATEWAY_ADMISSION: admission,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
  });
  const db = openPostgres(cluster.databaseUrl, { max: 2 });
  try {
    // Before any gateway call, so every instance's first load of the pricing has the bench model.
    const { teamId, key } = await prepare(db);
    // The address HAProxy binds (cluster.url names localhost, which may resolve to ::1 first).
    const target = ourGateway(`http://127.0.0.1:${PORT}/v1`, key);
    // CPU per request as the other rows count it: the gateway's processes (the instances), HAProxy in front of them
    // (only this path has one; apart, so the gateway's own share compares with the in-process rows) and the shared
    // state (PostgreSQL's server and backends, Redis), from /proc (server/bench/cpuTime.ts).
    const cpu = {
      server: () => cluster.instances.flatMap((instance) => (instance.pid === undefined ? [] : [instance.pid])),
      proxy: () => pidsNamed('haproxy'),
      database: () => [...pidsNamed('postgres'), ...pidsNamed('redis-server')],
    };
    const log = (line: string) => console.error(line);
    const result = await measurePath(`cluster x${instances} ${admission}`, target, log, undefined, cpu);
    const billed = await billedWithin(db, teamId, answered(result), 15_000);
    return {
      path: `gateway ×${instances} behind HAProxy`,
      admission,
      engine: 'PostgreSQL + Redis',
      role: 'ours',
      ...result,
      billed,
    };
  } finally {
    await db.close();
    await cluster.stop();
  }
}

const request = JSON.parse(process.argv[2]) as ClusterBenchRequest;
const rows: PathRow[] = [];
for (const { instances, admission } of request.clusters) {
  rows.push(await measureCluster(request.providerUrl, instances, admission));
}
process.stdout.write(`${JSON.stringify(rows)}\n`);
