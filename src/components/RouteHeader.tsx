import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { pageHeading, type HeadedPath, type PageHeading } from '../../contract/routes';
import { BackToAdminLink } from './admin/BackToAdminLink';
import { PageHeader } from './PageHeader';

/**
 * The heading of a page whose title and subtitle the route table gives (contract/routes.ts): the build draws the same
 * component into the frame the server sends before the app has started (src/app/prerenderShell.tsx), so the app's
 * heading stands exactly where the frame's was painted (docs/performance.md, "The signed-in shell"). `admin`: the
 * signed-in user is an administrator (the subtitle some pages give them).
 */
export function RouteHeader({
  path,
  actions,
  admin = false,
}: {
  path: HeadedPath;
  actions?: ReactNode;
  admin?: boolean;
}) {
  const heading = pageHeading(path);
  if (!heading) return null;
  const subtitle = admin && heading.adminSubtitle ? heading.adminSubtitle : heading.subtitle;
  return (
    <>
      {heading.backToAdmin && <BackToAdminLink />}
      <PageHeader title={heading.title} subtitle={withLink(subtitle, heading.subtitleLink)} actions={actions} />
    </>
  );
}

/** The subtitle with its linked words (if any) as a link to their page. */
function withLink(subtitle: string, link: PageHeading['subtitleLink']): ReactNode {
  const at = link ? subtitle.indexOf(link.text) : -1;
  if (!link || at < 0) return subtitle;
  return (
    <>
      {subtitle.slice(0, at)}
      <Link component={RouterLink} to={link.path}>
        {link.text}
      </Link>
      {subtitle.slice(at + link.text.length)}
    </>
  );
}
