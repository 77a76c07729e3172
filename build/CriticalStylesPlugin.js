// Writes dist/critical-styles.json: per page, the <style> tag of the styles its first load inserts, from the recording
// in build/critical-styles.json (server/lib/criticalStyles.ts; docs/performance.md, "Styles in the page"). The server
// puts a page's tag into its HTML. Production builds only: a development build's class names differ.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { require: requireTs } = require('tsx/cjs/api');

const { CRITICAL_STYLES, styleTagsByRoute } = requireTs(
  path.join(__dirname, '../server/lib/criticalStyles.ts'),
  __filename,
);

class CriticalStylesPlugin {
  apply(compiler) {
    const source = path.join(__dirname, '..', CRITICAL_STYLES.source);
    compiler.hooks.thisCompilation.tap('CriticalStylesPlugin', (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tap(
        { name: 'CriticalStylesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // Without a recording the pages are served as before: every style is inserted as the app renders.
          if (!fs.existsSync(source)) return;
          const tags = styleTagsByRoute(JSON.parse(fs.readFileSync(source, 'utf8')));
          compilation.emitAsset(CRITICAL_STYLES.output, new webpack.sources.RawSource(JSON.stringify(tags)));
        },
      );
    });
  }
}

module.exports = { CriticalStylesPlugin };
