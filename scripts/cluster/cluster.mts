// Several server instances on one machine, as docs/deploy.md describes them on several: a throw-away PostgreSQL,
// Redis for the shared rate-limit counters, N instances of server/main.ts and HAProxy in front.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, waitUntilReady } from '../lib/demoServer.mts';
import { requireProgram } from '../../server/lib/debianPackages';
import { startHaproxy, startPostgres, startRedis, stopChild, type Backend, type Service } from './services.mts';

export interface ClusterOptions {
  instances: number;
  /** HAProxy's port, the one address clients use; instance i (from 1) listens on port + i. */
  port: number;
  postgresPort: number;
  redisPort: number;
  statsPort: number;
  /** Logs, data directories and the database live here; removed by stop(). */
  workDir: string;
  distDir: string;
  /** More environment for every instance (provider URLs, LOG_LEVEL...). */
  env?: Record<string, string>;
}

export interface Instance extends Backend {
  url: string;
  log: string;
  /** SIGTERM: the instance drains and exits; resolves with its exit code. */
  terminate(): Promise<number | null>;
  /** SIGKILL: the instance dies with whatever it had in flight. */
  kill(): Promise<void>;
  /** Starts it again (same id, same data directory) and waits until it is ready. */
  start(): Promise<void>;
  readonly running: boolean;
  /** The instance's process id while it runs (its CPU per request in npm run bench:gateway's cluster rows). */
  readonly pid: number | undefined;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  statsUrl: string;
  instances: Instance[];
  stop(): Promise<void>;
}

/** HAProxy checks /readyz every 500 ms and needs two failures: 1.5 s of 503 is enough for it to stop sending. */
const DRAIN_DELAY_MS = 1_500;

function createInstance(index: number, options: ClusterOptions, shared: Record<string, string>): Instance {
  const name = `instance-${index}`;
  const port = options.port + index;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(options.workDir, name);
  const log = path.join(options.workDir, `${name}.log`);
  fs.mkdirSync(dataDir, { recursive: true });
  let child: ChildProcess | null = null;

  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  return {
    name,
    port,
    url,
    log,
    get running() {
      return running();
    },
    get pid() {
      return running() ? child!.pid : undefined;
    },
    async start() {
      let output = '';
      const out = fs.createWriteStream(log, { flags: 'a' });
      child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts'), '--demo'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...shared,
          INSTANCE_ID: name,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout!, child.stderr!]) {
        stream.on('data', (chunk: Buffer) => {
          if (output.length < 20_000) output += chunk;
          out.write(chunk);
        });
      }
      await waitUntilReady(url, child, () => output);
    },
    async terminate() {
      return child ? stopChild(child, 60_000) : null;
    },
    async kill() {
      if (!child || !running()) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  requireProgram('redis-server', 'redis-server');
  requireProgram('haproxy', 'haproxy');
  fs.mkdirSync(options.workDir, { recursive: true });
  const services: Service[] = [];
  const instances: Instance[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.terminate()));
    for (const service of services.reverse()) await service.stop();
    fs.rmSync(options.workDir, { recursive: true, force: true });
  };
  try {
    const postgres = startPostgres(path.join(options.workDir, 'postgres'), options.postgresPort);
    services.push(postgres);
    const redis = await startRedis(options.workDir, options.redisPort);
    services.push(redis);
    // What every instance must share: the database, the counters, and the secrets that make a session cookie or a
    // stored provider key signed or sealed on one instance readable on another.
    const shared = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: `http://localhost:${options.port}`,
      DIST_DIR: options.distDir,
      TRUST_PROXY: 'true',
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    };
    for (let index = 1; index <= options.instances; index++) instances.push(createInstance(index, options, shared));
    // The first instance migrates and seeds the demo data alone; the others find both done.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    services.push(await startHaproxy(options.workDir, options.port, options.statsPort, instances));
    return {
      // The address PUBLIC_URL names: the same-origin check compares a browser's Origin with it.
      url: shared.PUBLIC_URL,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      statsUrl: `http://127.0.0.1:${options.statsPort}/`,
      instances,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
