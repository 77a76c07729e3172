import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStore } from '../store/store';
import { theme } from '../theme';
import { MODE_STORAGE_KEY } from '../lib/colorScheme';

/** The store and the theme around `children`: the router with the app's routes (index.tsx; tests' render.tsx). */
export function App({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={MODE_STORAGE_KEY}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
