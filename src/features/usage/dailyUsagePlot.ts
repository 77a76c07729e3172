import { formatMoney } from '../../../contract/money';
import { formatCalendarDay } from '../../lib/time';

// What the daily usage chart's line and bars share. Each drawing is a chunk of its own (DailyUsageLine.tsx,
// DailyUsageBars.tsx): MUI X Charts is the page's largest download, and a visit that never switches to bars (the line
// is the default) downloads none of the bar chart's code.

export interface DailyUsagePlotProps {
  width: number;
  height: number;
  dates: string[];
  values: number[];
}

export const tooltipValue = (value: number | null) => `Usage: ${formatMoney(value)}`;
export const dayLabel = formatCalendarDay;
export const dailyUsageYAxis = [{ min: 0, valueFormatter: (value: number) => formatMoney(value), width: 64 }];
// The last date label is centred on the last point, at the plot's right edge: half of it needs room beyond the plot.
export const dailyUsageMargin = { right: 32 };
