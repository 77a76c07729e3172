import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { batchedStdout } from '../lib/batchedStdout';

// The server's log lines leave stdout in one write a turn of the event loop (server/lib/batchedStdout.ts).

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test('lines written in one turn leave in one write, on the next turn; a later line in its own', async (t) => {
  const writes: string[] = [];
  const original = process.stdout.write.bind(process.stdout) as (chunk: unknown) => boolean;
  // The test runner reports on stdout too: only this test's lines are kept.
  t.mock.method(process.stdout, 'write', (chunk: unknown) =>
    typeof chunk === 'string' && chunk.includes('"msg"') ? (writes.push(chunk), true) : original(chunk),
  );
  const out = batchedStdout();
  out.write('{"msg":"one"}\n');
  out.write('{"msg":"two"}\n');
  out.write('{"msg":"three"}\n');
  assert.deepEqual(writes, []);
  await nextTurn();
  assert.deepEqual(writes, ['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n']);
  out.write('{"msg":"four"}\n');
  await nextTurn();
  assert.deepEqual(writes.slice(1), ['{"msg":"four"}\n']);
});

test('what is still waiting when the process exits is written', () => {
  const module = path.join(__dirname, '..', 'lib', 'batchedStdout.ts');
  const script = `const { batchedStdout } = require(${JSON.stringify(module)}); const out = batchedStdout(); out.write('last words\\n'); process.exit(3);`;
  let stdout = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  } catch (error) {
    stdout = (error as { stdout: string; status: number }).stdout;
    assert.equal((error as { status: number }).status, 3);
  }
  assert.equal(stdout, 'last words\n');
});
