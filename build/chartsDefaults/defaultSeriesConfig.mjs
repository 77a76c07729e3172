// MUI X Charts' default series types, as the app uses them: lines and bars (src/features/usage, src/features/
// adminConsole). The package's own module (internals/plugins/utils/defaultSeriesConfig.mjs) also brings the pie's and
// the scatter's, which every chart downloads because ChartsDataProvider imports them as its default. webpack.config.js
// puts this module in its place (build/chartsDefaults.js, docs/performance.md "Bundle budget").
import { barSeriesConfig } from '../../node_modules/@mui/x-charts/BarChart/seriesConfig/index.mjs';
import { lineSeriesConfig } from '../../node_modules/@mui/x-charts/LineChart/seriesConfig/index.mjs';

export const defaultSeriesConfig = { bar: barSeriesConfig, line: lineSeriesConfig };
