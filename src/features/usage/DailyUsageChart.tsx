import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShowChart from '@mui/icons-material/ShowChart';
import BarChartIcon from '@mui/icons-material/BarChart';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { formatMoney } from '../../../contract/money';
import { dailyUsageTotal, type DailyUsagePoint } from './usageReport';
import { useElementWidth } from './useElementWidth';
import { WidgetBoundary } from '../../components/WidgetBoundary';

export type ChartKind = 'line' | 'bar';

const CHART_HEIGHT = 300;
// MUI X Charts is the page's largest download; the page's figures render while it loads (contract/routes.ts), and
// on a screen where the chart is below the fold it loads as it comes near (AfterFirstPaint's nearViewport). The line
// and the bars are chunks of their own: the bar chart's code downloads only when someone switches to it.
const PLOTS = {
  line: () => import(/* webpackChunkName: "chart-daily-usage" */ './DailyUsageLine'),
  bar: () => import(/* webpackChunkName: "chart-daily-usage-bars" */ './DailyUsageBars'),
} as const satisfies Record<ChartKind, unknown>;
// Read by screen readers, not drawn (the chart itself is the visual).
// Pixel strings on purpose: in sx a bare 1 means 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;
const FALLBACK_WIDTH = 600;

export function DailyUsageChart({ series }: { series: DailyUsagePoint[] }) {
  const [kind, setKind] = useState<ChartKind>('line');
  const { ref, width } = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const total = dailyUsageTotal(series);
  const dates = series.map((point) => point.date);
  const values = series.map((point) => point.dollars);
  const description =
    series.length > 0
      ? `Daily usage from ${dates[0]} to ${dates.at(-1)}, ${formatMoney(total.dollars)} in total`
      : 'No usage data';

  return (
    <Card component="section" aria-labelledby="daily-usage-title">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box>
            <Typography id="daily-usage-title" variant="h3" component="h2">
              Daily Usage Trend
            </Typography>
            {series.length > 0 && (
              <Typography variant="body2" color="textSecondary">
                {`Total: ${formatMoney(total.dollars)} over ${total.days} days`}
              </Typography>
            )}
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_event, next: ChartKind | null) => next && setKind(next)}
            aria-label="Chart type"
          >
            <ToggleButton value="line" aria-label="Line">
              <ShowChart fontSize="small" />
            </ToggleButton>
            <ToggleButton value="bar" aria-label="Bar">
              <BarChartIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Box ref={ref} sx={{ mt: 2, width: '100%', minWidth: 0 }}>
          {series.length === 0 ? (
            <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
              No usage data available for the selected period
            </Typography>
          ) : (
            <Box
              component="figure"
              aria-label={`Daily usage ${kind} chart`}
              aria-describedby="daily-usage-description"
              sx={{ m: 0 }}
            >
              <Box component="figcaption" id="daily-usage-description" sx={visuallyHidden}>
                {description}
              </Box>
              <WidgetBoundary name="The chart">
                <AfterFirstPaint
                  // A new kind is a new chunk: its placeholder holds the place until it has arrived.
                  key={kind}
                  nearViewport
                  load={PLOTS[kind]}
                  props={{ width, height: CHART_HEIGHT, dates, values }}
                  fallback={<Box role="progressbar" aria-label="Loading the chart" sx={{ height: CHART_HEIGHT }} />}
                />
              </WidgetBoundary>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
