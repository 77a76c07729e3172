import type { AppStore } from '../store/store';
import { selectSessionEnded } from '../slices/sessionSlice';
import { takeBootUser } from '../store/bootSession';
import { loadPageData } from '../store/pageData';
import { yieldToBrowser } from '../lib/yieldToBrowser';
import { hasSession } from '../store/sessionCheck';

/** Loads the API slice into the store (a chunk of its own, see store.ts) and returns it. */
async function loadApi(store: AppStore) {
  const { connectApi } = await import(/* webpackChunkName: "api" */ '../store/apiConnection');
  return connectApi(store);
}

async function isAuthenticated(store: AppStore): Promise<boolean> {
  const api = await loadApi(store);
  // The server already checked the session of this page load and sent the answer along (bootSession.ts).
  const bootUser = takeBootUser();
  if (bootUser) {
    store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: bootUser }]));
  } else if (!(await checkSession(store, api))) {
    return false;
  }
  // The answers to the page's first queries, sent with the same page (pageData.ts); nothing after the first load.
  // In a task of its own: the API slice was just plugged in, in this one.
  await yieldToBrowser();
  await loadPageData(store.dispatch, api.endpoints);
  return true;
}

async function checkSession(store: AppStore, api: Awaited<ReturnType<typeof loadApi>>): Promise<boolean> {
  const request = store.dispatch(api.endpoints.getMe.initiate());
  try {
    await request.unwrap();
    return true;
  } catch {
    return false;
  } finally {
    // The layout subscribes to the same cache entry, so this does not refetch.
    request.unsubscribe();
  }
}

// Each gate answers the path to go to instead of its route, or null to show it (RouteGate in ./RouteGate.tsx).

/** The root is guarded: any failure of the status check (401, 403, network) goes to /login (docs/rules.md). */
export const requireUser = (store: AppStore) => async () => ((await isAuthenticated(store)) ? null : '/login');

/** For pages outside the guarded layout that still call the API (/debug). */
export const withApi = (store: AppStore) => async () => {
  await loadApi(store);
  return null;
};

/**
 * docs/rules.md#sessions-and-sign-in: /login sends an authenticated user to /dashboard, and shows the login page when
 * the check fails. After a session error it always shows the page, so a session that /auth/me accepts but other calls
 * reject cannot loop.
 */
export const redirectIfAuthenticated = (store: AppStore) => async () => {
  if (selectSessionEnded(store.getState())) return null;
  return (await hasSession()) ? '/dashboard' : null;
};
