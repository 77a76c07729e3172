import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
