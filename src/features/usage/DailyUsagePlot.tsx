import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney } from '../../../contract/money';
import { formatCalendarDay } from '../../lib/time';
import type { ChartKind } from './DailyUsageChart';

// The drawing of the daily usage chart, in a chunk of its own (MUI X Charts is the page's largest download): the
// page, its figures and this card's heading show while it loads.

const tooltipValue = (value: number | null) => `Usage: ${formatMoney(value)}`;
const dollarTick = (value: number) => formatMoney(value);
const yAxis = [{ min: 0, valueFormatter: dollarTick, width: 64 }];
// The last date label is centred on the last point, at the plot's right edge: half of it needs room beyond the plot.
const margin = { right: 32 };

export interface DailyUsagePlotProps {
  kind: ChartKind;
  width: number;
  height: number;
  dates: string[];
  values: number[];
}

export default function DailyUsagePlot({ kind, width, height, dates, values }: DailyUsagePlotProps) {
  return kind === 'line' ? (
    <LineChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'point', data: dates, valueFormatter: formatCalendarDay }]}
      yAxis={yAxis}
      series={[{ data: values, valueFormatter: tooltipValue, area: true }]}
      margin={margin}
      hideLegend
    />
  ) : (
    <BarChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'band', data: dates, valueFormatter: formatCalendarDay }]}
      yAxis={yAxis}
      series={[{ data: values, valueFormatter: tooltipValue }]}
      margin={margin}
      hideLegend
    />
  );
}
