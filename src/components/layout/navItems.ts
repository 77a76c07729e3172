import type { ComponentType } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { NavMatch } from '../../lib/navigation';

export interface NavItem {
  label: string;
  to: string;
  match: NavMatch;
  Icon: ComponentType;
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', match: 'section', Icon: DashboardOutlined },
  { label: 'API Keys', to: '/api-keys', match: 'startsWith', Icon: VpnKeyOutlined },
  { label: 'Team Settings', to: '/team', match: 'section', Icon: GroupsOutlined },
  { label: 'Usage Reports', to: '/usage-reports', match: 'section', Icon: InsightsOutlined },
  { label: 'Billing', to: '/billing', match: 'section', Icon: CreditCardOutlined },
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'Admin Dashboard', to: '/admin', match: 'exact', Icon: AdminPanelSettingsOutlined },
  { label: 'Pricing', to: '/admin/pricing', match: 'section', Icon: SellOutlined },
  { label: 'Coupons', to: '/admin/coupons', match: 'section', Icon: LocalOfferOutlined },
];
