import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { StatCard } from '../../components/StatCard';
import { formatCount } from '../../lib/numbers';
import { useGetSystemOverviewQuery } from '../../store/api';
import type { SystemOverview } from '../../../contract/schemas/adminConsole';
import { AdminGate } from './AdminGate';
import { AdminQuickActions } from './dashboard/AdminQuickActions';
import { AdminSectionCards } from './dashboard/AdminSectionCards';
import { RouteHeader } from '../../components/RouteHeader';

const OVERVIEW: { title: string; field: keyof SystemOverview }[] = [
  { title: 'Total Users', field: 'total_users' },
  { title: 'Total Teams', field: 'total_teams' },
  { title: 'API Calls Today', field: 'api_calls_today' },
];

function SystemOverviewCards() {
  // A failed load shows a dash, as any figure not known (docs/rules.md#failed-loads).
  const { data } = useGetSystemOverviewQuery();
  return (
    <Grid container spacing={2}>
      {OVERVIEW.map(({ title, field }) => (
        <Grid key={title} size={{ xs: 12, sm: 4 }}>
          <StatCard title={title} value={data ? formatCount(data[field]) : '—'} />
        </Grid>
      ))}
    </Grid>
  );
}

function AdminDashboard() {
  return (
    <>
      <RouteHeader path="/admin" />
      <AdminQuickActions />
      <AdminSectionCards />
      <section aria-labelledby="system-overview-title">
        <Typography variant="h2" id="system-overview-title" sx={{ mt: 4, mb: 2 }}>
          System Overview
        </Typography>
        <SystemOverviewCards />
      </section>
    </>
  );
}

export function AdminDashboardPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}
