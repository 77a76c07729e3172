import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function UsageReportsPage() {
  return <PlaceholderPage title="Usage Reports" />;
}
