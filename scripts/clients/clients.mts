// The clients teams put in front of the gateway, pinned, and how each is driven through it (npm run test:clients,
// docs/testing.md "Real clients"). A version here is one this repository has been tested with; `--latest` runs the
// newest published instead.
import fs from 'node:fs';
import path from 'node:path';
import { codexConfig } from '../../contract/snippets';
import type { RecordedRequest } from './recorder.mts';

export interface ClientRun {
  /** The client's own installation (its node_modules are there). */
  dir: string;
  /** A fresh, empty home directory, so no user's configuration is read. */
  home: string;
  gatewayUrl: string;
  key: string;
  /** A model the demo serves: the echo provider answers with the prompt, so the answer shows the call went through. */
  model: string;
  /** The words every call's prompt starts with, which its answer must contain. */
  prompt: string;
}

export interface Client {
  name: string;
  /** What installs it, package by package, at the version pinned. */
  packages: Record<string, string>;
  /** Another client whose installation it uses (the same packages, driven another way). */
  installedAs?: string;
  /** The answers it prints, by call (an SDK driver's lines), or one for an agent's single answer. */
  calls: string[];
  /** The calls among them that are billed (a token count is not). */
  billed: number;
  /** What to run, once installed; `output` reads what it printed into each call's answer. */
  command(run: ClientRun): { file: string; args: string[]; env: Record<string, string> };
  output(stdout: string): Map<string, string>;
  /** What else the run must show, from what it printed and what it sent: why it falls short, or null. */
  verify?(stdout: string, sent: RecordedRequest[]): string | null;
}

const DRIVERS = path.join(import.meta.dirname, 'drivers');

/** An SDK driven by a script of ours (drivers/), copied beside the SDK so that its imports resolve there. */
function sdk(name: string, driver: string, packages: Record<string, string>, calls: string[], billed: number): Client {
  return {
    name,
    packages,
    calls,
    billed,
    command(run) {
      const script = path.join(run.dir, driver);
      fs.copyFileSync(path.join(DRIVERS, driver), script);
      return {
        file: process.execPath,
        args: [script],
        env: { GATEWAY_URL: run.gatewayUrl, GATEWAY_KEY: run.key, GATEWAY_MODEL: run.model, PROMPT: run.prompt },
      };
    },
    output(stdout) {
      const lines = stdout.split('\n').filter((line) => line.startsWith('{'));
      return new Map(
        lines.map((line) => JSON.parse(line) as { call: string; text: string }).map((l) => [l.call, l.text]),
      );
    },
  };
}

/** An agent's one answer: everything it printed. */
const whole = (stdout: string) => new Map([['answer', stdout]]);

export const CLIENTS: Client[] = [
  {
    name: 'claude-code',
    packages: { '@anthropic-ai/claude-code': '2.1.328' },
    calls: ['answer'],
    billed: 1,
    command: (run) => ({
      file: path.join(run.dir, 'node_modules', '.bin', 'claude'),
      args: ['-p', `${run.prompt} from Claude Code`, '--model', run.model],
      env: {
        ANTHROPIC_BASE_URL: run.gatewayUrl,
        ANTHROPIC_API_KEY: run.key,
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      },
    }),
    output: whole,
  },
  {
    // The gateway as Claude Code's MCP server (docs/mcp.md), added as the README shows: `claude mcp list` connects to
    // it, Claude Code lists its tools, and its request to the model names the demo server's tools under its own names.
    name: 'claude-code-mcp',
    packages: { '@anthropic-ai/claude-code': '2.1.328' },
    installedAs: 'claude-code',
    calls: ['answer'],
    billed: 1,
    command(run) {
      const claude = path.join(run.dir, 'node_modules', '.bin', 'claude');
      const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
      const add = ['mcp', 'add', '--transport', 'http', 'gateway', `${run.gatewayUrl}/mcp`];
      const header = ['--header', `Authorization: Bearer ${run.key}`];
      return {
        file: '/bin/sh',
        args: [
          '-c',
          [
            [claude, ...add, ...header].map(quoted).join(' '),
            `${quoted(claude)} mcp list`,
            [claude, '-p', `${run.prompt} from Claude Code with the gateway's tools`, '--model', run.model]
              .map(quoted)
              .join(' '),
          ].join(' && '),
        ],
        env: {
          ANTHROPIC_BASE_URL: run.gatewayUrl,
          ANTHROPIC_API_KEY: run.key,
          DISABLE_TELEMETRY: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        },
      };
    },
    output: whole,
    verify(stdout, sent) {
      if (!/gateway: .*\/mcp \(HTTP\) - [✓✔] Connected/.test(stdout))
        return '`claude mcp list` did not show the gateway connected';
      const listed = sent.some(
        (request) => request.url === '/mcp' && (request.body as { method?: string })?.method === 'tools/list',
      );
      if (!listed) return 'Claude Code never asked the gateway for its tools';
      // Offered as tools, or (Claude Code's tool search, for MCP tools) named as deferred tools the model may load.
      const told = sent
        .filter((request) => request.url.startsWith('/v1/messages') && !request.url.includes('count_tokens'))
        .map((request) => JSON.stringify(request.body))
        .join('\n');
      const demo = ['mcp__gateway__demo__echo', 'mcp__gateway__demo__add', 'mcp__gateway__demo__word_count'];
      const missing = demo.filter((name) => !told.includes(name));
      return missing.length === 0 ? null : `the model was not told of ${missing.join(', ')}`;
    },
  },
  {
    name: 'codex',
    packages: { '@openai/codex': '0.171.0' },
    calls: ['answer'],
    billed: 1,
    command(run) {
      // The settings the key's Codex snippet shows: a model provider of its own, speaking the Responses API.
      fs.mkdirSync(path.join(run.home, '.codex'), { recursive: true });
      fs.writeFileSync(
        path.join(run.home, '.codex', 'config.toml'),
        `${codexConfig(`${run.gatewayUrl}/v1`, run.model)}\n`,
      );
      return {
        file: path.join(run.dir, 'node_modules', '.bin', 'codex'),
        args: ['exec', '--skip-git-repo-check', `${run.prompt} from Codex`],
        env: { GATEWAY_API_KEY: run.key },
      };
    },
    output: whole,
  },
  sdk('openai-sdk', 'openai.mjs', { openai: '7.55.0' }, ['chat', 'chat stream', 'responses', 'responses stream'], 4),
  sdk(
    'anthropic-sdk',
    'anthropic.mjs',
    { '@anthropic-ai/sdk': '1.14.0' },
    ['messages', 'messages stream', 'count_tokens'],
    2,
  ),
  sdk(
    'google-genai',
    'genai.mjs',
    { '@google/genai': '3.1.0' },
    ['generateContent', 'streamGenerateContent', 'countTokens'],
    2,
  ),
  sdk(
    'vercel-ai-sdk',
    'vercel.mjs',
    {
      ai: '7.0.173',
      '@ai-sdk/openai': '4.0.118',
      '@ai-sdk/anthropic': '4.0.105',
      '@ai-sdk/google': '4.0.121',
    },
    [
      'openai chat',
      'openai chat stream',
      'openai responses',
      'openai responses stream',
      'anthropic',
      'anthropic stream',
      'google',
      'google stream',
    ],
    8,
  ),
];
