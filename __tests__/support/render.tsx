import { useLayoutEffect, type ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore, type AppStore, type RootState } from '../../src/store/store';
import { makeConnectedStore } from './store';
import { AppRoutes, createGates } from '../../src/app/routes';
import { App } from '../../src/app/App';
import { theme } from '../../src/theme';

interface ProviderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Passed to userEvent.setup, e.g. `{ advanceTimers: jest.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders a component with a fresh store and the theme (Redux templates' helper). */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeConnectedStore(preloadedState), userOptions, ...renderOptions } = options;
  const user = userEvent.setup(userOptions);
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </Provider>,
    renderOptions,
  );
  return { store, user, ...result };
}

/** Where the app is: what a test reads of the router (`router.state.location`, as a data router's). */
interface RouterProbe {
  state: { location: Location };
}

/** Tells `onLocation` each location the router goes to. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [location, onLocation]);
  return null;
}

/**
 * Renders the whole app (routes, gates, layout) at `path` with a fresh store, as a person arriving there: the
 * route gates plug the API slice in, as in the browser.
 */
export function renderRoute(path: string, options: Omit<ProviderOptions, 'wrapper'> = {}) {
  const { preloadedState, store = makeStore(preloadedState), userOptions, ...renderOptions } = options;
  const url = new URL(path, 'http://localhost');
  const router: RouterProbe = {
    state: { location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' } },
  };
  const user = userEvent.setup(userOptions);
  const result = render(
    <App store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes gates={createGates(store)} />
        <LocationProbe
          onLocation={(location) => {
            router.state.location = location;
          }}
        />
      </MemoryRouter>
    </App>,
    renderOptions,
  );
  return { store, router, user, ...result };
}

/** Sets the width the layout's media queries see (see env.ts). */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}
