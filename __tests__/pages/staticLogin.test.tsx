import { screen, waitFor } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { prerenderLoginPage } from '../../src/pages/login/prerenderLogin';
import { enhanceStaticLogin } from '../../src/pages/login/staticLogin';
import { oauthLoginUrl } from '../../src/config';
import { ACCOUNT_DISABLED } from '../../contract/accountStatus';
import { MODE_STORAGE_KEY } from '../../src/lib/colorScheme';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>AI Model Gateway</title><script defer src="/assets/main.1.js"></script>' +
  '</head><body><div id="root"><div class="boot"></div></div></body></html>';

/** The pre-rendered page, loaded as the browser would load it (its own script left out: the test calls it). */
function loadStaticLogin(url: string) {
  const html = prerenderLoginPage(INDEX_HTML, '/* the page script */');
  window.history.replaceState(null, '', url);
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.replaceChildren(...[...page.head.childNodes].map((node) => document.importNode(node, true)));
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
  return html;
}

describe('the login page rendered at build time (dist/login.html)', () => {
  afterEach(() => {
    document.head.replaceChildren();
    document.body.replaceChildren();
    window.history.replaceState(null, '', '/');
  });

  // Its styles are server rendering's: prerenderLoginStyles.test.tsx checks them where the build renders, in Node.
  it('is the app’s login card, and none of the app’s bundles', () => {
    const html = loadStaticLogin('/login');
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toContain('<title>Sign in · AI Model Gateway</title>');
    expect(document.body.querySelector('.boot')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to AI Model Gateway' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your cookies' })).toHaveAttribute('href', '/debug');
    // The notice and the provider button wait in templates, which are not part of the page until cloned.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('points GitHub back at this origin and offers each OpenID provider, as the app’s page does', async () => {
    fakeDb.state.signInProviders = [
      { id: 'okta', name: 'Okta' },
      { id: 'entra', name: 'Entra ID' },
    ];
    loadStaticLogin('/login');
    await enhanceStaticLogin();
    const origin = window.location.origin;
    const redirect = encodeURIComponent(origin);
    expect(screen.getByRole('link', { name: 'Login with GitHub' })).toHaveAttribute('href', oauthLoginUrl(origin));
    expect(screen.getByRole('link', { name: 'Sign in with Okta' })).toHaveAttribute(
      'href',
      `${origin}/v1/oauth/oidc/okta/login?redirect=${redirect}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Entra ID' })).toHaveAttribute(
      'href',
      `${origin}/v1/oauth/oidc/entra/login?redirect=${redirect}`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a sign-in was refused, and offers GitHub alone without providers', async () => {
    loadStaticLogin('/login?error=account_disabled');
    await enhanceStaticLogin();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_DISABLED.message));
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('follows the system’s colour scheme while it is open, unless the user picked a mode', async () => {
    const listeners: (() => void)[] = [];
    const query = {
      matches: false,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    };
    const matchMedia = jest.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
    try {
      loadStaticLogin('/login');
      document.documentElement.className = 'light';
      await enhanceStaticLogin();
      query.matches = true;
      listeners.forEach((listener) => listener());
      expect(document.documentElement).toHaveClass('dark');
      expect(document.documentElement).not.toHaveClass('light');
      window.localStorage.setItem(MODE_STORAGE_KEY, 'dark');
      query.matches = false;
      listeners.forEach((listener) => listener());
      expect(document.documentElement).toHaveClass('dark');
    } finally {
      matchMedia.mockRestore();
      window.localStorage.removeItem(MODE_STORAGE_KEY);
      document.documentElement.className = '';
    }
  });
});
