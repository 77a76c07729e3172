// After a production build has written dist/, renders /login into dist/login.html and the signed-in pages' frame into
// dist/shell.json (scripts/prerender-pages.mts): the server sends them, so a first paint waits for no framework.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

class PrerenderPagesPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrerenderPagesPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../scripts/prerender-pages.mts'), compilation.outputOptions.path],
        // React and MUI render as in the production bundle (no development checks or labels in the class names).
        { cwd: path.join(__dirname, '..'), env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
      );
    });
  }
}

module.exports = { PrerenderPagesPlugin };
