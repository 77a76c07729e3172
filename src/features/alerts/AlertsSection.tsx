import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/apiError';
import { useGetAlertSettingsQuery } from '../../store/api';
import { AlertSettingsForm } from './AlertSettingsForm';
import { WebhookEndpoints } from './WebhookEndpoints';

/** Team Settings → Alerts (owner only): what the team is told about, and the webhooks it is sent to. */
export function AlertsSection() {
  const { data, error, isLoading, refetch } = useGetAlertSettingsQuery();
  return (
    <SectionCard titleId="alerts-title" title="Alerts" titleVariant="h3" titleSx={{ mb: 2 }} sx={{ mt: 3, mb: 3 }}>
      {isLoading ? (
        <PageLoader label="Loading alerts" />
      ) : error || !data ? (
        <ErrorState message={errorMessage(error, 'Failed to load the alert settings')} onRetry={() => void refetch()} />
      ) : (
        <AlertSettingsForm settings={data} />
      )}
      <WebhookEndpoints />
    </SectionCard>
  );
}
