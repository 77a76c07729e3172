import { PAGE_ROUTES, type NavEntry, type NavMatch } from './routes';

// Which sidebar entry is highlighted (docs/rules.md#layout-and-timings); each entry's rule is in its route
// (contract/routes.ts). API Keys is active on any path starting with /api-keys (so /api-keys/create too); the admin
// dashboard only on /admin itself, since pricing and coupons have their own entries, and Usage Reports only on
// /usage-reports itself, since its request log has one; the others on their own path and anything below it. Here,
// not in the app, because the server draws the sidebar too, before the app has started (docs/performance.md, "The
// signed-in shell").

export function isNavActive(pathname: string, to: string, match: NavMatch): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (match) {
    case 'startsWith':
      return path.startsWith(to);
    case 'exact':
      return path === to;
    case 'section':
      return path === to || path.startsWith(`${to}/`);
  }
}

/** The sidebar's entries: each route with a `nav`, in the routes' order. */
export const NAV_ROUTES = (PAGE_ROUTES as readonly { path: string; nav?: NavEntry }[]).filter(
  (route): route is { path: string; nav: NavEntry } => route.nav !== undefined,
);

/** The path of the sidebar entry highlighted at `pathname`, or null when none is (the root, an unknown path). */
export function activeNavPath(pathname: string): string | null {
  return NAV_ROUTES.find((route) => isNavActive(pathname, route.path, route.nav.match))?.path ?? null;
}

/** What of the signed-in user the sidebar's entries depend on. */
export interface SidebarUser {
  is_admin?: boolean;
  team_role?: string | null;
  team_id?: string | null;
}

export interface SidebarFlags {
  isAdmin: boolean;
  /** The user owns their team: owners' entries (the audit log) show. */
  isOwner: boolean;
  /** The admin list above the team's: an administrator without a team works there (landingPath). */
  adminFirst: boolean;
}

/** The sidebar's flags for `user` (none while the user is not known yet). */
export function sidebarFlags(user: SidebarUser | undefined): SidebarFlags {
  const isAdmin = Boolean(user?.is_admin);
  return { isAdmin, isOwner: user?.team_role === 'owner', adminFirst: isAdmin && user?.team_id === null };
}

/** Whether a sidebar with `flags` shows the entry: the admin list to administrators, owners' entries to owners too. */
export function navShown(
  nav: { section: NavEntry['section']; ownersAndAdmins?: boolean },
  flags: SidebarFlags,
): boolean {
  if (nav.section === 'admin') return flags.isAdmin;
  return !nav.ownersAndAdmins || flags.isAdmin || flags.isOwner;
}

/**
 * The sidebars there are: a member's, an owner's (with the audit log), an administrator's (both lists, dense) and a
 * teamless administrator's (the admin list first). The build draws each (src/app/prerenderShell.tsx); the server sends
 * the signed-in user's (server/lib/appShell.ts).
 */
export const SHELL_VARIANTS = {
  member: { isAdmin: false, isOwner: false, adminFirst: false },
  owner: { isAdmin: false, isOwner: true, adminFirst: false },
  admin: { isAdmin: true, isOwner: false, adminFirst: false },
  'admin-teamless': { isAdmin: true, isOwner: false, adminFirst: true },
} as const satisfies Record<string, SidebarFlags>;
export type ShellVariant = keyof typeof SHELL_VARIANTS;

/** Which of the sidebars `user` sees (an administrator sees the owners' entries whether or not they own a team). */
export function shellVariant(user: SidebarUser): ShellVariant {
  const { isAdmin, isOwner, adminFirst } = sidebarFlags(user);
  if (adminFirst) return 'admin-teamless';
  if (isAdmin) return 'admin';
  return isOwner ? 'owner' : 'member';
}
