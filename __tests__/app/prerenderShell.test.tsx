import { NAV_ROUTES, SHELL_VARIANTS, type ShellVariant } from '../../contract/navigation';
import { pageHeading } from '../../contract/routes';
import { prerenderShells } from '../../src/app/prerenderShell';

// The build's frames of the signed-in pages (dist/shell.json). Their styles are checked by the build itself
// (scripts/prerender-pages.mts): with a document, as here, emotion writes styles into it instead of the markup.
describe('the frames the build draws (dist/shell.json)', () => {
  const shell = prerenderShells();
  const links = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)].map((match) => match[0]);
  const hrefOf = (tag: string) => /href="([^"]*)"/.exec(tag)![1];
  const SHOWN: Record<ShellVariant, string[]> = {
    member: [
      '/dashboard',
      '/api-keys',
      '/models',
      '/playground',
      '/team',
      '/usage-reports',
      '/usage-reports/requests',
      '/billing',
    ],
    owner: [],
    admin: [],
    'admin-teamless': [],
  };
  SHOWN.owner = [...SHOWN.member, '/audit-log'];
  SHOWN.admin = [
    ...SHOWN.owner,
    ...NAV_ROUTES.filter((route) => route.nav.section === 'admin').map((route) => route.path),
  ];
  SHOWN['admin-teamless'] = SHOWN.admin;

  it.each(Object.keys(SHELL_VARIANTS) as ShellVariant[])(
    '%s: a frame per entry it shows, that entry highlighted',
    (variant) => {
      expect(Object.keys(shell.frames[variant]).sort()).toEqual(['', ...SHOWN[variant]].sort());
      for (const [entry, html] of Object.entries(shell.frames[variant])) {
        // The home link and the sidebar's entries.
        expect(links(html).map(hrefOf).sort()).toEqual(['/', ...SHOWN[variant]].sort());
        const current = links(html).filter((tag) => tag.includes('aria-current="page"'));
        expect(current.map(hrefOf)).toEqual(entry ? [entry] : []);
        // The name, email and page for the server to fill in; no ids or test ids, which the app's own frame has.
        expect(html).toContain(shell.tokens.name);
        expect(html).toContain(shell.tokens.email);
        expect(html).toContain(shell.tokens.page);
        expect(html).not.toMatch(/ (id|data-testid)="/);
        // The sidebar and the top bar cannot be used or read out before the app has started.
        expect(html.match(/inert="" aria-hidden="true"/g)).toHaveLength(2);
      }
    },
  );

  it.each(Object.keys(SHELL_VARIANTS) as ShellVariant[])(
    '%s: the heading of each page it shows that the route table gives one, and a loading ring',
    (variant) => {
      const pages = shell.pages![variant];
      const headed = SHOWN[variant].filter((path) => pageHeading(path));
      // Every menu page but the dashboard (its greeting names the user and the time of day) starts with a heading
      // from the table.
      expect(SHOWN[variant].filter((path) => !pageHeading(path))).toEqual(['/dashboard']);
      expect(Object.keys(pages).sort()).toEqual(['', ...headed].sort());
      const ring = /<svg[^>]* role="progressbar" aria-label="Loading"/;
      expect(pages['']).toMatch(ring);
      expect(pages['']).not.toContain('<h1');
      for (const path of headed) {
        const { title, subtitle: teams, adminSubtitle, backToAdmin, subtitleLink } = pageHeading(path)!;
        // An administrator reads the subtitle the page gives them (the audit log's: every team's changes).
        const subtitle = SHELL_VARIANTS[variant].isAdmin && adminSubtitle ? adminSubtitle : teams;
        // The words of a subtitle's link read as the rest of it.
        const text = (html: string) =>
          html
            .replace(/<a [^>]*>|<\/a>/g, '')
            .replace(/&#x27;/g, "'")
            .replace(/&amp;/g, '&');
        expect(text(pages[path])).toContain(`>${title}</h1>`);
        expect(text(pages[path])).toContain(`>${subtitle}</p>`);
        expect(pages[path]).toMatch(ring);
        // The way back to the admin dashboard above an administrator's page, as the page draws it, and the
        // subtitle's link (the request log's to Usage Reports).
        expect(links(pages[path]).map(hrefOf)).toEqual([
          ...(backToAdmin ? ['/admin'] : []),
          ...(subtitleLink ? [subtitleLink.path] : []),
        ]);
      }
    },
  );

  it('has the scheme script', () => {
    expect(shell.colorScheme).toMatch(/^<script/);
  });
});
