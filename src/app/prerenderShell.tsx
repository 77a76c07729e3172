import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { makeStore, type AppStore } from '../store/store';
import { connectApi } from '../store/apiConnection';
import type { AuthUser } from '../../contract/schemas/auth';
import { NAV_ROUTES, navShown, SHELL_VARIANTS, type ShellVariant } from '../../contract/navigation';
import { pageHeading, type HeadedPath } from '../../contract/routes';
import { DESKTOP_MEDIA_QUERY, SIDEBAR_WIDTH_OPEN, theme } from '../theme';
import { MODE_STORAGE_KEY } from '../lib/colorScheme';
import { STATIC_SHELL_ID, type ShellFile } from '../../contract/staticShell';
import { AppFrame } from '../components/layout/AppFrame';
import { DockedSidebar } from '../components/layout/DockedSidebar';
import { SidebarContent } from '../components/layout/SidebarContent';
import { TopBar } from '../components/layout/TopBar';
import { PageLoader } from '../components/PageLoader';
import { RouteHeader } from '../components/RouteHeader';

const TOKENS = { name: '{{shell:name}}', email: '{{shell:email}}', page: '{{shell:page}}' };
const NO_ENTRY = '/-';
const STYLE_TAG = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;
// While the frame is there the app's root is hidden: its loading ring must not show beside the frame's.
const HIDE_ROOT = `<style>#${STATIC_SHELL_ID} ~ #root{display:none}</style>`;

/**
 * The frame as the layout draws it at a desktop's width, the sidebar open, the page a stand-in the server fills in
 * (the page's heading and a loading ring, or the ring alone: see `Page`). On a phone the
 * layout has no docked sidebar, so the sidebar shows from the desktop's width up only. Neither the sidebar nor the top
 * bar can be used before the app has started (inert) or is read out (aria-hidden): the loading ring is the page's
 * status until the app replaces the frame.
 */
function Frame({ variant }: { variant: ShellVariant }) {
  const flags = SHELL_VARIANTS[variant];
  const user = { name: TOKENS.name, email: TOKENS.email } as AuthUser;
  const standIn = (node: ReactNode, shown: object) => (
    <Box inert aria-hidden sx={shown}>
      {node}
    </Box>
  );
  return (
    <AppFrame
      sidebar={standIn(
        <DockedSidebar width={SIDEBAR_WIDTH_OPEN}>
          <SidebarContent compact={false} dense={flags.isAdmin} {...flags} />
        </DockedSidebar>,
        { display: 'none', [`@media ${DESKTOP_MEDIA_QUERY}`]: { display: 'contents' } },
      )}
      topBar={standIn(<TopBar user={user} isDesktop={null} desktopOpen onToggleDrawer={() => undefined} />, {
        display: 'contents',
      })}
    >
      {TOKENS.page}
    </AppFrame>
  );
}

/**
 * What the frame shows where the page will be: the heading the page starts with when the route table gives it (the
 * same component the page draws it with, so it is painted where the app will draw it: largest contentful paint), then
 * the loading ring; the ring alone for any other page.
 */
function Page({ path, admin }: { path: HeadedPath | ''; admin: boolean }) {
  return (
    <>
      {path && <RouteHeader path={path} admin={admin} />}
      <PageLoader />
    </>
  );
}

function render(node: ReactNode, store: AppStore, cache: EmotionCache, path: string): string {
  return renderToString(
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={MODE_STORAGE_KEY}>
          <CssBaseline enableColorScheme />
          <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
        </ThemeProvider>
      </CacheProvider>
    </Provider>,
  );
}

const EMOTION_TAG = /^<style data-emotion="([^"]*)">([\s\S]*)<\/style>$/;

/**
 * Emotion's tags as few: the global ones (the theme's variables, the baseline) as they are, since each is found again
 * by its own name, and every other rule in one tag that names all their ids, as emotion's own critical-CSS extraction
 * writes it; the app's cache reads the ids from it and writes none of them again. A page parses one stylesheet, not
 * fifty (each `<style>` the parser meets is a stylesheet of its own to add before the first paint).
 */
function oneSheet(tags: string[]): string {
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  for (const tag of tags) {
    const [, names, css] = EMOTION_TAG.exec(tag) ?? [];
    if (names === undefined) throw new Error(`Not one of emotion's style tags: ${tag.slice(0, 80)}`);
    if (!names.startsWith('css ')) {
      globals.push(tag);
      continue;
    }
    ids.push(names.slice('css '.length));
    rules.push(css);
  }
  return `${globals.join('')}<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>`;
}

/**
 * The signed-in pages' frame for dist/shell.json (contract/staticShell.ts): every sidebar with every entry highlighted
 * in turn, and with none, and the styles they use.
 */
export function prerenderShells(): ShellFile {
  // An empty store: the top bar's bell reads its (absent) notifications from the API's cache, as before they arrive.
  const store = makeStore();
  connectApi(store);
  const styles = {} as ShellFile['styles'];
  const frames = {} as ShellFile['frames'];
  const pages = {} as NonNullable<ShellFile['pages']>;
  for (const variant of Object.keys(SHELL_VARIANTS) as ShellVariant[]) {
    // One cache per sidebar: each style is written the first time one of its frames uses it, so the union of its
    // frames' styles has each once, and a member's page carries none of an administrator's entries' styles.
    const cache = createCache({ key: 'css' });
    const tags: string[] = [];
    frames[variant] = {};
    pages[variant] = {};
    // No ids or test ids: the app's own frame, which replaces this one, has them.
    const drawn = (html: string) => {
      tags.push(...(html.match(STYLE_TAG) ?? []));
      return html.replace(STYLE_TAG, '').replace(/ (?:id|data-testid)="[^"]*"/g, '');
    };
    // A frame per entry this sidebar shows; any other path is drawn with none highlighted.
    const shown = NAV_ROUTES.filter((route) => navShown(route.nav, SHELL_VARIANTS[variant]));
    for (const path of ['', ...shown.map((route) => route.path)]) {
      frames[variant][path] = drawn(render(<Frame variant={variant} />, store, cache, path || NO_ENTRY));
      const headed = path && pageHeading(path) ? (path as HeadedPath) : '';
      if (path === '' || headed)
        pages[variant][path] = drawn(
          render(<Page path={headed} admin={SHELL_VARIANTS[variant].isAdmin} />, store, cache, path || NO_ENTRY),
        );
    }
    styles[variant] = oneSheet([...new Set(tags)]) + HIDE_ROOT;
  }
  return {
    styles,
    colorScheme: renderToString(
      <InitColorSchemeScript attribute="class" defaultMode="system" modeStorageKey={MODE_STORAGE_KEY} />,
    ),
    tokens: TOKENS,
    frames,
    pages,
  };
}
