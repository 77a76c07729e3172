import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import {
  createAppShell,
  DEVTOOLS_META,
  LOGIN_PAGE_FILE,
  preloadScripts,
  withPreloads,
  withStaticShell,
  withScriptsAfterPaint,
  type RouteAssets,
} from '../lib/appShell';
import { NAV_ROUTES, SHELL_VARIANTS, type ShellVariant } from '../../contract/navigation';
import { SHELL_FILE, type ShellFile } from '../../contract/staticShell';
import { createTestContext, type TestContext, type TestUser } from './helpers';

const ASSETS: RouteAssets = {
  entryScripts: ['/assets/runtime.1111111111.js', '/assets/main.2222222222.js'],
  routes: {
    '/login': { guarded: false, scripts: ['/assets/login.3333333333.js'] },
    '/debug': { guarded: false, scripts: ['/assets/debug.3333333333.js'] },
    '/dashboard': { guarded: true, scripts: ['/assets/layout.4444444444.js', '/assets/page-dashboard.5555555555.js'] },
    '/admin/coupons': { guarded: true, scripts: ['/assets/layout.4444444444.js', '/assets/grid.6666666666.js'] },
  },
  aliases: { '/': '/dashboard' },
  notFound: { guarded: true, scripts: ['/assets/layout.4444444444.js', '/assets/page-not-found.7777777777.js'] },
};
const ENTRY = ASSETS.entryScripts;

describe('preloadScripts: the entry bundles, then what the route loads first', () => {
  const cases: [string, boolean, string[]][] = [
    ['/dashboard', true, [...ENTRY, ...ASSETS.routes['/dashboard'].scripts]],
    ['/dashboard/', true, [...ENTRY, ...ASSETS.routes['/dashboard'].scripts]],
    ['/', true, [...ENTRY, ...ASSETS.routes['/dashboard'].scripts]],
    ['/admin/coupons', true, [...ENTRY, ...ASSETS.routes['/admin/coupons'].scripts]],
    // Without a session a guarded page goes to /login, so /login's chunks are the useful ones.
    ['/admin/coupons', false, [...ENTRY, ...ASSETS.routes['/login'].scripts]],
    ['/login', false, [...ENTRY, ...ASSETS.routes['/login'].scripts]],
    ['/no-such-page', true, [...ENTRY, ...ASSETS.notFound.scripts]],
    // Not an own route even though it is an Object.prototype key.
    ['/constructor', true, [...ENTRY, ...ASSETS.notFound.scripts]],
  ];
  for (const [pathname, signedIn, expected] of cases) {
    test(`${pathname} ${signedIn ? 'signed in' : 'signed out'}`, () => {
      assert.deepEqual(preloadScripts(ASSETS, pathname, signedIn), expected);
    });
  }
});

describe('withPreloads', () => {
  test('adds one link per script at the end of <head>, and nothing for a URL that is not a plain script path', () => {
    const html = '<html><head><title>App</title></head><body></body></html>';
    assert.equal(
      withPreloads(html, [
        '/assets/a.1.js',
        '/assets/b.2.js',
        '/x.js"><script>alert(1)</script>',
        'https://e.vil/a.js',
      ]),
      '<html><head><title>App</title><link rel="preload" as="script" href="/assets/a.1.js">' +
        '<link rel="preload" as="script" href="/assets/b.2.js"></head><body></body></html>',
    );
    assert.equal(withPreloads(html, []), html);
  });
});

describe('the server sends index.html with the route preloads of the build and the signed-in user', () => {
  let ctx: TestContext;
  let distDir: string;
  let alice: TestUser;
  // Over the 1 KB under which a page is sent as it is.
  const INDEX = `<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root">${'<p>A paragraph.</p>'.repeat(60)}</div></body></html>`;
  before(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-shell-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(distDir, 'route-assets.json'), JSON.stringify(ASSETS));
    ctx = await createTestContext({ DIST_DIR: distDir });
    alice = await ctx.user('alice');
  });
  after(async () => {
    await ctx.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
  const sessionUser = (html: string) => {
    const json = /<script id="session-user" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  };

  test('a signed-in visitor gets the route’s chunks and the same user /v1/auth/me answers', async () => {
    const signedIn = await page('/admin/coupons?page=2', `jwt=${alice.token}; signed_in=1`);
    assert.equal(signedIn.statusCode, 200);
    assert.equal(signedIn.headers['cache-control'], 'private, no-cache');
    assert.match(String(signedIn.headers.vary), /cookie/);
    assert.match(String(signedIn.headers['content-type']), /text\/html/);
    assert.deepEqual(preloads(signedIn.body), [...ENTRY, ...ASSETS.routes['/admin/coupons'].scripts]);
    const me = await ctx.request('GET', '/v1/auth/me', { as: alice });
    assert.deepEqual(sessionUser(signedIn.body), me.body);
    assert.equal(
      signedIn.body
        .replace(/<link[^>]+>/g, '')
        .replace(/<script id="session-user"[^<]*<\/script>/, '')
        .replace(DEVTOOLS_META, ''),
      INDEX,
    );
  });

  test('no session, or one the server rejects, gets /login’s chunks and no user', async () => {
    for (const cookie of [
      undefined,
      'signed_in=1',
      'jwt=forged; signed_in=1',
      `jwt=${await ctx.token(alice.id, -60)}`,
    ]) {
      const res = await page('/admin/coupons', cookie);
      assert.equal(res.statusCode, 200, String(cookie));
      assert.deepEqual(preloads(res.body), [...ENTRY, ...ASSETS.routes['/login'].scripts], String(cookie));
      assert.equal(sessionUser(res.body), undefined, String(cookie));
    }
  });

  test('the page is sent compressed, br else gzip, when the browser accepts it; none asked or all refused, as it is', async () => {
    const cookie = `jwt=${alice.token}`;
    const withEncoding = (encoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html', cookie, 'accept-encoding': encoding },
      });
    const plain = await page('/dashboard', cookie);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal((await withEncoding('br;q=0, gzip;q=0')).headers['content-encoding'], undefined);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await withEncoding(accept);
      assert.equal(res.statusCode, 200, accept);
      assert.equal(res.headers['content-encoding'], encoding, accept);
      assert.match(String(res.headers.vary), /cookie, accept-encoding/);
      assert.ok(res.rawPayload.length < plain.rawPayload.length / 4, accept);
      assert.equal(decode(res.rawPayload).toString('utf8'), plain.body, accept);
    }
  });

  test('the user is escaped for an inline script', async () => {
    const mallory = await ctx.user('mallory');
    await ctx.db.query('UPDATE users SET name = $1 WHERE id = $2', ['</script><script>alert(1)</script>', mallory.id]);
    const res = await page('/dashboard', `jwt=${mallory.token}`);
    assert.equal(res.body.match(/<script id="session-user"/g)?.length, 1);
    assert.equal(res.body.match(/<\/script>/g)?.length, res.body.match(/<script/g)?.length);
    assert.equal(sessionUser(res.body).name, '</script><script>alert(1)</script>');
  });

  test('the root preloads the dashboard, and a new build is picked up without a restart', async () => {
    const cookie = `jwt=${alice.token}`;
    assert.deepEqual(preloads((await page('/', cookie)).body), [...ENTRY, ...ASSETS.routes['/dashboard'].scripts]);
    const file = path.join(distDir, 'route-assets.json');
    const rebuilt = { ...ASSETS, entryScripts: ['/assets/main.9999999999.js'] };
    fs.writeFileSync(file, JSON.stringify(rebuilt));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    assert.deepEqual(preloads((await page('/login')).body), [
      '/assets/main.9999999999.js',
      ...ASSETS.routes['/login'].scripts,
    ]);
  });
});

/** A shell.json whose frames say which they are: `<nav>variant entry</nav>`, with the name and email stand-ins. */
const SHELL: ShellFile = {
  styles: Object.fromEntries(
    Object.keys(SHELL_VARIANTS).map((variant) => [variant, `<style>.${variant}{}</style>`]),
  ) as ShellFile['styles'],
  colorScheme: '<script>/*scheme*/</script>',
  tokens: { name: '{{n}}', email: '{{e}}', page: '{{p}}' },
  frames: Object.fromEntries(
    (Object.keys(SHELL_VARIANTS) as ShellVariant[]).map((variant) => [
      variant,
      Object.fromEntries(
        ['', ...NAV_ROUTES.map((route) => route.path)].map((entry) => [
          entry,
          `<nav>${variant} ${entry || '-'}</nav><b>{{n}}</b><i>{{e}}</i><u>{{p}}</u>`,
        ]),
      ),
    ]),
  ) as ShellFile['frames'],
  // What stands where the page will be: a heading for two pages (as the build draws for the route table's), a ring
  // for any other.
  pages: Object.fromEntries(
    (Object.keys(SHELL_VARIANTS) as ShellVariant[]).map((variant) => [
      variant,
      { '': 'ring', '/billing': 'heading /billing', '/admin/teams': 'heading /admin/teams' } as Record<string, string>,
    ]),
  ) as ShellFile['pages'],
};
const frameOf = (html: string) => /<div id="static-shell"><nav>([^<]*)<\/nav>/.exec(html)?.[1] ?? null;
const pageOf = (html: string) => /<div id="static-shell">.*<u>([^<]*)<\/u>/.exec(html)?.[1] ?? null;

describe('withStaticShell: the frame of the user’s sidebar, the page’s entry highlighted, before the app’s root', () => {
  const INDEX =
    '<html><head><title>App</title></head><body><div id="root"><div class="boot"></div></div></body></html>';
  const member = { name: 'Alice', email: 'alice@example.com', is_admin: false, team_role: 'member', team_id: 't1' };
  const cases: [string, object, string | null][] = [
    ['/dashboard', member, 'member /dashboard'],
    ['/api-keys/create', member, 'member /api-keys'],
    ['/usage-reports/requests', member, 'member /usage-reports/requests'],
    ['/usage-reports', member, 'member /usage-reports'],
    ['/admin/teams/team-1', { ...member, is_admin: true }, 'admin /admin/teams'],
    ['/admin', { ...member, is_admin: true, team_id: null, team_role: null }, 'admin-teamless /admin'],
    ['/audit-log', { ...member, team_role: 'owner' }, 'owner /audit-log'],
    // The root (it redirects) and a path no entry matches: no entry highlighted.
    ['/', member, 'member -'],
    ['/no-such-page', member, 'member -'],
  ];
  for (const [pathname, user, frame] of cases) {
    test(`${pathname} as ${JSON.stringify(user)}`, () => {
      const html = withStaticShell(INDEX, SHELL, pathname, user);
      assert.equal(frameOf(html), frame);
      // Styles in the head; the scheme's script, then the frame, right before the root.
      assert.match(html, new RegExp(`<style>\\.${frame!.split(' ')[0]}\\{\\}</style></head>`));
      assert.match(
        html,
        /<script>\/\*scheme\*\/<\/script><div id="static-shell">.*<\/div><div id="root"><div class="boot">/,
      );
    });
  }

  test('the name and email are escaped; no name is "Guest" and no email empty, as the app’s top bar shows them', () => {
    const html = withStaticShell(INDEX, SHELL, '/dashboard', {
      ...member,
      name: '<img src=x onerror=alert(1)>$&',
      email: '"a"@b.c',
    });
    assert.match(html, /<b>&lt;img src=x onerror=alert\(1\)&gt;\$&amp;<\/b><i>&quot;a&quot;@b\.c<\/i>/);
    assert.match(
      withStaticShell(INDEX, SHELL, '/dashboard', { ...member, name: '', email: null }),
      /<b>Guest<\/b><i><\/i>/,
    );
  });

  test('the page’s heading on the route’s own path only; a loading ring anywhere else', () => {
    const admin = { ...member, is_admin: true };
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/billing', member)), 'heading /billing');
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/admin/teams', admin)), 'heading /admin/teams');
    // A team's page below /admin/teams keeps the entry highlighted, but its heading is the team's own.
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/admin/teams/team-1', admin)), 'ring');
    assert.equal(frameOf(withStaticShell(INDEX, SHELL, '/admin/teams/team-1', admin)), 'admin /admin/teams');
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/dashboard', member)), 'ring');
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/no-such-page', member)), 'ring');
    // The app route the server resolved, when given: a trailing slash renders the same page.
    assert.equal(pageOf(withStaticShell(INDEX, SHELL, '/billing/', member, '/billing')), 'heading /billing');
  });

  test('a shell.json from an older build (its frames with the ring, no pages) is sent as it is', () => {
    const older: ShellFile = {
      ...SHELL,
      tokens: { name: '{{n}}', email: '{{e}}' },
      frames: { ...SHELL.frames, member: { '/billing': '<nav>member /billing</nav><b>{{n}}</b><u>ring</u>' } },
      pages: undefined,
    };
    const html = withStaticShell(INDEX, older, '/billing', member);
    assert.equal(frameOf(html), 'member /billing');
    assert.equal(pageOf(html), 'ring');
  });

  test('a page without a root to put it before is left as it is', () => {
    const bare = '<html><head></head><body><main></main></body></html>';
    assert.equal(withStaticShell(bare, SHELL, '/dashboard', member), bare);
  });
});

describe('withScriptsAfterPaint: the bundles start once the page has painted', () => {
  const SCRIPTS = ['/assets/runtime.1.js', '/assets/vendor.2.js', '/assets/main.3.js'];
  const tags = SCRIPTS.map((url) => `<script defer="defer" src="${url}"></script>`).join('');
  const INDEX = `<html><head>${tags}</head><body><div id="root"></div></body></html>`;

  test('the deferred tags become one loader at the end of the body, which adds them in order', () => {
    const html = withScriptsAfterPaint(INDEX, SCRIPTS);
    assert.doesNotMatch(html, /<script defer/);
    const loader = /<script>(\(function\(urls\)[\s\S]*?)<\/script><\/body>/.exec(html)?.[1];
    assert.ok(loader, html);
    // Run it against a stand-in document: nothing before the first contentful paint, every bundle once after it.
    const added: { src: string; async: boolean }[] = [];
    let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | null = null;
    const timers: (() => void)[] = [];
    const run = new Function('document', 'PerformanceObserver', 'setTimeout', loader);
    run(
      {
        createElement: () => ({ src: '', async: true }),
        body: { appendChild: (element: { src: string; async: boolean }) => added.push({ ...element }) },
      },
      class {
        constructor(callback: typeof observer) {
          observer = callback;
        }
        observe(options: object) {
          assert.deepEqual(options, { type: 'paint', buffered: true });
        }
      },
      (callback: () => void) => timers.push(callback),
    );
    assert.deepEqual(added, []);
    observer!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [] : [{}]) });
    assert.deepEqual(added, [], 'the first paint is not yet the content');
    observer!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    assert.deepEqual(
      added,
      SCRIPTS.map((src) => ({ src, async: false })),
    );
    // The bound (a tab opened in the background paints nothing) does not add them again.
    timers.forEach((timer) => timer());
    assert.equal(added.length, 3);
  });

  test('without a paint the bound starts them; without PerformanceObserver they start at once', () => {
    const loader = /<script>(\(function\(urls\)[\s\S]*?)<\/script><\/body>/.exec(
      withScriptsAfterPaint(INDEX, SCRIPTS),
    )![1];
    const document = (added: string[]) => ({
      createElement: () => ({ src: '' }),
      body: { appendChild: (element: { src: string }) => added.push(element.src) },
    });
    const bounded: string[] = [];
    const timers: (() => void)[] = [];
    new Function('document', 'PerformanceObserver', 'setTimeout', loader)(
      document(bounded),
      class {
        observe() {}
      },
      (callback: () => void) => timers.push(callback),
    );
    assert.deepEqual(bounded, []);
    timers.forEach((timer) => timer());
    assert.deepEqual(bounded, SCRIPTS);
    const old: string[] = [];
    new Function('document', 'PerformanceObserver', 'setTimeout', loader)(document(old), undefined, () => undefined);
    assert.deepEqual(old, SCRIPTS);
  });

  test('a page without exactly those tags, or with no body, is left as it is', () => {
    assert.equal(withScriptsAfterPaint(INDEX, [...SCRIPTS, '/assets/other.4.js']), INDEX);
    assert.equal(withScriptsAfterPaint(INDEX, []), INDEX);
    const bodiless = `<html><head>${tags}</head></html>`;
    assert.equal(withScriptsAfterPaint(bodiless, SCRIPTS), bodiless);
  });
});

describe('a signed-in page is sent with the frame the build drew (dist/shell.json)', () => {
  let ctx: TestContext;
  let distDir: string;
  let alice: TestUser;
  let admin: TestUser;
  before(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-static-shell-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(distDir, 'route-assets.json'), JSON.stringify(ASSETS));
    fs.writeFileSync(path.join(distDir, SHELL_FILE), JSON.stringify(SHELL));
    ctx = await createTestContext({ DIST_DIR: distDir });
    alice = await ctx.user('alice');
    await ctx.team(alice);
    admin = await ctx.user('admin');
  });
  after(async () => {
    await ctx.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  test('the session’s own sidebar, filled in with its user, on every page inside the layout', async () => {
    const owner = await page('/api-keys/create', `jwt=${alice.token}`);
    assert.equal(frameOf(owner.body), 'owner /api-keys');
    assert.match(owner.body, /<b>alice<\/b><i>alice@example\.com<\/i>/);
    assert.equal(frameOf((await page('/admin/coupons', `jwt=${admin.token}`)).body), 'admin-teamless /admin/coupons');
    assert.equal(frameOf((await page('/no-such-page', `jwt=${alice.token}`)).body), 'owner -');
  });

  test('the heading of the route the path renders, a trailing slash included', async () => {
    assert.equal(pageOf((await page('/billing/', `jwt=${alice.token}`)).body), 'heading /billing');
    assert.equal(pageOf((await page('/billing?tab=1', `jwt=${alice.token}`)).body), 'heading /billing');
    assert.equal(pageOf((await page('/api-keys/create', `jwt=${alice.token}`)).body), 'ring');
  });

  test('none outside the layout (/login, /debug) or without a session', async () => {
    assert.equal(frameOf((await page('/login', `jwt=${alice.token}`)).body), null);
    assert.equal(frameOf((await page('/debug', `jwt=${alice.token}`)).body), null);
    assert.equal(frameOf((await page('/debug')).body), null);
    assert.equal(frameOf((await page('/login')).body), null);
  });
});

describe('/login without a session is the page the build rendered (dist/login.html), with no app bundles', () => {
  let ctx: TestContext;
  let distDir: string;
  let alice: TestUser;
  const LOGIN = '<!doctype html><html><head><title>Sign in</title></head><body><main>Welcome</main></body></html>';
  before(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-login-page-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(distDir, LOGIN_PAGE_FILE), LOGIN);
    fs.writeFileSync(path.join(distDir, 'route-assets.json'), JSON.stringify(ASSETS));
    ctx = await createTestContext({ DIST_DIR: distDir });
    alice = await ctx.user('alice');
  });
  after(async () => {
    await ctx.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  test('no session, or one the server rejects: the rendered page, whatever the query', async () => {
    for (const [url, cookie] of [
      ['/login', undefined],
      ['/login/', undefined],
      ['/login?error=account_disabled', undefined],
      ['/login', 'signed_in=1'],
      ['/login', `jwt=${await ctx.token(alice.id, -60)}`],
    ] as const) {
      const res = await page(url, cookie);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, LOGIN, `${url} ${cookie}`);
      assert.equal(res.headers['cache-control'], 'private, no-cache');
    }
  });

  test('a session gets the app, whose /login sends it on', async () => {
    const signedIn = await page('/login', `jwt=${alice.token}`);
    assert.notEqual(signedIn.body, LOGIN);
    assert.match(signedIn.body, /<script id="session-user"/);
    const dashboard = await page('/dashboard', `jwt=${alice.token}`);
    assert.equal(dashboard.statusCode, 200);
    assert.match(dashboard.body, /<script id="session-user"/);
  });

  test('a guarded page (an unknown one too) without a session redirects to /login, as the app would', async () => {
    for (const [url, cookie] of [
      ['/', undefined],
      ['/dashboard', undefined],
      ['/admin/coupons?page=2', 'signed_in=1'],
      ['/no-such-page', `jwt=${await ctx.token(alice.id, -60)}`],
    ] as const) {
      const res = await page(url, cookie);
      assert.equal(res.statusCode, 302, url);
      assert.equal(res.headers.location, '/login', url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
  });

  test('a new build’s page is picked up without a restart', async () => {
    const file = path.join(distDir, LOGIN_PAGE_FILE);
    const rebuilt = LOGIN.replace('Welcome', 'Welcome back');
    fs.writeFileSync(file, rebuilt);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    assert.equal((await page('/login')).body, rebuilt);
  });
});

describe('the server sends the answers to the page’s first queries with it (lib/pageData.ts)', () => {
  let ctx: TestContext;
  let distDir: string;
  let alice: TestUser;
  let admin: TestUser;
  before(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-page-data-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(distDir, 'route-assets.json'), JSON.stringify(ASSETS));
    ctx = await createTestContext({ DIST_DIR: distDir });
    alice = await ctx.user('alice');
    admin = await ctx.user('admin');
    await ctx.team(alice, 'Acme', 50_00);
  });
  after(async () => {
    await ctx.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  const pageData = async (url: string, user?: TestUser) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(user ? { cookie: `jwt=${user.token}` } : {}) },
    });
    assert.equal(res.statusCode, 200);
    const json = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    return json === undefined
      ? undefined
      : (JSON.parse(json).queries as { endpoint: string; arg: unknown; path: string; body: unknown }[]);
  };

  test('/billing carries the team dashboard, then the team’s balance, credit and payment histories and billing details, as the API answers them, and the bell’s notifications', async () => {
    const queries = await pageData('/billing', alice);
    assert.deepEqual(queries?.map((query) => query.endpoint).sort(), [
      'getBillingDetails',
      'getCreditBalance',
      'getCreditHistory',
      'getNotifications',
      'getPaymentHistory',
      'getTeamDashboard',
    ]);
    for (const query of queries!) {
      const answer = await ctx.request('GET', query.path, { as: alice });
      assert.equal(answer.status, 200, query.path);
      assert.deepEqual(query.body, answer.body, query.path);
    }
    const teamId = (queries!.find((query) => query.endpoint === 'getTeamDashboard')!.body as { team: { id: string } })
      .team.id;
    assert.deepEqual(queries!.find((query) => query.endpoint === 'getCreditHistory')?.arg, { teamId, limit: 10 });
  });

  test('a query the user may not make is left out, as is everything without a session or a plan', async () => {
    // Lists the grids page through in the browser are never planned (contract/firstQueries.ts).
    assert.equal(await pageData('/admin/coupons', admin), undefined);
    assert.equal(await pageData('/api-keys', alice), undefined);
    assert.equal(await pageData('/billing'), undefined);
    assert.equal(await pageData('/login', alice), undefined);
    assert.equal(await pageData('/no-such-page', alice), undefined);
  });

  test("a name with replacement patterns ($& $' $`) reaches the page as it is", async () => {
    const dollar = await ctx.user('dollar');
    const name = "Cash $& $' $` Co";
    await ctx.db.query('UPDATE users SET name = $1 WHERE id = $2', [name, dollar.id]);
    await ctx.team(dollar, name);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/billing',
      headers: { accept: 'text/html', cookie: `jwt=${dollar.token}` },
    });
    const user = /<script id="session-user" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    assert.equal(JSON.parse(user!).name, name);
    const queries = (await pageData('/billing', dollar))!;
    const dashboard = queries.find((query) => query.endpoint === 'getTeamDashboard')!.body as {
      team: { name: string };
    };
    assert.equal(dashboard.team.name, name);
    assert.equal(res.body.match(/<\/head>/g)?.length, 1);
  });

  test('the answers are escaped for an inline script', async () => {
    const mallory = await ctx.user('mallory');
    await ctx.team(mallory, '</script><script>alert(1)</script>');
    const queries = (await pageData('/billing', mallory))!;
    const dashboard = queries.find((query) => query.endpoint === 'getTeamDashboard')!.body as {
      team: { name: string };
    };
    assert.equal(dashboard.team.name, '</script><script>alert(1)</script>');
  });
});

describe('the Redux DevTools: on in demo mode, off in production unless REDUX_DEVTOOLS says so', () => {
  test('the page carries the meta tag the app reads only when they are on', () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-devtools-'));
    try {
      fs.writeFileSync(path.join(distDir, 'index.html'), '<html><head><title>App</title></head><body></body></html>');
      fs.writeFileSync(path.join(distDir, 'route-assets.json'), JSON.stringify(ASSETS));
      assert.ok(createAppShell(distDir, { devTools: true }).render('/login', null)?.includes(DEVTOOLS_META));
      assert.ok(!createAppShell(distDir, { devTools: false }).render('/login', null)?.includes(DEVTOOLS_META));
    } finally {
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});
