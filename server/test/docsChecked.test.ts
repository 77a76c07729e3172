import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../config';

/**
 * The docs that say where things are must be right (issue 43): every file, folder, script and symbol that
 * docs/architecture.md names in backticks exists. A rename that forgets the doc fails here, naming what is gone.
 */
const CHECKED_DOCS = ['docs/architecture.md'];
/** Where a bare file name (`bill.ts`) or a symbol may live. */
const SOURCE_ROOTS = ['server', 'src', 'contract', 'scripts', 'e2e', '__tests__', '.ci'];

function filesUnder(dir: string): string[] {
  const full = path.join(REPO_ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() && !entry.parentPath.includes('node_modules')
        ? [path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name))]
        : [],
    );
}

const sources = [...SOURCE_ROOTS.flatMap(filesUnder), 'eslint.config.mjs', 'webpack.config.js'].filter(
  (file) => /\.(ts|tsx|sql|mjs|js|cjs|sh)$/.test(file) || file.startsWith('.ci/'),
);
/** Every folder that holds a source file, as `a/b/c/`, for a doc that names one from inside its parent. */
const folders = new Set(
  sources.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ),
);
const sourceText = sources.map((file) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')).join('\n');
const scripts = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);

const isPath = (token: string) =>
  /^[\w.@-]+(\/[\w.@-]*)*$/.test(token) && (token.includes('/') || /\.\w{2,4}$/.test(token));
/** camelCase (`recordUsageBatch`) or a constant (`AUDIT_ACTIONS`): specific enough to look for. */
const isSymbol = (token: string) => /^[a-z]+[A-Z]\w*$/.test(token) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(token);

/** Why a backticked token of a doc names nothing, or null when it does (or is not a name). */
export function missing(token: string): string | null {
  const script = /^npm run ([\w:-]+)$/.exec(token);
  if (script) return scripts.includes(script[1]) ? null : `no npm script "${script[1]}"`;
  if (isPath(token)) {
    const bare = token.replace(/\/$/, '');
    // From the repository's root, from the server's (docs name `credit/leases.ts`), or anywhere by its name alone.
    // From the repository's root; else as the end of a file's or a folder's path (`openaiCompatible/dialect.ts`,
    // `stripe/`); a name without an extension that is no file (an ESLint rule's) as it is written in the code.
    const found =
      fs.existsSync(path.join(REPO_ROOT, bare)) ||
      sources.some((file) => file.endsWith(`/${bare}`)) ||
      (token.endsWith('/') && [...folders].some((folder) => folder.endsWith(`/${token}`))) ||
      (!/\.\w{2,4}$/.test(bare) && !token.endsWith('/') && sourceText.includes(token)) ||
      /NNNN/.test(bare);
    return found ? null : `no file or folder ${token}`;
  }
  if (isSymbol(token)) return new RegExp(`\\b${token}\\b`).test(sourceText) ? null : `no symbol ${token} in the code`;
  return null;
}

for (const doc of CHECKED_DOCS) {
  test(`${doc} names only files, scripts and symbols that exist`, () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, doc), 'utf8');
    const tokens = [...new Set([...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim()))];
    const problems = tokens.flatMap((token) => {
      const why = missing(token);
      return why ? [`${token}: ${why}`] : [];
    });
    // "`server/credit/bill.ts` (`billOf`)": the symbol is in that file, not elsewhere.
    for (const [, file, symbol] of text.matchAll(/`([\w./-]+\.(?:ts|tsx|sql|mjs))` \(`(\w+)`/g)) {
      const where = [file, ...sources.filter((source) => source.endsWith(`/${file}`))].find((candidate) =>
        fs.existsSync(path.join(REPO_ROOT, candidate)),
      );
      const content = where ? fs.readFileSync(path.join(REPO_ROOT, where), 'utf8') : '';
      if (!new RegExp(`\\b${symbol}\\b`).test(content))
        problems.push(`${file} (${symbol}): ${symbol} is not in ${file}`);
    }
    assert.deepEqual(problems, [], `${doc} names what is gone:\n${problems.join('\n')}`);
    // The check reads something: a doc whose names all went unread would pass for nothing.
    assert.ok(tokens.filter((token) => isPath(token) || isSymbol(token)).length > 20, 'too few names read');
  });
}
