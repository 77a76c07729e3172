#!/usr/bin/env node
// `npm run typecheck`: the app (tsconfig.json), the server and the scripts, each checked by TypeScript 7, the native
// compiler (the `typescript-native` alias of typescript@7). `typescript` itself stays at 5.9 because typescript-eslint
// and the editors load its JavaScript API, which 7 does not have (docs/testing.md, "Type checks"). Both packages
// install a `tsc` command, so which one `npx tsc` runs depends on install order: this calls the native one by path.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// The package exports no bin path: found beside its package.json.
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const projects = ['tsconfig.json', 'server/tsconfig.json', 'scripts/tsconfig.json'];
let failed = false;
for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
