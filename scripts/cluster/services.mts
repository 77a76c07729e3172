// The services a cluster runs beside its instances, from Debian's packages: PostgreSQL (through the same throw-away
// cluster script the tests use), Redis and HAProxy. Each is started here and stopped by the handle it returns.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../lib/demoServer.mts';

const POSTGRES_SCRIPT = path.join(REPO_ROOT, 'server', 'scripts', 'ci-postgres.sh');

export interface Service {
  stop(): Promise<void>;
}

/** A throw-away PostgreSQL in `dir` on 127.0.0.1:`port` (server/scripts/ci-postgres.sh start/stop). */
export function startPostgres(dir: string, port: number): Service & { url: string } {
  const env = { ...process.env, PG_CI_DIR: dir, PG_CI_PORT: String(port) };
  const started = spawnSync('bash', [POSTGRES_SCRIPT, 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start:\n${started.stderr}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      spawnSync('bash', [POSTGRES_SCRIPT, 'stop'], { env, stdio: 'ignore' });
    },
  };
}

/** Resolves once something accepts TCP connections on 127.0.0.1:`port`. */
export async function waitForPort(port: number, child: ChildProcess, name: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} is not listening on ${port} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a child with SIGTERM, then SIGKILL if it is still there after `graceMs`; resolves with its exit code. */
export async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

function logTo(child: ChildProcess, file: string) {
  const out = fs.createWriteStream(file, { flags: 'a' });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
}

/** Redis without persistence (rate-limit counters live a minute; nothing is worth keeping across runs). */
export async function startRedis(dir: string, port: number): Promise<Service & { url: string }> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  logTo(child, path.join(dir, 'redis.log'));
  await waitForPort(port, child, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: async () => void (await stopChild(child)) };
}

export interface Backend {
  name: string;
  port: number;
}

/**
 * HAProxy's configuration for the instances: round robin, a health check on /readyz every 500 ms (two failures take
 * an instance out, two successes put it back), and a retry on another instance only when the connection itself
 * failed, so a request is never sent twice (docs/deploy.md#haproxy).
 */
export function haproxyConfig(port: number, statsPort: number, backends: Backend[]): string {
  return [
    'global',
    // Each connection takes two file descriptors (client and server side); 4,096 fits the usual 20,000 limit.
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    // Above the gateway's upstream timeout (GATEWAY_UPSTREAM_TIMEOUT_MS, 120 s), so a slow stream is not cut here.
    '  timeout client 130s',
    '  timeout server 130s',
    '  timeout http-keep-alive 10s',
    // A health check's answer may take this long. Left unset it is `inter` (500 ms): an instance busy at 1,000 req/s
    // on the shared 2-core VM answered /readyz later than that for a moment, was taken out, and, the only one, every
    // request got 503 for a second (npm run bench:gateway, cluster rows). A stopped instance still fails at once
    // (connection refused), and a draining one says 503 at once.
    '  timeout check 2s',
    '  retries 2',
    '  option redispatch',
    '  retry-on conn-failure',
    'frontend gateway',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    '  http-response set-header x-served-by %[srv_name]',
    ...backends.map(({ name, port: backendPort }) => `  server ${name} 127.0.0.1:${backendPort} check`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 2s',
    '',
  ].join('\n');
}

export async function startHaproxy(
  dir: string,
  port: number,
  statsPort: number,
  backends: Backend[],
): Promise<Service & { configFile: string }> {
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(port, statsPort, backends));
  const checked = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`haproxy rejected ${configFile}:\n${checked.stderr}`);
  // -db: stay in the foreground, so it ends with this process.
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  logTo(child, path.join(dir, 'haproxy.log'));
  await waitForPort(port, child, 'haproxy');
  return { configFile, stop: async () => void (await stopChild(child)) };
}
