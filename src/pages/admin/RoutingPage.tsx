import { AdminGate } from './AdminGate';
import { CredentialsSection } from './routing/CredentialsSection';
import { GuardrailsFloorSection } from './routing/GuardrailsFloorSection';
import { HealthSection } from './routing/HealthSection';
import { ReconciliationSection } from './routing/ReconciliationSection';
import { RoutesSection } from './routing/RoutesSection';
import { RouteHeader } from '../../components/RouteHeader';

/**
 * Model routes and their deployments, provider credentials, provider health, reconciliation against the providers'
 * own reports (docs/gateway.md), and the guardrails' floor under every team's policy (docs/guardrails.md).
 */
export function RoutingPage() {
  return (
    <AdminGate>
      <RouteHeader path="/admin/routing" />
      <RoutesSection />
      <CredentialsSection />
      <HealthSection />
      <ReconciliationSection />
      <GuardrailsFloorSection />
    </AdminGate>
  );
}
