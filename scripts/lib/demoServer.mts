// The real server in demo mode as a child process, for quality checks that must see exactly what a visitor gets.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTES, type PageRoute } from '../../contract/routes';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface DemoServer {
  origin: string;
  stop(): Promise<void>;
}

interface DemoServerOptions {
  port: number;
  /** The built app. Always passed to the server explicitly, which also stops demo mode from rebuilding it. */
  distDir: string;
  /** Removed and recreated, so every run starts from the freshly seeded demo data. */
  dataDir: string;
  /** More environment for the server (DATABASE_URL, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** The checkout whose server runs: this one by default, another release's worktree to record its answers. */
  serverRoot?: string;
}

/** Fails with a clear message when the app has not been built: these checks measure a build, they never make one. */
export function requireBuiltApp(distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      `No built app in ${distDir} (index.html is missing): run npm run build (or npm run bundle:report).`,
    );
  }
}

export async function startDemoServer({
  port,
  distDir,
  dataDir,
  env,
  serverRoot = REPO_ROOT,
}: DemoServerOptions): Promise<DemoServer> {
  requireBuiltApp(distDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'server', 'main.ts'), '--demo'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(origin, child, () => output);

  return {
    origin,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `origin`/readyz until it answers 200; fails with the server's output if it exits or takes over 120 s. */
export async function waitUntilReady(origin: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The server did not become ready on ${origin} within ${timeoutMs / 1000} s:\n${output()}`);
    }
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A demo user's cookies as a Cookie header (`jwt=…; signed_in=1`), through the development sign-in the dev login page
 * itself uses.
 */
export async function signInCookie(origin: string, login: string): Promise<string> {
  const response = await fetch(`${origin}/v1/auth/dev-login`, {
    method: 'POST',
    // State-changing calls must be JSON and, when an Origin is named, same-origin (the CSRF rule).
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ login }),
  });
  if (!response.ok) throw new Error(`dev-login as ${login} failed: ${response.status} ${await response.text()}`);
  // The session cookie and its readable `signed_in` hint, as a browser would hold them after signing in.
  const pairs = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  if (!pairs.some((pair) => pair.startsWith('jwt='))) throw new Error(`dev-login as ${login} set no jwt cookie`);
  return pairs.join('; ');
}

/**
 * Every page of the members' and the administrators' menus, from the route table the sidebar is drawn from (a page
 * added to a menu is measured without a change here), with the demo user who sees it: members' pages as alice (a team
 * owner, who sees every entry), the administrators' as admin.
 */
export const MENU_PAGES: readonly { path: string; login: 'alice' | 'admin' }[] = (
  PAGE_ROUTES as readonly PageRoute[]
).flatMap((route) =>
  route.nav ? [{ path: route.path, login: route.nav.section === 'admin' ? 'admin' : 'alice' }] : [],
);
