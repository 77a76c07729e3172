// MUI X Charts' default plugins, as the app uses them: the line chart's and the bar chart's, which are the same list
// (LINE_CHART_PLUGINS, BAR_CHART_PLUGINS). The package's own module (internals/plugins/allPlugins.mjs) also brings
// the scatter chart's closest-point search and progressive rendering, which every chart downloads because
// ChartsDataProvider imports them as its default. webpack.config.js puts this module in its place
// (build/chartsDefaults.js).
export { LINE_CHART_PLUGINS as DEFAULT_PLUGINS } from '../../node_modules/@mui/x-charts/LineChart/LineChart.plugins.mjs';
