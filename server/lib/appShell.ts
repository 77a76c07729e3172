import fs from 'node:fs';
import path from 'node:path';

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

/**
 * The scripts a first visit of `pathname` loads. A guarded route without a session goes to /login, so it gets
 * /login's scripts; anything unknown renders the not-found page.
 */
export function preloadScripts(assets: RouteAssets, pathname: string, signedIn: boolean): string[] {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = assets.aliases[trimmed] ?? trimmed;
  const entry = Object.hasOwn(assets.routes, route) ? assets.routes[route] : assets.notFound;
  const routeScripts = entry.guarded && !signedIn ? (assets.routes['/login']?.scripts ?? []) : entry.scripts;
  // The entry bundles first: they must run before anything renders, and a preload outranks their deferred tags.
  return [...(assets.entryScripts ?? []), ...routeScripts];
}

const SAFE_URL = /^\/[\w./-]+\.js$/;

/** index.html with a preload link per script, at the end of <head> so the page's own tags come first. */
export function withPreloads(html: string, scripts: string[]): string {
  const links = scripts
    .filter((url) => SAFE_URL.test(url))
    .map((url) => `<link rel="preload" as="script" href="${url}">`)
    .join('');
  return links && html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * Serves index.html per path with its route's chunks preloaded, so they download alongside the main bundle rather
 * than after it has run (one network round trip fewer before a page can render). Both files are read again when they
 * change on disk (a rebuild); without route-assets.json (an older build) the page is served as it is.
 */
export function createAppShell(distDir: string) {
  let cached: { version: string; html: string; assets: RouteAssets | null } | null = null;

  function load() {
    const htmlFile = path.join(distDir, 'index.html');
    const assetsFile = path.join(distDir, 'route-assets.json');
    const stamp = (file: string) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}` : '-';
    };
    const version = `${stamp(htmlFile)}|${stamp(assetsFile)}`;
    if (cached?.version !== version) {
      const assets = fs.existsSync(assetsFile)
        ? (JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as RouteAssets)
        : null;
      cached = { version, html: fs.readFileSync(htmlFile, 'utf8'), assets };
    }
    return cached;
  }

  return {
    /** The page for `pathname`, or null when the build has no route manifest. */
    render(pathname: string, signedIn: boolean): string | null {
      const { html, assets } = load();
      return assets ? withPreloads(html, preloadScripts(assets, pathname, signedIn)) : null;
    },
  };
}
