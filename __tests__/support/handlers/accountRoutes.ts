// Session, dashboard, API key and diagnostics routes (docs/api-contract.md, Calls).
import type { TSchema } from 'typebox';
import { HttpResponse } from 'msw';
import {
  ApiKeyCreateBody,
  ApiKeyRotateBody,
  ApiKeyUpdateBody,
  KEY_EXPIRY_MESSAGE,
  KEY_NAME_MESSAGE,
  TEAM_CACHE_SCOPE_REFUSED,
  type ApiKeyControls,
} from '../../../contract/schemas/apiKeys';
import { KEY_MANAGEMENT_REFUSED, mayManageKey } from '../../../contract/keyAccess';
import { SIGN_IN_PROVIDERS_PATH } from '../../../contract/apiPaths';
import { fakeDb } from '../fakeBackend';
import { SANDBOX_PAYMENT_PATH } from '../fakeBackend/seed';
import type { FakeApiKey } from '../fakeBackend/state';
import { newestFirst } from '../fakeBackend/views';
import { keyView, NEW_KEY_STATE, periodResetsAt, schemaProblem } from '../fakeBackend/keys';
import {
  API_ORIGIN,
  ApiFailure,
  bodyObject,
  conflict,
  forbidden,
  json,
  notFound,
  ownTeam,
  ownedTeam,
  queryInt,
  requiredString,
  route,
  signedInUser,
  validationError,
} from './http';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PREFIX_LENGTH = 11;

const redirect = (location: string): Response =>
  new HttpResponse(null, { status: 302, headers: { Location: location } });

// ---- Session ----

/** `?optional=true` answers 204 without a session instead of 401 (the login page's check after painting). */
const getMe = route('get', '/v1/auth/me', ({ query }) => {
  const optional = query.get('optional');
  if (optional !== null && optional !== 'true' && optional !== 'false') {
    throw validationError('querystring/optional must be boolean');
  }
  if (optional === 'true' && !fakeDb.currentUser()) return new HttpResponse(null, { status: 204 });
  return json(signedInUser());
});

const getSignInProviders = route('get', SIGN_IN_PROVIDERS_PATH, () =>
  json({ providers: fakeDb.state.signInProviders }),
);

/** Demo mode: the fake always offers the development sign-in page. */
const oauthLogin = route('get', '/v1/oauth/github/login', ({ query }) =>
  redirect(`${API_ORIGIN}/dev-login?redirect=${encodeURIComponent(query.get('redirect') ?? '/')}`),
);

const oauthCallback = route('get', '/v1/oauth/github/callback', () => redirect(`${API_ORIGIN}/dashboard`));

const devLogin = route('post', '/v1/auth/dev-login', ({ body }) => {
  const login = requiredString(bodyObject(body), 'login');
  if (!fakeDb.state.users.some((user) => user.login === login)) throw notFound('User not found');
  fakeDb.signInAs(login);
  return json(signedInUser());
});

const logout = route('get', '/v1/auth/logout', () => {
  fakeDb.signInAs(null);
  return redirect('/login');
});

/** Ends every session of the signed-in user; the fake holds one session, the current one. */
const logoutAll = route('post', '/v1/auth/logout-all', () => {
  signedInUser();
  fakeDb.signInAs(null);
  return json({ ended_sessions: 1 });
});

// ---- Dashboard ----

const getDashboardStats = route('get', '/v1/dashboard/stats', () => {
  signedInUser();
  return json(fakeDb.state.dashboardStats);
});

/** Newest first; a user without a team has no activity. */
const getActivity = route('get', '/v1/dashboard/activity', ({ query }) => {
  const user = signedInUser();
  const limit = queryInt(query, 'limit', 10, 1, 100);
  const teamId = fakeDb.membershipOf(user.id)?.team.id;
  const activities = fakeDb.state.activities.filter((activity) => activity.team_id === teamId);
  const newest = newestFirst(activities, (activity) => activity.timestamp).slice(0, limit);
  return json({ activities: newest.map(({ id, type, message, timestamp }) => ({ id, type, message, timestamp })) });
});

// ---- API keys ----

const keyAnswer = (row: FakeApiKey) => keyView(fakeDb.state, row, fakeDb.now());
const newSecret = () => `sk-${fakeDb.randomChars(KEY_ALPHABET, 40)}`;

/** Checks a create or update body against its contract schema, then the rule no schema holds: expiry ahead. */
function checkControls(schema: TSchema, body: unknown): Partial<ApiKeyControls> & { name?: string } {
  const problem = schemaProblem(schema, bodyObject(body));
  if (problem) throw validationError(problem);
  const input = body as Partial<ApiKeyControls> & { name?: string };
  if (input.expires_at && Date.parse(input.expires_at) <= fakeDb.now().getTime()) {
    throw validationError(KEY_EXPIRY_MESSAGE);
  }
  return input;
}

/** A key of the caller's team that the caller may edit, rotate or revoke (contract/keyAccess.ts). */
function manageableKey(keyId: string): FakeApiKey {
  const { team, user } = ownTeam();
  const row = fakeDb.state.apiKeys.find((key) => key.id === keyId && key.team_id === team.id);
  if (!row) throw notFound('API key not found');
  if (!mayManageKey(user, row)) throw forbidden(KEY_MANAGEMENT_REFUSED);
  return row;
}

/** The team's keys, newest first. Like the server: 404 NO_TEAM for a user without a team. */
const listKeys = route('get', '/v1/api-keys/', () => {
  const teamId = ownTeam().team.id;
  const keys = fakeDb.state.apiKeys.filter((key) => key.team_id === teamId);
  return json(newestFirst(keys, (key) => key.created_at).map(keyAnswer));
});

const createKey = route('post', '/v1/api-keys/', ({ body }) => {
  const user = signedInUser();
  // As the server (server/keys/apiKeys.ts): the schema's checks first, then a name that is not blank, trimmed.
  const { name: typed, ...controls } = checkControls(ApiKeyCreateBody, body);
  const name = typeof typed === 'string' ? typed.trim() : '';
  if (!name) throw validationError(KEY_NAME_MESSAGE);
  const team = fakeDb.membershipOf(user.id)?.team;
  if (!team) throw validationError('You must belong to a team to create API keys');
  if (controls.cache_scope === 'team' && user.team_role !== 'owner') throw forbidden(TEAM_CACHE_SCOPE_REFUSED);
  const secret = newSecret();
  const row: FakeApiKey = {
    team_id: team.id,
    key: secret,
    id: fakeDb.nextId('key'),
    name,
    key_prefix: secret.slice(0, KEY_PREFIX_LENGTH),
    is_active: true,
    created_at: fakeDb.now().toISOString(),
    last_used_at: null,
    user_id: user.id,
    user_name: user.name,
    user_email: user.email,
    ...NEW_KEY_STATE,
    ...controls,
  };
  row.period_resets_at = periodResetsAt(row.limit_period, fakeDb.now());
  fakeDb.state.apiKeys.push(row);
  return json({ ...keyAnswer(row), key: secret }, 201);
});

/** Changes only the fields sent; a new period starts the reset clock from now (the spend so far is kept). */
const updateKey = route('patch', '/v1/api-keys/:id', ({ params, body }) => {
  const row = manageableKey(params.id);
  const changes = checkControls(ApiKeyUpdateBody, body);
  if (changes.name !== undefined && !changes.name.trim()) throw validationError(KEY_NAME_MESSAGE);
  if (changes.cache_scope === 'team' && row.cache_scope !== 'team' && ownTeam().membership.role !== 'owner') {
    throw forbidden(TEAM_CACHE_SCOPE_REFUSED);
  }
  Object.assign(row, changes, changes.name === undefined ? {} : { name: changes.name.trim() });
  row.period_resets_at = periodResetsAt(row.limit_period, fakeDb.now());
  return json(keyAnswer(row));
});

/** A new secret for the same key; the old one keeps working for grace_seconds (0: it stops now). */
const rotateKey = route('post', '/v1/api-keys/:id/rotate', ({ params, body }) => {
  const row = manageableKey(params.id);
  const problem = schemaProblem(ApiKeyRotateBody, bodyObject(body));
  if (problem) throw validationError(problem);
  if (!row.is_active) throw conflict('An inactive key cannot be rotated');
  const now = fakeDb.now();
  const { grace_seconds } = body as ApiKeyRotateBody;
  const secret = newSecret();
  Object.assign(row, {
    previous_key: grace_seconds > 0 ? row.key : null,
    previous_key_prefix: grace_seconds > 0 ? row.key_prefix : null,
    previous_key_expires_at: grace_seconds > 0 ? new Date(now.getTime() + grace_seconds * 1000).toISOString() : null,
    rotated_at: now.toISOString(),
    key: secret,
    key_prefix: secret.slice(0, KEY_PREFIX_LENGTH),
  });
  return json({ ...keyAnswer(row), key: secret });
});

/** Like the server (keys/apiKeys.ts): Recent Activity says which key and who revoked it. */
const revokeKey = route('delete', '/v1/api-keys/:id', ({ params }) => {
  const { team, user } = ownTeam();
  const row = manageableKey(params.id);
  fakeDb.state.apiKeys = fakeDb.state.apiKeys.filter((key) => key !== row);
  fakeDb.state.revokedKeys.push({
    team_id: team.id,
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    is_active: false,
    revoked_at: fakeDb.now().toISOString(),
  });
  fakeDb.state.activities.push({
    id: fakeDb.nextId('activity'),
    team_id: team.id,
    type: 'api_key_deactivated',
    message: `API key "${row.name}" was revoked by ${user.name ?? user.login}`,
    timestamp: fakeDb.now().toISOString(),
  });
  return json({ success: true });
});

/** Like the server (cache/purge.ts): the key's creator or the owner; how many answers went. */
const purgeKeyCache = route('delete', '/v1/api-keys/:id/cache', ({ params }) => {
  const row = manageableKey(params.id);
  const before = fakeDb.state.cacheEntries.length;
  fakeDb.state.cacheEntries = fakeDb.state.cacheEntries.filter((entry) => entry.api_key_id !== row.id);
  return json({ deleted: before - fakeDb.state.cacheEntries.length });
});

/** The owner only: every answer of the team. */
const purgeTeamCache = route('delete', '/v1/teams/cache', () => {
  const { team } = ownedTeam();
  const before = fakeDb.state.cacheEntries.length;
  fakeDb.state.cacheEntries = fakeDb.state.cacheEntries.filter((entry) => entry.team_id !== team.id);
  return json({ deleted: before - fakeDb.state.cacheEntries.length });
});

// ---- Diagnostics and the payment sandbox ----

function cookieNames(request: Request): string[] {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter(Boolean);
}

const debugCookies = route('get', '/v1/debug/cookies', ({ request }) => {
  const user = fakeDb.currentUser();
  const url = new URL(request.url);
  const names = cookieNames(request);
  return json({
    origin: request.headers.get('origin'),
    host: url.host,
    cookie_names: names,
    jwt_cookie_present: names.includes('jwt'),
    authorization_header_present: request.headers.has('authorization'),
    token_valid: user !== null,
    token_error: user ? null : 'No token provided',
    user: user && signedInUser(),
    secure: url.protocol === 'https:',
    timestamp: fakeDb.now().toISOString(),
  });
});

const healthz = route('get', '/healthz', () => json({ status: 'ok' }));
const readyz = route('get', '/readyz', () => json({ status: 'ok' }));

/** Where payment_url points; a real provider's checkout page in production. */
const paymentSandbox = route('get', `${SANDBOX_PAYMENT_PATH}/:orderId`, ({ params }) => {
  if (!fakeDb.state.payments.some((payment) => payment.order_id === params.orderId)) {
    throw new ApiFailure(404, 'NOT_FOUND', 'Payment not found');
  }
  return HttpResponse.html(`<h1>Sandbox payment ${params.orderId}</h1>`);
});

export const accountRoutes = [
  getMe,
  getSignInProviders,
  oauthLogin,
  oauthCallback,
  devLogin,
  logout,
  logoutAll,
  getDashboardStats,
  getActivity,
  listKeys,
  createKey,
  updateKey,
  rotateKey,
  revokeKey,
  purgeKeyCache,
  purgeTeamCache,
  debugCookies,
  healthz,
  readyz,
  paymentSandbox,
];
