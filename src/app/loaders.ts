import { redirect } from 'react-router-dom';
import { api } from '../store/api';
import type { AppStore } from '../store/store';
import { selectSessionEnded } from '../slices/sessionSlice';

async function isAuthenticated(store: AppStore): Promise<boolean> {
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

/** Spec §2: the root is guarded; any failure of the status check (401, 403, network) goes to /login. */
export const requireUser = (store: AppStore) => async () => {
  if (!(await isAuthenticated(store))) throw redirect('/login');
  return null;
};

/**
 * Spec §2: /login sends an authenticated user to /dashboard, and shows the login page when the check fails. After a
 * session error it always shows the page, so a session that /auth/me accepts but other calls reject cannot loop.
 */
export const redirectIfAuthenticated = (store: AppStore) => async () => {
  if (selectSessionEnded(store.getState())) return null;
  if (await isAuthenticated(store)) throw redirect('/dashboard');
  return null;
};
