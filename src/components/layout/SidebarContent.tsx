import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { isNavActive } from '../../lib/navigation';
import { navShown } from '../../../contract/navigation';
import { logoutUrl } from '../../config';
import { LazyTooltip } from '../LazyTooltip';
import { ADMIN_NAV, MAIN_NAV, type NavItem } from './navItems';

/** A dense entry's height: 24 px is WCAG 2.5.8's least target size; dense lists show on desktop only. */
const DENSE_ENTRY_PX = 34;

interface SidebarContentProps {
  /** Icons only: the collapsed desktop sidebar. Labels then move to tooltips and aria-labels. */
  compact: boolean;
  isAdmin: boolean;
  /** The signed-in user owns their team: owners' entries (the audit log) show. */
  isOwner: boolean;
  /**
   * Shorter entries (34 px, not 44): an administrator's two lists (18 entries with Tools)
   * fit a 1280×800 screen without scrolling (e2e/readme.spec.ts, "a teamless administrator's first visit").
   */
  dense?: boolean;
  /** The admin list above the team's: an administrator without a team works there (landingPath). */
  adminFirst?: boolean;
  onNavigate?: () => void;
}

interface NavLinkProps {
  item: NavItem;
  compact: boolean;
  dense: boolean;
  onNavigate?: () => void;
  /** An entry under another (Requests under Usage Reports): indented, smaller. */
  nested?: boolean;
}

function NavLink({ item, compact, dense, onNavigate, nested = false }: NavLinkProps) {
  const { pathname } = useLocation();
  const active = isNavActive(pathname, item.to, item.match);
  const link = (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={compact ? item.label : undefined}
      onClick={onNavigate}
      sx={{
        borderRadius: 2,
        mx: 1,
        my: dense ? 0 : 0.25,
        // Dense, the entry's height is its minHeight: its own padding (4 px twice) would make it 36.
        py: dense ? 0 : undefined,
        minHeight: dense ? DENSE_ENTRY_PX : nested ? 40 : 44,
        pl: nested && !compact ? 4.5 : undefined,
        justifyContent: compact ? 'center' : 'flex-start',
      }}
    >
      <ListItemIcon
        sx={{
          minWidth: compact ? 0 : 40,
          color: active ? 'primary.main' : 'text.secondary',
          '& svg': nested ? { fontSize: 20 } : undefined,
        }}
      >
        <item.Icon />
      </ListItemIcon>
      {!compact && (
        <ListItemText primary={item.label} slotProps={nested ? { primary: { variant: 'body2' } } : undefined} />
      )}
    </ListItemButton>
  );
  // Each link in its own <li>: a list holds list items only (axe 'list'). Entries under this one are a list inside
  // its item, so a screen reader announces them as a level below it.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {compact ? (
        <LazyTooltip title={item.label} placement="right">
          {link}
        </LazyTooltip>
      ) : (
        link
      )}
      {item.children.length > 0 && (
        <List disablePadding aria-label={item.label}>
          {item.children.map((child) => (
            <NavLink key={child.to} item={child} compact={compact} dense={dense} onNavigate={onNavigate} nested />
          ))}
        </List>
      )}
    </ListItem>
  );
}

export function SidebarContent({
  compact,
  isAdmin,
  isOwner,
  dense = false,
  adminFirst = false,
  onNavigate,
}: SidebarContentProps) {
  const flags = { isAdmin, isOwner, adminFirst };
  const mainNav = MAIN_NAV.filter((item) =>
    navShown({ section: 'main', ownersAndAdmins: item.ownersAndAdmins }, flags),
  );
  const teamList = (
    <List dense={dense}>
      {mainNav.map((item) => (
        <NavLink key={item.to} item={item} compact={compact} dense={dense} onNavigate={onNavigate} />
      ))}
    </List>
  );
  const adminList = navShown({ section: 'admin' }, flags) && (
    <>
      {/* Collapsed, a rule stands in for the 'Admin' subheader: outside the list, which holds list items only. */}
      {compact && <Divider sx={{ mx: 1.5, my: 1 }} />}
      <List
        dense={dense}
        aria-label="Admin"
        subheader={
          compact ? undefined : <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>Admin</ListSubheader>
        }
      >
        {ADMIN_NAV.map((item) => (
          <NavLink key={item.to} item={item} compact={compact} dense={dense} onNavigate={onNavigate} />
        ))}
      </List>
    </>
  );
  // The brand link and 'Sign out' sit outside the Main navigation; the aside keeps them inside a landmark too.
  return (
    <Box component="aside" aria-label="Sidebar" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component={RouterLink}
        to="/"
        onClick={onNavigate}
        aria-label="AI Model Gateway home"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: compact ? 0 : 2.5,
          justifyContent: compact ? 'center' : 'flex-start',
          height: 64,
          color: 'text.primary',
          textDecoration: 'none',
          flexShrink: 0,
        }}
      >
        <HubOutlined color="primary" />
        {!compact && (
          <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            AI Model Gateway
          </Typography>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {adminFirst ? (
          <>
            {adminList}
            {teamList}
          </>
        ) : (
          <>
            {teamList}
            {adminList}
          </>
        )}
      </Box>
      <Divider />
      <List dense={dense}>
        <ListItem disablePadding sx={{ display: 'block' }}>
          <ListItemButton
            component="a"
            href={logoutUrl()}
            aria-label={compact ? 'Sign out' : undefined}
            sx={{
              borderRadius: 2,
              mx: 1,
              minHeight: dense ? DENSE_ENTRY_PX : 44,
              justifyContent: compact ? 'center' : 'flex-start',
            }}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
              <LogoutOutlined />
            </ListItemIcon>
            {!compact && <ListItemText primary="Sign out" />}
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
