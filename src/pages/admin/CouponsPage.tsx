import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export function CouponsPage() {
  return <PlaceholderPage title="Coupons" />;
}
