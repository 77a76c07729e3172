// Narrows MUI X Charts' defaults to the chart types the app draws (see build/chartsDefaults/*.mjs): the package's
// ChartsDataProvider imports every series type and plugin as default values, so no bundler can drop the unused ones.
// A module of the package is swapped only when its request comes from inside @mui/x-charts, and the build fails if
// the package no longer has it (an upgrade moved it: check the replacement against the new file).
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = path.join(ROOT, 'node_modules', '@mui', 'x-charts');
const REPLACED = {
  'internals/plugins/utils/defaultSeriesConfig.mjs': 'defaultSeriesConfig.mjs',
  'internals/plugins/allPlugins.mjs': 'allPlugins.mjs',
  'BarChart/useBarChartProps.mjs': 'useBarChartProps.mjs',
};

function narrowChartsDefaults() {
  for (const original of Object.keys(REPLACED)) {
    if (!fs.existsSync(path.join(PACKAGE, original))) {
      throw new Error(`@mui/x-charts has no ${original} any more: update build/chartsDefaults.js`);
    }
  }
  return new webpack.NormalModuleReplacementPlugin(
    /(allPlugins|defaultSeriesConfig|useBarChartProps)\.mjs$/,
    (resource) => {
      // Our own modules import the package's originals: those requests stay as they are.
      if (!resource.context.startsWith(PACKAGE + path.sep)) return;
      const target = path.resolve(resource.context, resource.request);
      const original = Object.keys(REPLACED).find((file) => target === path.join(PACKAGE, file));
      if (original) resource.request = path.join(__dirname, 'chartsDefaults', REPLACED[original]);
    },
  );
}

module.exports = { narrowChartsDefaults };
