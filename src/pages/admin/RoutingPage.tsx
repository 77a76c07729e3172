import { BackToAdminLink } from '../../components/admin/BackToAdminLink';
import { PageHeader } from '../../components/PageHeader';
import { AdminGate } from './AdminGate';
import { CredentialsSection } from './routing/CredentialsSection';
import { GuardrailsFloorSection } from './routing/GuardrailsFloorSection';
import { HealthSection } from './routing/HealthSection';
import { ReconciliationSection } from './routing/ReconciliationSection';
import { RoutesSection } from './routing/RoutesSection';

/**
 * Model routes and their deployments, provider credentials, provider health, reconciliation against the providers'
 * own reports (docs/gateway.md), and the guardrails' floor under every team's policy (docs/guardrails.md).
 */
export function RoutingPage() {
  return (
    <AdminGate>
      <BackToAdminLink />
      <PageHeader
        title="Routing"
        subtitle="Model routes with fallbacks, the provider keys they use, and how each deployment is answering"
      />
      <RoutesSection />
      <CredentialsSection />
      <HealthSection />
      <ReconciliationSection />
      <GuardrailsFloorSection />
    </AdminGate>
  );
}
