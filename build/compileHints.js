const webpack = require('webpack');

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): every function of a file that
 * begins with it is compiled as the script is streamed in, on a background thread, rather than on the main thread the
 * first time each one runs. Start-up and a page's first render run most of the code they load, and compiling it was
 * most of their time on a slow phone (docs/performance.md, "Start-up in small steps, compiled off the main thread").
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint at the top of every emitted script: after minification, which drops comments, and before the source
 * maps are made, so they account for the line it adds.
 */
function compileHints() {
  return new webpack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

module.exports = { COMPILE_HINT, compileHints };
