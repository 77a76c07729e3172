// How a failed call is described to the pages (the error carries the response text, or
// 'HTTP error! status: {n}'), and which failures mean the session is gone (docs/rules.md#sessions-and-sign-in).

export interface ApiError {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  /** What a person should read: the server's message, else the response text, else 'HTTP error! status: {n}'. */
  message: string;
  /** The response body exactly as received. */
  text: string;
  /** The server's error code when the body is `{ code, message }`. */
  code?: string;
}

export const AUTH_ERROR_CODES = ['TOKEN_EXPIRED', 'NO_TOKEN', 'INVALID_TOKEN'] as const;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  const serverMessage = stringField(body, 'message') ?? stringField(body, 'detail') ?? stringField(body, 'error');
  return {
    status,
    text,
    code: stringField(body, 'code'),
    message: serverMessage ?? (text.trim() || `HTTP error! status: ${status}`),
  };
}

/** 401/403 with an auth code, or whose body cannot be read, ends the session. */
export function isSessionError(error: ApiError): boolean {
  if (error.status !== 401 && error.status !== 403) return false;
  if (parseJson(error.text) === undefined) return true;
  return (AUTH_ERROR_CODES as readonly string[]).includes(error.code ?? '');
}

/** A message for any error value a mutation's `unwrap()` may throw. */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** True for an error value (a query's `error`, or what `unwrap()` throws) with this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;
}

/** Why one row of a log could not be shown: `notFound` for a 404 (older than its retention), else the error's text. */
export function entryFailure(failed: boolean, error: unknown, notFound: string, fallback: string): string | null {
  if (!failed) return null;
  return hasStatus(error, 404) ? notFound : errorMessage(error, fallback);
}
