import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function TeamPage() {
  return <PlaceholderPage title="Team Settings" />;
}
