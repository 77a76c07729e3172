import { render, screen } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { RouteErrorPage } from '../../src/pages/not-found/RouteErrorPage';
import { STATIC_SHELL_ID } from '../../contract/staticShell';
import { NAV_ROUTES, SHELL_VARIANTS, type ShellVariant } from '../../contract/navigation';
import { prerenderShells } from '../../src/app/prerenderShell';

// The frame the server draws in front of the app for a signed-in page (contract/staticShell.ts): it stays while the
// app is loading (its root hidden meanwhile) and goes as the app draws its own screen, whichever that is.
function serveFrame() {
  const frame = document.createElement('div');
  frame.id = STATIC_SHELL_ID;
  frame.textContent = 'the server’s frame';
  document.body.prepend(frame);
}
const frame = () => document.getElementById(STATIC_SHELL_ID);

afterEach(() => frame()?.remove());

describe('the frame sent with a signed-in page', () => {
  it('stays while the page loads and goes when the layout draws its own', async () => {
    serveFrame();
    renderRoute('/dashboard');
    expect(frame()).not.toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  }, 20_000);

  it('goes when the app shows a page outside the layout instead (a session that ended since: /login)', async () => {
    fakeDb.signInAs(null);
    serveFrame();
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Login with GitHub' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  });

  it('goes when the route fails to load', () => {
    serveFrame();
    render(<RouteErrorPage error={new Error('Loading chunk 7 failed.')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  });
});

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

  it('carries its styles once, the rule that hides the app’s root while it is there, and the scheme script', () => {
    expect(shell.styles).toContain(`#${STATIC_SHELL_ID} ~ #root{display:none}`);
    const tags = shell.styles.match(/<style data-emotion="[^"]*">/g) ?? [];
    expect(new Set(tags).size).toBe(tags.length);
    expect(shell.colorScheme).toMatch(/^<script/);
  });
});
