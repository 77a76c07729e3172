import { oauthLoginUrl } from '../../config';
import { followSystemColorScheme } from '../../lib/colorScheme';
import { fetchSignInProviders } from '../../store/signInProviders';
import { GITHUB_LINK_ATTRIBUTE, PROVIDER_NAME_ATTRIBUTE, providerLoginUrl } from './loginLinks';
import { signInNoticeKind } from './signInNoticeKind';

/** Where the pre-rendered login page (prerenderLogin.tsx) leaves room for what only the browser knows. */
export const STATIC_LOGIN = {
  noticeSlot: 'sign-in-notice',
  providerSlot: 'sign-in-providers',
  providerTemplate: 'sign-in-provider',
  noticeTemplate: (kind: string) => `sign-in-notice-${kind}`,
} as const;

function cloneTemplate(doc: Document, id: string): DocumentFragment | null {
  const template = doc.getElementById(id);
  return template instanceof HTMLTemplateElement ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

/**
 * The script of the pre-rendered login page, a few kilobytes inlined into it in place of the app: it points the GitHub
 * link back at this origin, shows the notice the URL asks for, and adds a button per single sign-on provider, as the
 * app's LoginPage does; and it follows the system's colour scheme, as the app's ThemeProvider does. The server sends this page only to a visitor without a session (server/lib/appShell.ts), so it
 * need not check for one; anything after sign-in loads the app.
 */
export async function enhanceStaticLogin(doc: Document = document): Promise<void> {
  followSystemColorScheme();
  doc.querySelector(`[${GITHUB_LINK_ATTRIBUTE}]`)?.setAttribute('href', oauthLoginUrl(window.location.origin));

  const kind = signInNoticeKind(window.location.search, false);
  const notice = kind && cloneTemplate(doc, STATIC_LOGIN.noticeTemplate(kind));
  if (notice) doc.getElementById(STATIC_LOGIN.noticeSlot)?.replaceChildren(notice);

  const slot = doc.getElementById(STATIC_LOGIN.providerSlot);
  if (!slot) return;
  for (const provider of await fetchSignInProviders()) {
    const button = cloneTemplate(doc, STATIC_LOGIN.providerTemplate);
    const link = button?.querySelector('a');
    const name = button?.querySelector(`[${PROVIDER_NAME_ATTRIBUTE}]`);
    if (!button || !link || !name) return;
    link.setAttribute('href', providerLoginUrl(provider.id));
    name.replaceWith(provider.name);
    slot.append(button);
  }
}
