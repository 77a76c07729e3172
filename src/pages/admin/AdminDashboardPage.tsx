import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { AdminGate } from './AdminGate';
import { AdminQuickActions } from './dashboard/AdminQuickActions';
import { AdminSectionCards } from './dashboard/AdminSectionCards';

export const FIGURES_COMING = 'System-wide figures are coming soon.';
const OVERVIEW = ['Total Users', 'Total Teams', 'API Calls Today'];

function AdminDashboard() {
  return (
    <>
      <PageHeader title="Admin Dashboard" subtitle="Manage pricing, coupons and the gateway" />
      <AdminQuickActions />
      <AdminSectionCards />
      <section aria-labelledby="system-overview-title">
        <Typography variant="h2" id="system-overview-title" sx={{ mt: 4, mb: 2 }}>
          System Overview
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {FIGURES_COMING}
        </Alert>
        <Grid container spacing={2}>
          {OVERVIEW.map((title) => (
            <Grid key={title} size={{ xs: 12, sm: 4 }}>
              <StatCard title={title} value="—" />
            </Grid>
          ))}
        </Grid>
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
