import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function PricingPage() {
  return <PlaceholderPage title="Pricing Tiers" />;
}
