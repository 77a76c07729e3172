// Redux DevTools (the design card's way to inspect state): on in development builds, and in a production build when
// the server says so in index.html (REDUX_DEVTOOLS, on in demo mode: server/lib/appShell.ts). What the extension sees
// never holds a secret: a new key's or webhook's secret shown once, a token, a password or a provider's key.
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

export const REDACTED = '[redacted]';

/** Fields whose value is a secret whatever it looks like. */
const SECRET_FIELDS = new Set([
  'key',
  'secret',
  'token',
  'jwt',
  'password',
  'api_key',
  'usage_key',
  'authorization',
  'client_secret',
]);
/** Values that are secrets wherever they are: a whole API key (not its prefix), a webhook signing secret, a JWT. */
const SECRET_VALUE = /^(sk-[\w-]{20,}|whsec_|eyJ[\w-]+\.eyJ)/;

/** `value` with every secret replaced by REDACTED, at any depth; the original is left as it is. */
export function redactSecrets<T>(value: T, field?: string): T {
  if (typeof value === 'string') {
    return (field !== undefined && SECRET_FIELDS.has(field.toLowerCase())) || SECRET_VALUE.test(value)
      ? (REDACTED as T)
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, redactSecrets(item as unknown, name)]),
    ) as T;
  }
  return value;
}

/** Whether the server asked for the DevTools in a production build (its <meta name="redux-devtools">). */
const requestedByServer = () =>
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="redux-devtools"]')?.getAttribute('content') === 'on';

/** configureStore's `devTools`: off, or on with every action and state sanitized. */
export function devToolsOption(): boolean | DevToolsEnhancerOptions {
  if (process.env.NODE_ENV === 'production' && !requestedByServer()) return false;
  return {
    name: 'AI Model Gateway',
    actionSanitizer: (action) => redactSecrets(action),
    stateSanitizer: (state) => redactSecrets(state),
  };
}
