import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function ApiKeysPage() {
  return <PlaceholderPage title="API Keys" />;
}
