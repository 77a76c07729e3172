// After a production build has written dist/, renders /login into dist/login.html (scripts/prerender-login.mts): the
// server sends that page to a visitor without a session, so the first paint of /login downloads no framework.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

class PrerenderLoginPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrerenderLoginPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../scripts/prerender-login.mts'), compilation.outputOptions.path],
        // React and MUI render as in the production bundle (no development checks or labels in the class names).
        { cwd: path.join(__dirname, '..'), env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
      );
    });
  }
}

module.exports = { PrerenderLoginPlugin };
