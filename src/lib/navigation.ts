import type { NavMatch } from '../../contract/routes';

// Which sidebar entry is highlighted; each entry's rule is in its route (contract/routes.ts).

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
