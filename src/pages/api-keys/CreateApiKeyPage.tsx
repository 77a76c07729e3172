import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function CreateApiKeyPage() {
  return <PlaceholderPage title="Create API Key" />;
}
