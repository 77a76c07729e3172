import { NAV_ROUTES, SHELL_VARIANTS, type ShellVariant } from '../../contract/navigation';
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
        // The name and email for the server to fill in; no ids or test ids, which the app's own frame has.
        expect(html).toContain(shell.tokens.name);
        expect(html).toContain(shell.tokens.email);
        expect(html).not.toMatch(/ (id|data-testid)="/);
        // The sidebar and the top bar cannot be used or read out before the app has started.
        expect(html.match(/inert="" aria-hidden="true"/g)).toHaveLength(2);
      }
    },
  );

  it('has the scheme script', () => {
    expect(shell.colorScheme).toMatch(/^<script/);
  });
});
