import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { styled } from '@mui/material/styles';
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

/**
 * A router link in the looks of MUI's `<Link>` (primary colour, underlined at 40 % of it, full on hover). MUI's Link
 * would be the one MUI module every headed page loads for this one link (/team grew 3.4 KB gzipped with it;
 * docs/performance.md, "Bundle budget").
 */
const SubtitleLink = styled(RouterLink)(({ theme }) => ({
  color: (theme.vars ?? theme).palette.primary.main,
  textDecoration: 'underline',
  textDecorationColor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
}));

/** The subtitle with its linked words (if any) as a link to their page. */
function withLink(subtitle: string, link: PageHeading['subtitleLink']): ReactNode {
  const at = link ? subtitle.indexOf(link.text) : -1;
  if (!link || at < 0) return subtitle;
  return (
    <>
      {subtitle.slice(0, at)}
      <SubtitleLink to={link.path}>{link.text}</SubtitleLink>
      {subtitle.slice(at + link.text.length)}
    </>
  );
}
