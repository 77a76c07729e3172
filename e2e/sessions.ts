import type { Browser, BrowserContext, Page } from '@playwright/test';
import { freshLogin, signIn } from './signIn';

/**
 * Demo users (alice owns Acme AI, bob is a member, admin administers) and 'teamless': a new login without a team.
 * Not carol: the demo seed holds an invite for carol@example.com, so signing in as carol joins Acme AI.
 */
export type Login = 'alice' | 'bob' | 'admin' | 'teamless';
const TEAMLESS_LOGIN = freshLogin('teamless');
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// Signing in through the real flow once per user and worker is enough; every test then starts from that cookie jar.
const signedIn = new Map<Login, StorageState>();

async function storageStateOf(browser: Browser, login: Login) {
  const known = signedIn.get(login);
  if (known) return known;
  const context = await browser.newContext();
  await signIn(await context.newPage(), login === 'teamless' ? TEAMLESS_LOGIN : login);
  const state = await context.storageState();
  await context.close();
  signedIn.set(login, state);
  return state;
}

/** A fresh context (own viewport, no stored colour-mode pick) signed in as `login`, or anonymous. */
export async function newPageAs(
  browser: Browser,
  login: Login | null,
  viewport: { width: number; height: number },
): Promise<Page> {
  const storageState = login ? await storageStateOf(browser, login) : undefined;
  const context = await browser.newContext({ viewport, storageState });
  return context.newPage();
}
