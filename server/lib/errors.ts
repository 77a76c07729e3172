/** An error whose status, code and message are safe to send to the client as `{ code, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A request that failed its route's schema. `path` names the offending value in JavaScript notation
 * (`messages[0].role`), or is null when the whole part is wrong: the gateway sends it as OpenAI's `param`.
 */
export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly path: string | null,
  ) {
    super(400, 'VALIDATION_ERROR', message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'VALIDATION_ERROR', message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const noTeam = () => new HttpError(404, 'NO_TEAM', 'You are not a member of any team');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** PostgreSQL unique_violation, the same code on both engines. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
