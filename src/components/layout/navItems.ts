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
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ModelTrainingOutlined from '@mui/icons-material/ModelTrainingOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
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
  '/models': ModelTrainingOutlined,
  '/playground': ChatOutlined,
  '/team': GroupsOutlined,
  '/usage-reports': InsightsOutlined,
  '/usage-reports/requests': ReceiptLongOutlined,
  '/billing': CreditCardOutlined,
  '/admin': AdminPanelSettingsOutlined,
  '/admin/pricing': SellOutlined,
  '/admin/coupons': LocalOfferOutlined,
  '/admin/routing': AltRouteOutlined,
  '/audit-log': HistoryEduOutlined,
  '/admin/tools': HandymanOutlined,
  '/admin/outbox': OutboxOutlined,
  '/admin/teams': Diversity3Outlined,
  '/admin/users': PeopleOutline,
  '/admin/analytics': QueryStatsOutlined,
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
