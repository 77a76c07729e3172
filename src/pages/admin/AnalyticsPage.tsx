import Alert from '@mui/material/Alert';
import { PageHeader } from '../../components/PageHeader';
import { AdminGate } from './AdminGate';
import { BackToAdminLink } from '../../components/admin/BackToAdminLink';

export const ANALYTICS_COMING_SOON = 'Coming soon: gateway-wide usage and cost analytics.';

export function AnalyticsPage() {
  return (
    <AdminGate>
      <BackToAdminLink />
      <PageHeader title="System Analytics" />
      <Alert severity="info">{ANALYTICS_COMING_SOON}</Alert>
    </AdminGate>
  );
}
