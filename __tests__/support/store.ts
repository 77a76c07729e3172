import { makeStore, type RootState } from '../../src/store/store';
import { connectApi } from '../../src/store/apiConnection';

/** A store with the API slice already plugged in, as it is once the app has loaded any page past /login. */
export function makeConnectedStore(preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  connectApi(store);
  return store;
}
