import { BarChart } from '@mui/x-charts/BarChart';
import { dailyUsageMargin, dailyUsageYAxis, dayLabel, tooltipValue, type DailyUsagePlotProps } from './dailyUsagePlot';

/** The daily usage chart as bars, in a chunk of its own, loaded when someone switches to it: see dailyUsagePlot.ts. */
export default function DailyUsageBars({ width, height, dates, values }: DailyUsagePlotProps) {
  return (
    <BarChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'band', data: dates, valueFormatter: dayLabel }]}
      yAxis={dailyUsageYAxis}
      series={[{ data: values, valueFormatter: tooltipValue }]}
      margin={dailyUsageMargin}
      hideLegend
    />
  );
}
