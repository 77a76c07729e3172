import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { TeamSections } from '../../features/adminConsole/TeamSections';
import { formatPercent } from '../../lib/budget';
import { formatDateTime } from '../../lib/time';
import { useGetAdminTeamQuery } from '../../store/api';
import { formatCents } from '../../../contract/money';
import type { AdminTeamRow } from '../../../contract/schemas/adminConsole';
import { AdminGate } from './AdminGate';

export const TEAM_LOAD_FAILED = 'Failed to load the team.';

// Loaded when first opened (docs/performance.md, Bundle budget): the page's first screen needs no dialog.
const AdjustCreditsDialog = lazy(async () => ({
  default: (
    await import(/* webpackChunkName: "dialog-adjust-credits" */ '../../features/adminConsole/AdjustCreditsDialog')
  ).AdjustCreditsDialog,
}));

function TeamFigures({ team }: { team: AdminTeamRow }) {
  const figures: [string, string, string?][] = [
    ['Balance', formatCents(team.balance_cents)],
    [
      'Spent this month',
      formatCents(team.month_spend_cents),
      team.budget_use_percent === null
        ? 'No budget'
        : `${formatPercent(team.budget_use_percent)} of ${formatCents(team.budget_limit_cents)}`,
    ],
    ['Members', String(team.member_count), team.owner ? `Owner: ${team.owner.email ?? team.owner.login}` : undefined],
    ['Last activity', formatDateTime(team.last_activity_at, 'Never')],
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {figures.map(([title, value, caption]) => (
        <Grid key={title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard title={title} value={value} caption={caption} />
        </Grid>
      ))}
    </Grid>
  );
}

function TeamScreen({ teamId }: { teamId: string }) {
  const { data, isLoading, isError } = useGetAdminTeamQuery(teamId);
  const [adjusting, setAdjusting] = useState(false);
  const back = (
    <Button component={RouterLink} to="/admin/teams" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      Back to Teams
    </Button>
  );
  if (isLoading) return <PageLoader label="Loading the team" />;
  if (isError || !data) {
    return (
      <>
        {back}
        <Alert severity="error">{TEAM_LOAD_FAILED}</Alert>
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader
        title={data.team.name}
        subtitle={`Created ${formatDateTime(data.team.created_at)}`}
        actions={
          <Button variant="contained" onClick={() => setAdjusting(true)}>
            Adjust credits
          </Button>
        }
      />
      <TeamFigures team={data.team} />
      <TeamSections detail={data} />
      <Suspense fallback={null}>
        {adjusting && <AdjustCreditsDialog team={data.team} onClose={() => setAdjusting(false)} />}
      </Suspense>
    </>
  );
}

export function AdminTeamPage() {
  const { teamId = '' } = useParams();
  return (
    <AdminGate>
      <TeamScreen teamId={teamId} />
    </AdminGate>
  );
}
