import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { requireProgram } from '../lib/debianPackages';
import { DEFAULT_SNIPPET_MODEL, keySnippets, type SnippetId } from '../../contract/snippets';

/**
 * The snippets the dashboard shows after a key is created (contract/snippets.ts) run as a person would paste them:
 * the curl line in a shell, the JavaScript ones with node and the SDKs installed here, against a listening gateway
 * whose echo provider answers.
 */
const run = promisify(execFile);
let ctx: GatewayTestContext;
let key: string;
let snippets: Map<SnippetId, string>;
before(async () => {
  ctx = await createGatewayContext();
  const owner = await ctx.user('owner');
  const teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 1, completion: 1 });
  key = await ctx.key(owner);
  snippets = new Map(keySnippets(ctx.origin, key).map((snippet) => [snippet.id, snippet.code]));
});
after(() => ctx.close());

test('the curl line gets an answer', async () => {
  const { stdout } = await run('sh', ['-c', snippets.get('curl')!]);
  const answer = JSON.parse(stdout) as { choices: { message: { content: string } }[] };
  assert.match(answer.choices[0].message.content, /Say hello to the gateway/);
});

for (const id of ['openai-js', 'anthropic-js'] as const) {
  test(`the ${id} snippet gets an answer`, async () => {
    // In the repository, so `import 'openai'` finds its node_modules.
    const file = path.join(process.cwd(), '.tmp', `snippet-${id}-${process.pid}.mjs`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, snippets.get(id)!);
    try {
      const { stdout } = await run(process.execPath, [file]);
      assert.match(stdout, /Say hello to the gateway/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
}

/** A chat completion as an SDK or a tool sends it, to `url` with `headers`: the text of the answer. */
async function chatAnswer(url: string, headers: Record<string, string>, body: object): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
  return JSON.stringify(await res.json());
}

/** Runs python3 (3.11 or later, for tomllib: Debian 12's) on `script` with `argument`; its stdout as JSON. */
async function python<T>(script: string, argument: string): Promise<T> {
  requireProgram('python3', 'python3');
  const { stdout } = await run('python3', ['-c', script, argument]);
  return JSON.parse(stdout) as T;
}

// Python's SDK is not installed here (no PyPI), so the snippet is parsed by Python itself and the call it makes is
// sent as the SDK sends it: POST {base_url}/chat/completions with the key as a bearer token.
test('the openai-python snippet is valid Python whose call the gateway answers', async () => {
  const calls = await python<Record<string, Record<string, unknown>>>(
    [
      'import ast, json, sys',
      'calls = {}',
      'for node in ast.walk(ast.parse(sys.argv[1])):',
      '    if isinstance(node, ast.Call):',
      "        name = getattr(node.func, 'id', None) or node.func.attr",
      '        calls[name] = {k.arg: ast.literal_eval(k.value) for k in node.keywords}',
      'print(json.dumps(calls))',
    ].join('\n'),
    snippets.get('openai-python')!,
  );
  assert.equal(calls.OpenAI.base_url, `${ctx.origin}/v1`);
  assert.equal(calls.OpenAI.api_key, key);
  const answer = await chatAnswer(
    `${calls.OpenAI.base_url as string}/chat/completions`,
    { authorization: `Bearer ${calls.OpenAI.api_key as string}` },
    calls.create,
  );
  assert.match(answer, /Say hello to the gateway/);
});

// Codex reads the TOML and calls {base_url}/responses (wire_api "responses") with the key from env_key's variable.
test("Codex's settings parse as TOML and point at a gateway that answers with the exported key", async () => {
  const codex = snippets.get('codex')!;
  const config = await python<{
    model: string;
    model_provider: string;
    model_providers: Record<string, { base_url: string; env_key: string; wire_api: string }>;
  }>('import json, sys, tomllib\nprint(json.dumps(tomllib.loads(sys.argv[1])))', codex);
  const provider = config.model_providers[config.model_provider];
  assert.equal(provider.wire_api, 'responses');
  const exportLine = /then: (export .*)$/m.exec(codex)![1];
  const { stdout: exported } = await run('sh', ['-c', `${exportLine}; printf %s "$${provider.env_key}"`]);
  assert.equal(exported, key);
  const answer = await chatAnswer(
    `${provider.base_url}/responses`,
    { authorization: `Bearer ${exported}` },
    { model: config.model, input: 'Say hello to the gateway' },
  );
  assert.match(answer, /Say hello to the gateway/);
});

// Claude Code sends POST {ANTHROPIC_BASE_URL}/v1/messages with ANTHROPIC_API_KEY as x-api-key.
test("Claude Code's exports point at a gateway that answers Anthropic's Messages API", async () => {
  const exports = snippets.get('claude-code')!.replace(/\nclaude$/, '');
  const { stdout } = await run('sh', ['-c', `${exports}; printf '%s\\n%s' "$ANTHROPIC_BASE_URL" "$ANTHROPIC_API_KEY"`]);
  const [baseUrl, apiKey] = stdout.split('\n');
  assert.equal(apiKey, key);
  const answer = await chatAnswer(
    `${baseUrl}/v1/messages`,
    { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
    { model: DEFAULT_SNIPPET_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello to the gateway' }] },
  );
  assert.match(answer, /Say hello to the gateway/);
});

test('with a placeholder, no snippet holds a secret', () => {
  for (const snippet of keySnippets(ctx.origin, 'YOUR_API_KEY')) assert.ok(!snippet.code.includes(key), snippet.id);
});
