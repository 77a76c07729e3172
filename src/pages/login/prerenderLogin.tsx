import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../theme';
import { MODE_STORAGE_KEY } from '../../lib/colorScheme';
import { documentTitle } from '../../lib/documentTitle';
import { LoginCard } from './LoginCard';
import SignInNotice from './SignInNotice';
import { ProviderButton } from './SignInProviderButtons';
import { PROVIDER_NAME_ATTRIBUTE } from './loginLinks';
import { LOGIN_TITLE } from './signInNoticeKind';
import { STATIC_LOGIN } from './staticLogin';

/** Where the GitHub link points before the page's script has run: the same endpoint, without the way back. */
const GITHUB_FALLBACK_HREF = '/v1/oauth/github/login';

/**
 * `node` rendered as the app renders it, with its styles inline before the elements that use them (emotion's
 * server rendering). Each call has its own style cache, so each piece of HTML carries every style it needs.
 */
function renderWithTheme(node: ReactNode, { withGlobalStyles }: { withGlobalStyles: boolean }): string {
  const html = renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={MODE_STORAGE_KEY}>
        {withGlobalStyles && <CssBaseline enableColorScheme />}
        <MemoryRouter initialEntries={['/login']}>{node}</MemoryRouter>
      </ThemeProvider>
    </CacheProvider>,
  );
  // The theme's variables and the baseline are in the page once; a template cloned later must not repeat them.
  return withGlobalStyles ? html : html.replace(/<style data-emotion="css-global [^"]*">[\s\S]*?<\/style>/g, '');
}

const template = (id: string, html: string) => `<template id="${id}">${html}</template>`;

const STYLE_TAG = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;

/**
 * /login as HTML (dist/login.html): the app's LoginCard rendered at build time, with its critical CSS inline, the
 * notice and the single sign-on button as templates, and `script` (staticLoginEntry.ts, bundled) in place of the app's
 * bundles. It paints in the first round trip and downloads no framework (docs/performance.md). `indexHtml` is the
 * built index.html, whose head (meta tags, favicon) the page keeps.
 */
export function prerenderLoginPage(indexHtml: string, script: string): string {
  const card = renderWithTheme(
    <LoginCard
      gitHubHref={GITHUB_FALLBACK_HREF}
      notice={<div id={STATIC_LOGIN.noticeSlot} />}
      // `display: contents`: empty, it adds no row (and no gap) to the grid of buttons; filled, its buttons are rows.
      providers={<div id={STATIC_LOGIN.providerSlot} style={{ display: 'contents' }} />}
    />,
    { withGlobalStyles: true },
  );
  const templates = [
    template(
      STATIC_LOGIN.noticeTemplate('account-disabled'),
      renderWithTheme(<SignInNotice kind="account-disabled" />, { withGlobalStyles: false }),
    ),
    template(
      STATIC_LOGIN.providerTemplate,
      renderWithTheme(<ProviderButton name={<span {...{ [PROVIDER_NAME_ATTRIBUTE]: '' }} />} href="#" />, {
        withGlobalStyles: false,
      }),
    ),
  ].join('');
  // The card's styles go to the head (the theme's variables come last in emotion's output), so the first paint has them.
  const styles = card.match(STYLE_TAG)?.join('') ?? '';
  const markup = card.replace(STYLE_TAG, '');
  const colorScheme = renderToString(
    <InitColorSchemeScript attribute="class" defaultMode="system" modeStorageKey={MODE_STORAGE_KEY} />,
  );
  const body = `${colorScheme}<div id="root">${markup}</div>${templates}<script>${script.replace(/<\/script/gi, '<\\/script')}</script>`;
  const page = indexHtml
    .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${documentTitle(LOGIN_TITLE)}</title>`)
    .replace('</head>', () => `${styles}</head>`)
    .replace(/<body>[\s\S]*<\/body>/, () => `<body>${body}</body>`);
  if (!page.includes(markup) || !page.includes(styles)) {
    throw new Error('index.html has no <head> and <body> to render the login page into');
  }
  return page;
}
