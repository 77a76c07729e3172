// Redux DevTools (the design card's way to inspect state): on in development builds, and in a production build when
// the server says so in index.html (REDUX_DEVTOOLS, on in demo mode: server/lib/appShell.ts). What the extension sees
// never holds a secret (./redactSecrets.ts, loaded only when the DevTools are on): until that has loaded, it sees an
// action's type and nothing of the state.
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

type Redact = <T>(value: T) => T;
let redact: Redact | null = null;

/** Whether the server asked for the DevTools in a production build (its <meta name="redux-devtools">). */
const requestedByServer = () =>
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="redux-devtools"]')?.getAttribute('content') === 'on';

/** Resolves once the redaction has loaded (tests wait for it). */
export let redactionLoaded: Promise<void> = Promise.resolve();

/** configureStore's `devTools`: off, or on with every action and state sanitized. */
export function devToolsOption(): boolean | DevToolsEnhancerOptions {
  if (process.env.NODE_ENV === 'production' && !requestedByServer()) return false;
  redactionLoaded = import(/* webpackChunkName: "devtools-redact" */ './redactSecrets').then((module) => {
    redact = module.redactSecrets;
  });
  return {
    name: 'AI Model Gateway',
    actionSanitizer: (action) => (redact ? redact(action) : ({ type: action.type } as typeof action)),
    stateSanitizer: (state) => (redact ? redact(state) : ({} as typeof state)),
  };
}
