import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import FileDownload from '@mui/icons-material/FileDownload';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { defaultDateRange, type DateRange } from '../../../contract/dates';
import { usageReportCsv, usageReportFileName } from '../../features/usage/usageCsv';
import { dailyUsageSeries, hasUsageData } from '../../features/usage/usageReport';
import { useGetUsageStatsQuery } from '../../store/api';
import { BudgetStatusCard } from '../../features/usage/BudgetStatusCard';
import { DailyUsageChart } from '../../features/usage/DailyUsageChart';
import { DateRangeControls } from '../../features/usage/DateRangeControls';
import { downloadTextFile } from '../../features/usage/downloadTextFile';
import { TopUsageLists } from '../../features/usage/TopUsageLists';
import { UsageSummaryCards } from '../../features/usage/UsageSummaryCards';
import { RouteHeader } from '../../components/RouteHeader';
import { InTurn } from '../../components/AfterFirstPaint';

const REQUEST_LOG_ROUTE = '/usage-reports/requests';

export function UsageReportsPage() {
  const [range, setRange] = useState<DateRange>(() => defaultDateRange());
  const teamless = useTeamless();
  const { data: stats, error, isLoading, isFetching, refetch } = useGetUsageStatsQuery(range, { skip: teamless });
  const series = useMemo(() => dailyUsageSeries(stats?.daily_usage), [stats]);
  const hasData = hasUsageData(stats);

  const exportReport = () => {
    if (stats) downloadTextFile(usageReportCsv(stats), usageReportFileName(range));
  };

  const content = () => {
    if (teamless || isNoTeamError(error)) return <CreateTeamWelcomeCard />;
    if (isLoading) return <PageLoader label="Loading usage reports" />;
    if (error) return <ErrorState message={errorMessage(error, 'An error occurred')} onRetry={refetch} />;
    if (!stats) return null;
    // An empty period still shows the budget; the trend says 'No usage data available for the selected period'.
    return (
      <>
        <UsageSummaryCards stats={stats} />
        {/* Each in a commit of its own, after the figures above have been painted (docs/performance.md). */}
        <InTurn>
          <BudgetStatusCard stats={stats} />
        </InTurn>
        <InTurn>
          <TopUsageLists stats={stats} />
        </InTurn>
        <InTurn>
          <DailyUsageChart series={series} />
        </InTurn>
      </>
    );
  };

  return (
    <>
      <RouteHeader
        path="/usage-reports"
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<ReceiptLongOutlined />}
              component={RouterLink}
              to={REQUEST_LOG_ROUTE}
            >
              View every request
            </Button>
            <Button
              variant="contained"
              startIcon={<FileDownload />}
              onClick={exportReport}
              disabled={isFetching || !!error || !hasData}
            >
              Export Report
            </Button>
          </>
        }
      />
      <DateRangeControls range={range} onRangeChange={setRange} onUpdate={refetch} updating={isFetching} />
      {content()}
    </>
  );
}
