// The bar chart's props hook, passing the bar series type to its ChartsDataProvider (a prop the package forwards
// there), because the build's default series types hold only the line's (defaultSeriesConfig.mjs here). A chart's
// own `seriesConfig` prop still wins. webpack.config.js puts this module in place of the package's when BarChart
// imports it (build/chartsDefaults.js).
import { useBarChartProps as usePackageBarChartProps } from '../../node_modules/@mui/x-charts/BarChart/useBarChartProps.mjs';
import { barSeriesConfig } from '../../node_modules/@mui/x-charts/BarChart/seriesConfig/index.mjs';

const BAR_SERIES_CONFIG = { bar: barSeriesConfig };

export const useBarChartProps = (props) => usePackageBarChartProps({ seriesConfig: BAR_SERIES_CONFIG, ...props });
