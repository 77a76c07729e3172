import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { requireProgram } from '../lib/debianPackages';

export interface TestRedis {
  url: string;
  /** Kills the server (an outage, or the end of the test file). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/** A loopback port nothing listens on (a moment later something else could take it; good enough for tests). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throw-away redis-server on a free loopback port, without persistence. Stop it in `after`. */
export async function startTestRedis(): Promise<TestRedis> {
  // npm test on a new machine, as root, installs it like the cluster does; otherwise it says what to install.
  requireProgram('redis-server', 'redis-server');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    child = await spawnRedis(port);
    const started = child;
    // A test file that crashes must not leave a server behind.
    process.once('exit', () => started.kill('SIGKILL'));
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

function spawnRedis(port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within 5 s:\n${output}`)), 5000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error(
              'redis-server is not installed: apt-get install redis-server (the Redis rate limit tests need it)',
            )
          : error,
      ),
    );
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout?.removeAllListeners('data').resume();
      resolve(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
}
