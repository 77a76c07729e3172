import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { rootReducer, type AppStore } from './store';

const connected = new WeakSet<AppStore>();

/**
 * Plugs the API slice into a store, once: its reducer, its middleware, and the focus and online listeners behind
 * refetchOnFocus. Loaded on demand (see store.ts), so it is the only module that imports the API statically on the
 * way to a page.
 */
export function connectApi(store: AppStore): typeof api {
  if (connected.has(store)) return api;
  connected.add(store);
  rootReducer.inject(api);
  store.addMiddleware(api.middleware);
  // Any action lets the new reducer create its state; this one says what it does.
  store.dispatch(api.util.resetApiState());
  setupListeners(store.dispatch);
  return api;
}
