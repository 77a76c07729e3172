import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml, scriptJson } from './html';
import { activeNavPath, shellVariant, type SidebarUser } from '../../contract/navigation';
import { SHELL_FILE, STATIC_SHELL_ID, type ShellFile } from '../../contract/staticShell';

/** dist/route-assets.json, written by build/RouteAssetsPlugin.js. */
export interface RouteAssets {
  /** The bundles index.html itself loads (runtime, vendor, main), in order. */
  entryScripts: string[];
  routes: Record<string, RouteEntry>;
  /** Paths that only redirect, to the route whose chunks they end up loading ('/' -> '/dashboard'). */
  aliases: Record<string, string>;
  notFound: RouteEntry;
}
interface RouteEntry {
  guarded: boolean;
  scripts: string[];
}

/** The app route a path renders: without trailing slashes, and a redirecting path ('/') as where it lands. */
export function routeOf(assets: Pick<RouteAssets, 'aliases'>, pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return assets.aliases[trimmed] ?? trimmed;
}

/**
 * The scripts a first visit of `pathname` loads. A guarded route without a session goes to /login, so it gets
 * /login's scripts; anything unknown renders the not-found page.
 */
export function preloadScripts(assets: RouteAssets, pathname: string, signedIn: boolean): string[] {
  const route = routeOf(assets, pathname);
  const entry = Object.hasOwn(assets.routes, route) ? assets.routes[route] : assets.notFound;
  const routeScripts = entry.guarded && !signedIn ? (assets.routes['/login']?.scripts ?? []) : entry.scripts;
  // The entry bundles first: they must run before anything renders, and a preload outranks their deferred tags.
  return [...(assets.entryScripts ?? []), ...routeScripts];
}

/** dist/login.html: /login rendered at build time (src/pages/login/prerenderLogin.tsx). */
export const LOGIN_PAGE_FILE = 'login.html';
const LOGIN_ROUTE = '/login';

const SAFE_URL = /^\/[\w./-]+\.js$/;

/**
 * `html` with `tags` at the end of its <head> (as it is without tags or without a head). A replacer function, not a
 * replacement string: in a string, `$&`, `$'` and `` $` `` in a user's or team's name would splice in parts of the page.
 */
function beforeHeadEnd(html: string, tags: string): string {
  return tags && html.includes('</head>') ? html.replace('</head>', () => `${tags}</head>`) : html;
}

/**
 * The signed-in user, as /v1/auth/me would answer, in a JSON script the app reads instead of making that call
 * (src/store/bootSession.ts): the first screen no longer waits a round trip for it.
 */
export function withSessionUser(html: string, user: unknown): string {
  return beforeHeadEnd(html, `<script id="session-user" type="application/json">${scriptJson(user)}</script>`);
}

/**
 * The answers to the page's first queries (server/lib/pageData.ts), in a JSON script the app loads into its cache
 * before its first render (src/store/pageData.ts).
 */
export function withPageData(html: string, answers: readonly object[]): string {
  if (answers.length === 0) return html;
  return beforeHeadEnd(
    html,
    `<script id="page-data" type="application/json">${scriptJson({ queries: answers })}</script>`,
  );
}

/**
 * `html` with the signed-in frame in front of the app's root: `user`'s sidebar with the entry of `pathname`
 * highlighted, the top bar with the user's name and email, and where the page will be, the page's heading when the
 * route table gives one for `route` (the app route `pathname` renders) and a loading ring. It paints before any of the
 * app's scripts have run; the app hides its root while the frame is there and removes the frame when it draws its own
 * (docs/performance.md, "The signed-in shell"). Unchanged when the page has no root to put it before.
 */
export function withStaticShell(
  html: string,
  shell: ShellFile,
  pathname: string,
  user: SidebarUser & { name?: unknown; email?: unknown },
  route: string = pathname,
): string {
  const variant = shellVariant(user);
  const frames = shell.frames[variant];
  const frame = frames?.[activeNavPath(pathname) ?? ''] ?? frames?.[''];
  if (!frame || !html.includes('<div id="root">')) return html;
  const { name, email } = user;
  // Only the route's own path has its heading: a page below it (a team of /admin/teams) has one of its own.
  const pages = shell.pages?.[variant];
  const page = pages && Object.hasOwn(pages, route) ? pages[route] : (pages?.[''] ?? '');
  const named = frame
    .replace(shell.tokens.name, () => escapeHtml(typeof name === 'string' && name ? name : 'Guest'))
    .replace(shell.tokens.email, () => escapeHtml(typeof email === 'string' ? email : ''));
  const filled = shell.tokens.page ? named.replace(shell.tokens.page, () => page) : named;
  return beforeHeadEnd(html, shell.styles[variant]).replace(
    '<div id="root">',
    () => `${shell.colorScheme}<div id="${STATIC_SHELL_ID}">${filled}</div><div id="root">`,
  );
}

/**
 * The page's bundles started once the browser has painted its content (the frame and the page's heading), not as soon
 * as they have arrived: with the page's HTML small and the bundles preloaded, a fast connection has them before the
 * first layout ends, and the browser then ran them ahead of that paint, so what painted first was held up by the app's
 * start-up (largest contentful paint; docs/performance.md, "The signed-in shell"). The deferred tags of `scripts`
 * become one inline script at the end of <body> that adds them, in order, at the first contentful paint (or after
 * 300 ms, whichever comes first: a tab opened in the background paints nothing). The preloads keep them downloading
 * meanwhile. `html` is unchanged when it does not have exactly those tags.
 */
export function withScriptsAfterPaint(html: string, scripts: string[]): string {
  const tags = scripts.map((url) => `<script defer="defer" src="${url}"></script>`);
  if (scripts.length === 0 || !scripts.every((url) => SAFE_URL.test(url)) || !html.includes('</body>')) return html;
  if (tags.some((tag) => !html.includes(tag))) return html;
  const without = tags.reduce((page, tag) => page.replace(tag, () => ''), html);
  const loader =
    `<script>(function(urls){var started=false;function start(){if(started)return;started=true;` +
    `urls.forEach(function(url){var s=document.createElement('script');s.src=url;s.async=false;document.body.appendChild(s)})}` +
    `try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()})` +
    `.observe({type:'paint',buffered:true})}catch(e){start()}setTimeout(start,300)})(${scriptJson(scripts)})</script>`;
  return without.replace('</body>', () => `${loader}</body>`);
}

/** The tag that tells the app to connect to the Redux DevTools (src/store/devTools.ts reads it). */
export const DEVTOOLS_META = '<meta name="redux-devtools" content="on">';

/** index.html with a preload link per script, at the end of <head> so the page's own tags come first. */
export function withPreloads(html: string, scripts: string[]): string {
  const links = scripts
    .filter((url) => SAFE_URL.test(url))
    .map((url) => `<link rel="preload" as="script" href="${url}">`)
    .join('');
  return beforeHeadEnd(html, links);
}

/**
 * Serves index.html per path with its route's chunks preloaded, so they download alongside the main bundle rather
 * than after it has run, and with the signed-in user, so the app need not ask for it: two network round trips fewer
 * before a page can render on a phone. Both files are read again when they
 * change on disk (a rebuild); without route-assets.json (an older build) the page is served as it is.
 */
export function createAppShell(distDir: string, options: { devTools: boolean } = { devTools: false }) {
  let cached: {
    version: string;
    html: string;
    loginHtml: string | null;
    assets: RouteAssets | null;
    shell: ShellFile | null;
  } | null = null;

  function load() {
    const htmlFile = path.join(distDir, 'index.html');
    const loginFile = path.join(distDir, LOGIN_PAGE_FILE);
    const assetsFile = path.join(distDir, 'route-assets.json');
    const shellFile = path.join(distDir, SHELL_FILE);
    const stamp = (file: string) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}` : '-';
    };
    const version = `${stamp(htmlFile)}|${stamp(loginFile)}|${stamp(assetsFile)}|${stamp(shellFile)}`;
    if (cached?.version !== version) {
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
      const assetsJson = read(assetsFile);
      const shellJson = read(shellFile);
      cached = {
        version,
        html: fs.readFileSync(htmlFile, 'utf8'),
        loginHtml: read(loginFile),
        assets: assetsJson === null ? null : (JSON.parse(assetsJson) as RouteAssets),
        shell: shellJson === null ? null : (JSON.parse(shellJson) as ShellFile),
      };
    }
    return cached;
  }

  return {
    /**
     * The page for `pathname`, with the signed-in user and the answers to the page's first queries when there is one;
     * null when the build has no route manifest (an older build), which is then served as it is.
     */
    render(pathname: string, user: object | null, answers: readonly object[] = []): string | null {
      const { html, loginHtml, assets, shell } = load();
      if (!assets) return null;
      // Without a session, /login is the page the build rendered: it paints without the app's bundles. With one, the
      // app loads and its /login route sends the visitor on to /dashboard.
      if (!user && loginHtml !== null && routeOf(assets, pathname) === LOGIN_ROUTE) return loginHtml;
      const page = beforeHeadEnd(
        withPreloads(html, preloadScripts(assets, pathname, user !== null)),
        options.devTools ? DEVTOOLS_META : '',
      );
      if (!user) return page;
      // Every route a session reaches renders inside the signed-in layout but /login and /debug: it paints its frame.
      const route = routeOf(assets, pathname);
      const inLayout = (Object.hasOwn(assets.routes, route) ? assets.routes[route] : assets.notFound).guarded;
      const framed =
        shell && inLayout
          ? withScriptsAfterPaint(withStaticShell(page, shell, pathname, user, route), assets.entryScripts ?? [])
          : page;
      return withPageData(withSessionUser(framed, user), answers);
    },
    /**
     * True when a first visit of `pathname` without a session should be redirected to /login: the page is guarded, so
     * the app would only send the visitor there, after downloading itself; the build's /login paints without it.
     */
    sendsToLogin(pathname: string, user: object | null): boolean {
      const { loginHtml, assets } = load();
      if (user || loginHtml === null || !assets) return false;
      const route = routeOf(assets, pathname);
      return (Object.hasOwn(assets.routes, route) ? assets.routes[route] : assets.notFound).guarded;
    },
    /** The app route `pathname` renders (see routeOf); the path itself without a route manifest. */
    route(pathname: string): string {
      return routeOf(load().assets ?? { aliases: {} }, pathname);
    },
  };
}
