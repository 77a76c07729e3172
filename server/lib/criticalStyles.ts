// A page's styles in its HTML (docs/performance.md, "Styles in the page"). The app styles its components with
// emotion, which compiles each style (stylis) and inserts its rules the first time a component renders: on a phone,
// about half of a page's render when its data arrives. Styles the HTML already carries, in a <style> tag marked as
// emotion's server-rendered styles (`data-emotion="css <name> <name>…"`), are taken as inserted: emotion's cache
// reads the names when it is created (@emotion/cache, "hydration") and never compiles those styles again.

/** build/critical-styles.json, written by `npm run styles:record` (scripts/record-styles.mts). */
export interface CriticalStyles {
  about: string;
  /** Per page of the menus, the names of the styles its first load inserts, in the order it inserts them. */
  routes: Record<string, string[]>;
  /** Each style's rules, as emotion inserts them (`.css-<name>{…}`, its @media rules…), by name. */
  rules: Record<string, string>;
}

export const CRITICAL_STYLES = {
  /** The recording, in the repository. */
  source: 'build/critical-styles.json',
  /** What the build writes into dist/ (build/CriticalStylesPlugin.js) and the server reads (lib/appShell.ts). */
  output: 'critical-styles.json',
  /** For any other page: the styles every recorded page shares (the layout's, the page header's…). */
  anyRoute: '*',
} as const;

/** Emotion's key for components' styles: the default cache's (`css-<name>` class names). */
const EMOTION_KEY = 'css';

/** One <style> tag with `names`' rules, in that order, marked so emotion takes them as inserted. */
export function styleTag(names: readonly string[], rules: Readonly<Record<string, string>>): string {
  const known = names.filter((name) => Object.hasOwn(rules, name) && /^[\w-]+$/.test(name));
  if (known.length === 0) return '';
  // Rules are the app's own CSS, but a closing tag inside them would end the element early.
  const css = known
    .map((name) => rules[name])
    .join('')
    .replace(/<\/style/gi, '<\\/style');
  return `<style data-emotion="${EMOTION_KEY} ${known.join(' ')}">${css}</style>`;
}

/**
 * Each recorded page's tag, and under CRITICAL_STYLES.anyRoute the styles all of them insert (in the first page's
 * order), for pages the recording did not visit.
 */
export function styleTagsByRoute({ routes, rules }: Pick<CriticalStyles, 'routes' | 'rules'>): Record<string, string> {
  const lists = Object.values(routes);
  const shared = (lists[0] ?? []).filter((name) => lists.every((list) => list.includes(name)));
  return {
    ...Object.fromEntries(Object.entries(routes).map(([route, names]) => [route, styleTag(names, rules)])),
    [CRITICAL_STYLES.anyRoute]: styleTag(shared, rules),
  };
}
