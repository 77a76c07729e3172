// MUI X Charts' default series types, as the app uses them: lines only (src/features/usage/DailyUsageLine.tsx,
// src/features/adminConsole/AnalyticsPlot.tsx). The package's own module (internals/plugins/utils/
// defaultSeriesConfig.mjs) also brings the bar's, the pie's and the scatter's, which every chart downloads because
// ChartsDataProvider imports them as its default. The bar chart brings its own series type (useBarChartProps.mjs
// here), so its code downloads with the bar chart's chunk only. webpack.config.js puts this module in its place
// (build/chartsDefaults.js, docs/performance.md "Bundle budget").
import { lineSeriesConfig } from '../../node_modules/@mui/x-charts/LineChart/seriesConfig/index.mjs';

export const defaultSeriesConfig = { line: lineSeriesConfig };
