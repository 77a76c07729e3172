import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { useElementWidth } from '../usage/useElementWidth';
import type { AnalyticsDay } from '../../../contract/schemas/analytics';
import { WidgetBoundary } from '../../components/WidgetBoundary';

const CHART_HEIGHT = 300;
const FALLBACK_WIDTH = 600;
// MUI X Charts: requested once the figures and tables have painted (contract/routes.ts: chart-analytics, later).
const loadAnalyticsPlot = () => import(/* webpackChunkName: "chart-analytics" */ './AnalyticsPlot');

/** Requests, errors and cost by day; the table below has the same numbers for a screen reader and the CSV. */
export function AnalyticsChart({ days }: { days: AnalyticsDay[] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  return (
    <Card component="section" aria-labelledby="analytics-chart-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="analytics-chart-title" variant="h3" component="h2">
          Requests and cost by day
        </Typography>
        <Box ref={ref} sx={{ mt: 2, width: '100%', minWidth: 0 }}>
          <Box component="figure" aria-label="Requests, errors and cost by day, line chart" sx={{ m: 0 }}>
            <WidgetBoundary name="The chart">
              <AfterFirstPaint
                nearViewport
                load={loadAnalyticsPlot}
                props={{ days, width, height: CHART_HEIGHT }}
                fallback={<Box role="progressbar" aria-label="Loading the chart" sx={{ height: CHART_HEIGHT }} />}
              />
            </WidgetBoundary>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
