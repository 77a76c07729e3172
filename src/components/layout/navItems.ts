import type { ComponentType } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import { PAGE_ROUTES, type NavEntry, type NavMatch, type NavPath } from '../../../contract/routes';

export interface NavItem {
  label: string;
  to: string;
  match: NavMatch;
  Icon: ComponentType;
}

// The entries, their order and labels are the routes' (contract/routes.ts); only the icons live here, in the browser.
const NAV_ICONS: Record<NavPath, ComponentType> = {
  '/dashboard': DashboardOutlined,
  '/api-keys': VpnKeyOutlined,
  '/team': GroupsOutlined,
  '/usage-reports': InsightsOutlined,
  '/billing': CreditCardOutlined,
  '/admin': AdminPanelSettingsOutlined,
  '/admin/pricing': SellOutlined,
  '/admin/coupons': LocalOfferOutlined,
  '/admin/routing': AltRouteOutlined,
};

function navSection(section: NavEntry['section']): NavItem[] {
  return PAGE_ROUTES.flatMap((route) =>
    'nav' in route && route.nav.section === section
      ? [{ label: route.nav.label, to: route.path, match: route.nav.match, Icon: NAV_ICONS[route.path] }]
      : [],
  );
}

export const MAIN_NAV = navSection('main');
export const ADMIN_NAV = navSection('admin');
