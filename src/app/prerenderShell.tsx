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
import { DESKTOP_MEDIA_QUERY, SIDEBAR_WIDTH_OPEN, theme } from '../theme';
import { MODE_STORAGE_KEY } from '../lib/colorScheme';
import { STATIC_SHELL_ID, type ShellFile } from '../../contract/staticShell';
import { AppFrame } from '../components/layout/AppFrame';
import { DockedSidebar } from '../components/layout/DockedSidebar';
import { SidebarContent } from '../components/layout/SidebarContent';
import { TopBar } from '../components/layout/TopBar';
import { PageLoader } from '../components/PageLoader';

const TOKENS = { name: '{{shell:name}}', email: '{{shell:email}}' };
const NO_ENTRY = '/-';
const STYLE_TAG = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;

/**
 * The frame as the layout draws it at a desktop's width, the sidebar open, the page a loading ring. On a phone the
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
      <PageLoader />
    </AppFrame>
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

/**
 * The signed-in pages' frame for dist/shell.json (contract/staticShell.ts): every sidebar with every entry highlighted
 * in turn, and with none, and the styles they use.
 */
export function prerenderShells(): ShellFile {
  // One cache for all: each style is written the first time a frame uses it, so the union has each once.
  const cache = createCache({ key: 'css' });
  // An empty store: the top bar's bell reads its (absent) notifications from the API's cache, as before they arrive.
  const store = makeStore();
  connectApi(store);
  const styles: string[] = [];
  const frames = {} as ShellFile['frames'];
  for (const variant of Object.keys(SHELL_VARIANTS) as ShellVariant[]) {
    frames[variant] = {};
    // A frame per entry this sidebar shows; any other path is drawn with none highlighted.
    const shown = NAV_ROUTES.filter((route) => navShown(route.nav, SHELL_VARIANTS[variant]));
    for (const path of ['', ...shown.map((route) => route.path)]) {
      const html = render(<Frame variant={variant} />, store, cache, path || NO_ENTRY);
      styles.push(...(html.match(STYLE_TAG) ?? []));
      // No ids or test ids: the app's own frame, which replaces this one, has them.
      frames[variant][path] = html.replace(STYLE_TAG, '').replace(/ (?:id|data-testid)="[^"]*"/g, '');
    }
  }
  // While the frame is there the app's root is hidden: its loading ring must not show beside the frame's.
  const hideRoot = `<style>#${STATIC_SHELL_ID} ~ #root{display:none}</style>`;
  return {
    styles: [...new Set(styles)].join('') + hideRoot,
    colorScheme: renderToString(
      <InitColorSchemeScript attribute="class" defaultMode="system" modeStorageKey={MODE_STORAGE_KEY} />,
    ),
    tokens: TOKENS,
    frames,
  };
}
