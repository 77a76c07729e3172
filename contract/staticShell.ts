import type { ShellVariant } from './navigation';

/**
 * The signed-in pages' frame, drawn at build time (src/app/prerenderShell.tsx) into dist/shell.json and sent by the
 * server in front of the app (server/lib/appShell.ts), which removes it when it draws its own (src/lib/staticShell.ts):
 * docs/performance.md, "The signed-in shell".
 */
export const SHELL_FILE = 'shell.json';

/** The element that holds the frame in the page, before the app's root. */
export const STATIC_SHELL_ID = 'static-shell';

export interface ShellFile {
  /** Per sidebar, every style its frames use, once (emotion's server rendering), for the page's <head>. */
  styles: Record<ShellVariant, string>;
  /** Script that puts `.light` or `.dark` on <html> before the body paints, as the app's theme does. */
  colorScheme: string;
  /**
   * Stand-ins in the markup the server fills in: the signed-in user's name and email (escaped), and the page (one of
   * `pages`).
   */
  tokens: { name: string; email: string; page?: string };
  /** Per sidebar, the frame with each entry highlighted, keyed by the entry's path ('' for none). */
  frames: Record<ShellVariant, Record<string, string>>;
  /**
   * Per sidebar, what the frame shows where the page will be, keyed by the route's path: the page's heading and a
   * loading ring for a page whose heading the route table gives (contract/routes.ts); the ring alone under '' for
   * any other page. (A shell.json without it, from an older build, has the ring in its frames.)
   */
  pages?: Record<ShellVariant, Record<string, string>>;
}
