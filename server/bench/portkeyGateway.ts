/**
 * Portkey's open-source gateway (@portkey-ai/gateway, a devDependency) as the benchmark's second gateway: a pure proxy,
 * no key check, no metering. It is started from its package directory as its README's `npx @portkey-ai/gateway` does,
 * headless (no log console), and sent to the fake provider by two headers on every request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** Where it is installed; BENCH_PORTKEY_DIR measures another copy (another version) without touching the lockfile. */
const PACKAGE_DIR = process.env.BENCH_PORTKEY_DIR ?? path.join(REPO_ROOT, 'node_modules', '@portkey-ai', 'gateway');
const ENTRY = path.join('build', 'start-server.js');

export interface Portkey {
  /** Its OpenAI-compatible base URL (`…/v1`). */
  url: string;
  version: string;
  /** What routes a request to the fake provider (any bearer token: the provider does not check it). */
  headers: Record<string, string>;
  child: ChildProcess;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function requirePortkey(): { dir: string; version: string } {
  if (!fs.existsSync(path.join(PACKAGE_DIR, ENTRY))) {
    throw new Error(
      `Portkey's gateway is not installed (no ${path.join(PACKAGE_DIR, ENTRY)}): run npm ci (@portkey-ai/gateway is ` +
        'a devDependency), or leave portkey out of BENCH_ROWS.',
    );
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dir: PACKAGE_DIR, version };
}

/** Starts it on a free port in front of the provider at `providerUrl` (`…/v1`); resolves once it answers. */
export async function startPortkey(providerUrl: string): Promise<Portkey> {
  const { dir, version } = requirePortkey();
  const port = await freePort();
  // Its stdout is a start-up spinner; its stderr is kept for the error message should it fail to start.
  const child = spawn(process.execPath, [ENTRY, `--port=${port}`, '--headless'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (output.length < 10_000) output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Portkey's gateway exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Portkey's gateway did not answer on ${url} within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `${url}/v1`,
    version,
    headers: {
      authorization: 'Bearer sk-bench-provider',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': providerUrl,
    },
    child,
  };
}
