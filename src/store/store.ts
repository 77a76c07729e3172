import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import type { api } from './api';
import { drawerSlice } from '../slices/drawerSlice';
import { toastsSlice } from '../slices/toastsSlice';
import { sessionSlice } from '../slices/sessionSlice';
import { devToolsOption } from './devTools';

// The API slice (RTK Query and every endpoint) is plugged in by apiConnection.ts when the first route that needs it
// loads, so a first visit to /login does not download it (docs/performance.md, Bundle budget). Its state type is declared here
// so selectors and hooks stay fully typed.
export const rootReducer = combineSlices(drawerSlice, toastsSlice, sessionSlice).withLazyLoadedSlices<
  WithSlice<typeof api>
>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
    // RTK Query's request and result actions notify the UI together, at most every 50 ms, rather than once per
    // animation frame: a page's first queries come back within a few tens of milliseconds of each other, and every
    // notification is a synchronous re-render of the page (react-redux cannot slice it), so one long task replaces
    // four or five on a slow phone. Other actions (UI state) still notify at once.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'timer', timeout: 50 } }),
    // Redux DevTools in development builds, and where the server turns them on (the demo), sanitized: ./devTools.ts.
    devTools: devToolsOption(),
  });
  return Object.assign(store, { addMiddleware: dynamicMiddleware.addMiddleware });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
