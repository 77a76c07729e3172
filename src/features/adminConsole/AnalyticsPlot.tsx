import { LineChart } from '@mui/x-charts/LineChart';
import { formatCalendarDay } from '../../lib/time';
import { formatCount } from '../../lib/numbers';
import { formatCents } from '../../../contract/money';
import type { AnalyticsDay } from '../../../contract/schemas/analytics';

// The drawing of the analytics' daily chart, in a chunk of its own (MUI X Charts): the page's figures and tables show
// while it loads.

export interface AnalyticsPlotProps {
  days: AnalyticsDay[];
  width: number;
  height: number;
}

export default function AnalyticsPlot({ days, width, height }: AnalyticsPlotProps) {
  return (
    <LineChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'point', data: days.map((d) => d.day), valueFormatter: formatCalendarDay }]}
      yAxis={[
        { id: 'requests', min: 0, valueFormatter: (v: number) => formatCount(v), width: 56 },
        { id: 'cost', min: 0, position: 'right', valueFormatter: (v: number) => formatCents(v), width: 64 },
      ]}
      series={[
        {
          label: 'Requests',
          yAxisId: 'requests',
          data: days.map((d) => d.requests),
          valueFormatter: (v) => formatCount(v ?? 0),
        },
        {
          label: 'Errors',
          yAxisId: 'requests',
          data: days.map((d) => d.errors),
          valueFormatter: (v) => formatCount(v ?? 0),
        },
        { label: 'Cost', yAxisId: 'cost', data: days.map((d) => d.cost_cents), valueFormatter: (v) => formatCents(v) },
      ]}
    />
  );
}
