import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import FileDownload from '@mui/icons-material/FileDownload';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { AnalyticsChart } from '../../features/adminConsole/AnalyticsChart';
import { AnalyticsTables } from '../../features/adminConsole/AnalyticsTables';
import { analyticsCsv, analyticsFileName } from '../../features/adminConsole/analyticsCsv';
import { DateRangeControls } from '../../features/usage/DateRangeControls';
import { downloadTextFile } from '../../features/usage/downloadTextFile';
import { errorMessage } from '../../lib/apiError';
import { formatCount } from '../../lib/numbers';
import { useGetAnalyticsQuery } from '../../store/api';
import { formatCents } from '../../../contract/money';
import { defaultDateRange, type DateRange } from '../../../contract/dates';
import type { Analytics } from '../../../contract/schemas/analytics';
import { AdminGate } from './AdminGate';
import { RouteHeader } from '../../components/RouteHeader';
import { InTurn } from '../../components/AfterFirstPaint';

function Totals({ report }: { report: Analytics }) {
  const { totals } = report;
  const latency = (value: number | null) => (value === null ? '-' : `${formatCount(value)} ms`);
  const figures: [string, string][] = [
    ['Requests', formatCount(totals.requests)],
    ['Tokens', formatCount(totals.prompt_tokens + totals.completion_tokens)],
    ['Cost', formatCents(totals.cost_cents)],
    ['Errors', formatCount(totals.errors)],
    ['p50 latency', latency(totals.p50_latency_ms)],
    ['p95 latency', latency(totals.p95_latency_ms)],
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {figures.map(([title, value]) => (
        <Grid key={title} size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <StatCard title={title} value={value} />
        </Grid>
      ))}
    </Grid>
  );
}

function AnalyticsScreen() {
  const [range, setRange] = useState<DateRange>(() => defaultDateRange());
  const { data, error, isLoading, isFetching, refetch } = useGetAnalyticsQuery(range);
  const content = () => {
    if (isLoading) return <PageLoader label="Loading analytics" />;
    if (error) return <Alert severity="error">{errorMessage(error, 'Failed to load analytics.')}</Alert>;
    if (!data) return null;
    return (
      <>
        <Totals report={data} />
        {/* Each in a commit of its own, after the totals above have been painted (docs/performance.md). */}
        <InTurn>
          <AnalyticsChart days={data.days} />
        </InTurn>
        {/* After the chart (nothing of it stands above the chart before), then each of its tables in turn. */}
        <InTurn>
          <AnalyticsTables report={data} />
        </InTurn>
      </>
    );
  };
  return (
    <>
      <RouteHeader
        path="/admin/analytics"
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownload />}
            disabled={!data || isFetching}
            onClick={() => data && downloadTextFile(analyticsCsv(data), analyticsFileName(data))}
          >
            Export CSV
          </Button>
        }
      />
      <DateRangeControls range={range} onRangeChange={setRange} onUpdate={refetch} updating={isFetching} />
      {content()}
    </>
  );
}

export function AnalyticsPage() {
  return (
    <AdminGate>
      <AnalyticsScreen />
    </AdminGate>
  );
}
