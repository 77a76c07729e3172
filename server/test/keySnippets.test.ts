import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { keySnippets, type SnippetId } from '../../contract/snippets';

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

test('with a placeholder, no snippet holds a secret', () => {
  for (const snippet of keySnippets(ctx.origin, 'YOUR_API_KEY')) assert.ok(!snippet.code.includes(key), snippet.id);
});
