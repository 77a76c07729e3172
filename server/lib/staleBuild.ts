import fs from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * dist/index.html is stale when missing or older than any source file (src/, and contract/, which holds the route
 * table the build reads), the page template (public/), the build's own code (build/, and the pages' pre-render
 * in scripts/) or the webpack config.
 */
export function isBuildStale(repoRoot: string, distDir: string): boolean {
  const built = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'src')),
    newestMtime(path.join(repoRoot, 'contract')),
    newestMtime(path.join(repoRoot, 'public')),
    newestMtime(path.join(repoRoot, 'build')),
    newestMtime(path.join(repoRoot, 'scripts', 'prerender-pages.mts')),
    newestMtime(path.join(repoRoot, 'webpack.config.js')),
  );
  return sources > built.mtimeMs;
}
