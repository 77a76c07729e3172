import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
