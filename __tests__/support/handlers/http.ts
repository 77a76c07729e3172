// Plumbing shared by the fake API's routes: request logging, contract errors, auth guards and input validation.
import type { TSchema } from 'typebox';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { AuthUser } from '../../../contract/schemas/auth';
import { fakeDb } from '../fakeBackend';
import { checkAgainstContract, reshapeAnswer } from './contract';
import { schemaProblem } from '../fakeBackend/keys';
import type { FakeMembership, FakeTeam } from '../fakeBackend/state';

export const API_ORIGIN = 'http://localhost';

/** A contract error (`{ code, message }` with a status); thrown by routes, answered by `route`. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const validationError = (message: string) => new ApiFailure(400, 'VALIDATION_ERROR', message);
export const forbidden = (message: string) => new ApiFailure(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new ApiFailure(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ApiFailure(409, 'CONFLICT', message);

export const json = (data: unknown, status = 200): Response => HttpResponse.json(data as object, { status });
const errorJson = (status: number, code: string, message: string): Response => json({ code, message }, status);

export interface RouteContext {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, or null when there was none. */
  body: unknown;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Resolve = (context: RouteContext) => Response;

const BAD_JSON = Symbol('bad json');

async function readJson(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return BAD_JSON;
  }
}

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') result[name] = value;
  }
  return result;
}

/**
 * An MSW handler that logs the request in fakeDb.requests, applies planned failures, answers ApiFailure and checks
 * every answer against the contract (./contract.ts).
 */
export function route(method: Method, path: string, resolve: Resolve): HttpHandler {
  return http[method](`${API_ORIGIN}${path}`, async ({ request, params }) => {
    const url = new URL(request.url);
    const body = await readJson(request);
    const verb = method.toUpperCase();
    fakeDb.record({
      method: verb,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: body === BAD_JSON ? null : body,
    });
    const failure = fakeDb.takeFailure(verb, url.pathname);
    if (failure) return errorJson(failure.status, failure.code, failure.message);
    if (body === BAD_JSON) return errorJson(400, 'VALIDATION_ERROR', 'body must be valid JSON');
    let response: Response;
    try {
      response = resolve({ request, params: stringParams(params), query: url.searchParams, body });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      response = errorJson(error.status, error.code, error.message);
    }
    await checkAgainstContract(`${verb} ${path}`, response);
    return fakeDb.answerShaper ? reshapeAnswer(`${verb} ${path}`, response, fakeDb.answerShaper) : response;
  });
}

// ---- Guards ----

/** The signed-in user as the wire has it: the row, with its team and role in it from the memberships. */
export function signedInUser(): Required<AuthUser> {
  const user = fakeDb.currentUser();
  if (!user) throw new ApiFailure(401, 'NO_TOKEN', 'Authentication required');
  const found = fakeDb.membershipOf(user.id);
  return { ...user, team_id: found?.team.id ?? null, team_role: found?.membership.role ?? null };
}

export interface TeamSession {
  user: Required<AuthUser>;
  team: FakeTeam;
  membership: FakeMembership;
}

/** The signed-in user's team; 404 NO_TEAM without one. */
export function ownTeam(): TeamSession {
  const user = signedInUser();
  const found = fakeDb.membershipOf(user.id);
  if (!found) throw new ApiFailure(404, 'NO_TEAM', 'You are not a member of any team');
  return { user, ...found };
}

/** The signed-in user's team when they own it; 403 FORBIDDEN otherwise. */
export function ownedTeam(): TeamSession {
  const session = ownTeam();
  if (session.membership.role !== 'owner') throw forbidden('Only the team owner can do this');
  return session;
}

/** The team named in the path when the signed-in user belongs to it; 403 FORBIDDEN otherwise. */
export function teamFromPath(context: RouteContext): TeamSession {
  const user = signedInUser();
  const found = fakeDb.membershipOf(user.id);
  if (!found || found.team.id !== context.params.teamId) throw forbidden('You are not a member of this team');
  return { user, ...found };
}

export function adminUser(): AuthUser {
  const user = signedInUser();
  if (!user.is_admin) throw forbidden('Admin access required');
  return user;
}

// ---- Body validation (messages name the field) ----

export type JsonObject = Record<string, unknown>;

export function bodyObject(body: unknown): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError('body must be a JSON object');
  }
  return body as JsonObject;
}

/** Refuses a body as the server does: with the contract schema's own message for the first thing it breaks. */
export function checkBody(schema: TSchema, body: unknown): JsonObject {
  const input = bodyObject(body);
  const problem = schemaProblem(schema, input);
  if (problem) throw validationError(problem);
  return input;
}

export function requiredString(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || !value.trim()) throw validationError(`${field} is required`);
  return value.trim();
}

export function optionalString(body: JsonObject, field: string): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw validationError(`${field} must be a string`);
  return value;
}

export function numberAtLeast(body: JsonObject, field: string, min: number): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw validationError(`${field} must be a number >= ${min}`);
  }
  return value;
}

export function integerAtLeast(body: JsonObject, field: string, min: number): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw validationError(`${field} must be an integer >= ${min}`);
  }
  return value;
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw validationError(`${field} must be a boolean`);
  return value;
}

/** An ISO 8601 time normalised to `toISOString()`, null, or undefined when absent. */
export function optionalTime(body: JsonObject, field: string): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return value === '' ? null : value;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw validationError(`${field} must be an ISO 8601 time`);
  }
  return new Date(value).toISOString();
}

export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

// ---- Query validation ----

export function queryDate(query: URLSearchParams, name: string, fallback: string): string {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw validationError(`${name} must be a date (YYYY-MM-DD)`);
  }
  return value;
}

export function queryInt(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw validationError(`${name} must be an integer between ${min} and ${max}`);
  }
  return number;
}

export function queryBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw validationError(`${name} must be true or false`);
  return value === 'true';
}

/** One page of rows plus the total before paging. */
export function page<T>(rows: readonly T[], query: URLSearchParams, defaultLimit = 50): { rows: T[]; total: number } {
  const limit = queryInt(query, 'limit', defaultLimit, 1, 1000);
  const offset = queryInt(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}
