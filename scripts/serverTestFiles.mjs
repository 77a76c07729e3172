// The server's test files, for `npm run test:server` (docs/testing.md, "The server suite"): every one on the embedded
// engine; with TEST_DATABASE_URL set (the suite on PostgreSQL) only those that test on the database it names. The
// others would run the same code again: they run once, in `npm test`. They are
// - the files whose imports never reach a database (request translation, wire formats, policies, config). That is read
//   from the import graph, not from a list that could fall behind: a file reaches a database when its relative
//   imports, followed through every file they name, arrive at one of DATABASE_MODULES;
// - the files marked EMBEDDED_ONLY: they test PGlite itself, or start the server as a process on a PGlite data
//   directory whatever TEST_DATABASE_URL says (crash.test.ts, main.test.ts). Each says why beside the mark.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DATABASE_MODULES = [
  'server/test/helpers.ts',
  'server/db/pglite.ts',
  'server/db/postgres.ts',
  'server/db/open.ts',
].map((file) => path.join(ROOT, file));
/** The line a test file carries when it runs on the embedded engine whatever TEST_DATABASE_URL says. */
export const EMBEDDED_ONLY = '@engine embedded-only';
const SPECIFIER = /(?:from\s+|import\s+|import\s*\(\s*|require\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const reaches = new Map();
/** Whether `file` imports, directly or through others, one of DATABASE_MODULES. */
function reachesDatabase(file, visiting = new Set()) {
  if (DATABASE_MODULES.includes(file)) return true;
  if (reaches.has(file)) return reaches.get(file);
  if (visiting.has(file)) return false;
  visiting.add(file);
  const source = fs.readFileSync(file, 'utf8');
  let found = false;
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    const target = resolve(file, specifier);
    if (target && reachesDatabase(target, visiting)) {
      found = true;
      break;
    }
  }
  visiting.delete(file);
  reaches.set(file, found);
  return found;
}

/**
 * `--concurrency`: how many files run at once. On PostgreSQL two: each file has a schema of its own (its NOTIFY
 * channels and advisory locks too, server/db/perSchema.ts) and a file mostly waits on the database, so a second file
 * uses the time (the suite took 268 s instead of about 540 s, docs/testing.md "The server suite"). On the embedded
 * engine one: the engine is in the test's own process and keeps a core busy, beside jest in `.ci/run`.
 */
/**
 * `--groups`: the same files, several to a process. Node's runner starts a process per file, and each paid for Node,
 * tsx and the server's modules again (about 1.5 s of a typical file's 4 on a quiet machine, docs/testing.md "The server
 * suite"). A group is a file in GROUPS_DIR that requires its members one after another, each inside a suite named by
 * its path, so each member's hooks wrap only its own tests, and its `after` closes what it opened before the next
 * member starts. Members keep their order; a group holds GROUP_SIZE of them, so one failure's blast radius stays small.
 */
const GROUPS_DIR = process.env.SERVER_TEST_GROUPS_DIR ?? path.join(ROOT, '.tmp', 'server-test-groups');
const GROUP_SIZE = 8;

function writeGroups(files) {
  const engine = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
  fs.mkdirSync(GROUPS_DIR, { recursive: true });
  for (const stale of fs.readdirSync(GROUPS_DIR)) {
    if (stale.startsWith(`${engine}-`)) fs.rmSync(path.join(GROUPS_DIR, stale));
  }
  const groups = [];
  for (let start = 0; start < files.length; start += GROUP_SIZE) {
    const members = files.slice(start, start + GROUP_SIZE).map((file) => path.relative(ROOT, file));
    const group = path.join(GROUPS_DIR, `${engine}-${String(groups.length + 1).padStart(2, '0')}.test.cjs`);
    fs.writeFileSync(
      group,
      [
        '// Written by scripts/serverTestFiles.mjs --groups: these server test files in one process, each in a suite.',
        "const path = require('node:path');",
        "const { describe } = require('node:test');",
        `const ROOT = ${JSON.stringify(ROOT)};`,
        `for (const file of ${JSON.stringify(members)}) describe(file, () => require(path.join(ROOT, file)));`,
        '',
      ].join('\n'),
    );
    groups.push(group);
  }
  return groups;
}

if (process.argv.includes('--concurrency')) {
  console.log(process.env.TEST_DATABASE_URL ? 2 : 1);
} else {
  const all = testFiles(path.join(ROOT, 'server')).sort();
  const onPostgres = (file) => reachesDatabase(file) && !fs.readFileSync(file, 'utf8').includes(EMBEDDED_ONLY);
  const chosen = process.env.TEST_DATABASE_URL ? all.filter(onPostgres) : all;
  const printed = process.argv.includes('--groups') ? writeGroups(chosen) : chosen;
  console.log(printed.map((file) => path.relative(ROOT, file)).join('\n'));
}
