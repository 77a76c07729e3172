import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { isBuildStale } from '../lib/staleBuild';

const INPUTS = [
  'src/index.tsx',
  'public/index.html',
  'contract/routes.ts',
  'build/RouteAssetsPlugin.js',
  'webpack.config.js',
];

test('demo mode rebuilds when the app, the page template, the route table, the build code or the webpack config is newer', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-stale-'));
  try {
    const write = (file: string, at: number) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), file);
      fs.utimesSync(path.join(root, file), at / 1000, at / 1000);
    };
    const dist = path.join(root, 'dist');
    const base = Date.now() - 60_000;
    for (const file of INPUTS) {
      write(file, base);
    }
    // Creating the files touched their folders, which count too.
    for (const folder of ['src', 'contract', 'public', 'build'])
      fs.utimesSync(path.join(root, folder), base / 1000, base / 1000);
    assert.equal(isBuildStale(root, dist), true, 'no build yet');
    write('dist/index.html', base + 1_000);
    assert.equal(isBuildStale(root, dist), false, 'built after every input');
    for (const file of INPUTS) {
      write(file, base + 2_000);
      assert.equal(isBuildStale(root, dist), true, `${file} changed`);
      write(file, base);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
