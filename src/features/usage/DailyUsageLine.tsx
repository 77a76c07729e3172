import { LineChart } from '@mui/x-charts/LineChart';
import { dailyUsageMargin, dailyUsageYAxis, dayLabel, tooltipValue, type DailyUsagePlotProps } from './dailyUsagePlot';

/** The daily usage chart as a line (the default), in a chunk of its own: see dailyUsagePlot.ts. */
export default function DailyUsageLine({ width, height, dates, values }: DailyUsagePlotProps) {
  return (
    <LineChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'point', data: dates, valueFormatter: dayLabel }]}
      yAxis={dailyUsageYAxis}
      series={[{ data: values, valueFormatter: tooltipValue, area: true }]}
      margin={dailyUsageMargin}
      hideLegend
    />
  );
}
