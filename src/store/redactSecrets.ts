// What the Redux DevTools may see (./devTools.ts): the state and actions with every secret taken out. Its own chunk:
// the first page's bundle does not carry it, and nobody without the DevTools downloads it.

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
