import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function AnalyticsPage() {
  return <PlaceholderPage title="System Analytics" />;
}
