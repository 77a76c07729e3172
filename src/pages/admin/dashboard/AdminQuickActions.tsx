import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import { SectionCard } from '../../../components/SectionCard';

// The create links open the page's create dialog straight away (?create=1).
const ACTIONS = [
  { label: 'Create Pricing Tier', to: '/admin/pricing?create=1', icon: <Add />, variant: 'contained' },
  { label: 'Manage Pricing Tiers', to: '/admin/pricing', icon: <PriceChangeOutlined />, variant: 'outlined' },
  { label: 'Create Coupon', to: '/admin/coupons?create=1', icon: <Add />, variant: 'contained' },
  { label: 'Manage Coupons', to: '/admin/coupons', icon: <LocalOfferOutlined />, variant: 'outlined' },
] as const;

export function AdminQuickActions() {
  return (
    <SectionCard titleId="admin-quick-actions-title" title="Quick Actions" sx={{ mb: 3 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {ACTIONS.map((action) => (
          <Button
            key={action.label}
            component={RouterLink}
            to={action.to}
            variant={action.variant}
            startIcon={action.icon}
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}
