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
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import { PAGE_ROUTES, type NavEntry, type NavMatch, type NavPath } from '../../../contract/routes';

export interface NavItem {
  label: string;
  to: string;
  match: NavMatch;
  Icon: ComponentType;
  /** Entries shown indented under this one (the request log under Usage Reports). */
  children: NavItem[];
  /** Shown only to team owners and administrators. */
  ownersAndAdmins: boolean;
}

// The entries, their order and labels are the routes' (contract/routes.ts); only the icons live here, in the browser.
const NAV_ICONS: Record<NavPath, ComponentType> = {
  '/dashboard': DashboardOutlined,
  '/api-keys': VpnKeyOutlined,
  '/team': GroupsOutlined,
  '/usage-reports': InsightsOutlined,
  '/usage-reports/requests': ReceiptLongOutlined,
  '/billing': CreditCardOutlined,
  '/admin': AdminPanelSettingsOutlined,
  '/admin/pricing': SellOutlined,
  '/admin/coupons': LocalOfferOutlined,
  '/admin/routing': AltRouteOutlined,
  '/audit-log': HistoryEduOutlined,
  '/admin/outbox': OutboxOutlined,
};

function navSection(section: NavEntry['section']): NavItem[] {
  const entries = PAGE_ROUTES.flatMap((route): { item: NavItem; parent?: string }[] => {
    if (!('nav' in route) || route.nav.section !== section) return [];
    const nav: NavEntry = route.nav;
    const item = {
      label: nav.label,
      to: route.path,
      match: nav.match,
      Icon: NAV_ICONS[route.path],
      children: [],
      ownersAndAdmins: nav.ownersAndAdmins ?? false,
    };
    return [{ item, parent: nav.parent }];
  });
  for (const { item, parent } of entries) {
    if (parent) entries.find((entry) => entry.item.to === parent)?.item.children.push(item);
  }
  return entries.filter((entry) => !entry.parent).map((entry) => entry.item);
}

export const MAIN_NAV = navSection('main');
export const ADMIN_NAV = navSection('admin');
