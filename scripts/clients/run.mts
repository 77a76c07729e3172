/**
 * npm run test:clients — the agents and SDKs teams put in front of the gateway (clients.mts), installed from the npm
 * registry into a cache at their pinned versions and driven through the demo server against the echo provider: every
 * answer must come back (streamed where the client streams), and every call must be in the request log, billed.
 *
 *   npm run test:clients                       # the pinned versions
 *   npm run test:clients -- --latest           # the newest published versions (before a release)
 *   npm run test:clients -- --record           # also write what each client sent as server/test/fixtures/clients/
 *   npm run test:clients -- --only=codex,openai-sdk
 *
 * The cache is CLIENTS_CACHE (default ~/.cache/ai-model-gateway/clients), one folder per client and versions.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_KEYS_PATH, REQUEST_LOG_PATH, TEAM_PATH, adminCreditAdjustmentsPath } from '../../contract/apiPaths.ts';
import { TEAM_MCP_DEFAULT_PATH } from '../../contract/mcpPaths.ts';
import type { RequestLogPage } from '../../contract/schemas/requestLog.ts';
import { REPO_ROOT, signInCookie, startDemoServer } from '../lib/demoServer.mts';
import { CLIENTS, type Client } from './clients.mts';
import { startRecorder, type RecordedRequest } from './recorder.mts';

const args = process.argv.slice(2);
const latest = args.includes('--latest');
const record = args.includes('--record');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const CACHE = process.env.CLIENTS_CACHE ?? path.join(os.homedir(), '.cache', 'ai-model-gateway', 'clients');
export const FIXTURES = path.join(REPO_ROOT, 'server', 'test', 'fixtures', 'clients');
const MODEL = 'echo/echo-1';
const TIMEOUT_MS = 180_000;

function run(file: string, argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(file, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The versions to install: the pinned ones, or with --latest each package's newest on the registry. */
async function versionsOf(client: Client): Promise<Record<string, string>> {
  if (!latest) return client.packages;
  const versions: Record<string, string> = {};
  for (const name of Object.keys(client.packages)) {
    const { stdout, code } = await run('npm', ['view', name, 'version']);
    if (code !== 0) throw new Error(`npm view ${name} version failed`);
    versions[name] = stdout.trim();
  }
  return versions;
}

/** The client installed in the cache (once per set of versions); its folder. */
async function install(client: Client, versions: Record<string, string>): Promise<string> {
  const specs = Object.entries(versions).map(([name, version]) => `${name}@${version}`);
  const id = createHash('sha256').update(specs.join(' ')).digest('hex').slice(0, 12);
  const dir = path.join(CACHE, `${client.installedAs ?? client.name}-${id}`);
  const done = path.join(dir, '.installed');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true }));
  // Tried twice: the registry is the one thing here on the network, and one dropped connection should not fail CI.
  let npm = await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...specs], { cwd: dir });
  if (npm.code !== 0) {
    console.warn(`npm install ${specs.join(' ')} failed once; trying again in 5 s:\n${npm.stderr.slice(-500)}`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    npm = await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...specs], { cwd: dir });
  }
  if (npm.code !== 0) throw new Error(`npm install ${specs.join(' ')} failed:\n${npm.stderr.slice(-2000)}`);
  fs.writeFileSync(done, specs.join('\n'));
  return dir;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Outcome {
  client: string;
  versions: string;
  ok: boolean;
  seconds: number;
  detail: string;
}

async function check(
  client: Client,
  origin: string,
  recorderUrl: string,
  cookie: string,
  requests: (key: string) => RecordedRequest[],
): Promise<Outcome> {
  const started = Date.now();
  const versions = await versionsOf(client);
  const label = Object.entries(versions)
    .map(([name, version]) => `${name}@${version}`)
    .join(' ');
  const outcome = (ok: boolean, detail: string): Outcome => ({
    client: client.name,
    versions: label,
    ok,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    detail,
  });
  try {
    const dir = await install(client, versions);
    const auth = { cookie, origin, 'content-type': 'application/json' };
    const created = await json<{ id: string; key: string }>(
      await fetch(`${origin}${API_KEYS_PATH}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: `client ${client.name}` }),
      }),
      'creating a key',
    );
    const home = fs.mkdtempSync(path.join(os.tmpdir(), `client-${client.name}-`));
    const prompt = `Gateway check ${client.name}`;
    const command = client.command({ dir, home, gatewayUrl: recorderUrl, key: created.key, model: MODEL, prompt });
    const result = await run(command.file, command.args, {
      cwd: home,
      env: { PATH: process.env.PATH ?? '', HOME: home, ...command.env },
    });
    fs.rmSync(home, { recursive: true, force: true });
    const answers = client.output(result.stdout);
    const missing = client.calls.filter((call) => !answers.get(call)?.includes(prompt));
    if (result.code !== 0 || missing.length > 0) {
      const why = result.code !== 0 ? `exit ${result.code}` : `no answer for ${missing.join(', ')}`;
      return outcome(false, `${why}\n${result.stdout.slice(-1500)}\n${result.stderr.slice(-1500)}`);
    }
    // Billed and logged: the key's calls in the request log, each a success that cost something.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await json<RequestLogPage>(
      await fetch(`${origin}${REQUEST_LOG_PATH}?api_key_id=${created.id}&limit=100`, { headers: auth }),
      'reading the request log',
    );
    const billed = log.rows.filter((entry) => entry.status === 'success' && entry.cost_cents > 0);
    if (billed.length < client.billed || billed.length !== log.rows.length) {
      return outcome(false, `${billed.length} of ${log.rows.length} logged calls billed, ${client.billed} expected`);
    }
    const sent = requests(created.key);
    const short = client.verify?.(result.stdout, sent);
    if (short) return outcome(false, `${short}\n${result.stdout.slice(-1500)}\n${result.stderr.slice(-1500)}`);
    if (record && !latest) {
      fs.mkdirSync(FIXTURES, { recursive: true });
      // The model doors' requests: the MCP endpoint's are the SDK's own protocol, which its tests cover.
      const doors = sent.filter((request) => !request.url.startsWith('/mcp'));
      const fixture = { client: client.name, versions, requests: doors };
      fs.writeFileSync(path.join(FIXTURES, `${client.name}.json`), `${JSON.stringify(fixture, null, 1)}\n`);
    }
    const endpoints = [...new Set(log.rows.map((entry) => entry.endpoint))].join(', ');
    return outcome(true, `${sent.length} requests; ${billed.length} billed (${endpoints})`);
  } catch (error) {
    return outcome(false, (error as Error).message);
  }
}

/**
 * A team of the clients' own, with no monthly budget and credit for every agent's long prompts (Claude Code sends
 * some 12,000 tokens of instructions and tools, which the demo's echo prices at cents each), so the demo team's
 * budget and balance are never what a run measures; its owner's session cookies.
 */
async function clientsTeam(origin: string): Promise<string> {
  const owner = await signInCookie(origin, 'clients-bot');
  const headers = (cookie: string) => ({ cookie, origin, 'content-type': 'application/json' });
  const team = await json<{ id: string }>(
    await fetch(`${origin}${TEAM_PATH}`, {
      method: 'POST',
      headers: headers(owner),
      body: JSON.stringify({ name: 'Client checks', budget_limit: 0 }),
    }),
    'creating the clients` team',
  );
  // Every key of the team may call the demo MCP server's tools (claude-code-mcp lists them).
  await json(
    await fetch(`${origin}${TEAM_MCP_DEFAULT_PATH}`, {
      method: 'PUT',
      headers: headers(owner),
      body: JSON.stringify({ default_access: 'all' }),
    }),
    'letting the clients` keys call tools',
  );
  const admin = await signInCookie(origin, 'admin');
  await json(
    await fetch(`${origin}${adminCreditAdjustmentsPath(team.id)}`, {
      method: 'POST',
      headers: headers(admin),
      body: JSON.stringify({ amount_cents: 1_000_000, reason: 'npm run test:clients' }),
    }),
    'crediting the clients` team',
  );
  return owner;
}

async function main() {
  const clients = CLIENTS.filter((client) => !only || only.includes(client.name));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'test-clients-'));
  const dist = path.join(work, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>clients</title>');
  const server = await startDemoServer({
    port: Number(process.env.CLIENTS_PORT ?? 8790),
    distDir: dist,
    dataDir: path.join(work, 'data'),
  });
  const recorder = await startRecorder(server.origin);
  const outcomes: Outcome[] = [];
  try {
    const cookie = await clientsTeam(server.origin);
    for (const client of clients) {
      const outcome = await check(client, server.origin, recorder.url, cookie, recorder.requestsWith);
      outcomes.push(outcome);
      console.log(
        `${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.client} (${outcome.versions}, ${outcome.seconds} s): ${outcome.detail}`,
      );
    }
  } finally {
    await recorder.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const failed = outcomes.filter((outcome) => !outcome.ok);
  console.log(
    `\n${outcomes.length - failed.length} of ${outcomes.length} clients answered through the gateway, billed.`,
  );
  if (record && !latest) console.log(`Fixtures written to ${path.relative(REPO_ROOT, FIXTURES)}/.`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}

await main();
