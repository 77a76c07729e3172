import { Type, type Static } from 'typebox';
import { LiteralUnion, Nullable } from './common';
import { Extension } from './extension';

/** A member's role in their team: the owner manages the team and every key of it (docs/rules.md#owners-and-admins). */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TeamRole = LiteralUnion(TEAM_ROLES);

/** Sign-in, the session and the /debug page's cookie diagnostics (docs/api-contract.md, Calls: auth). */
export const AuthUser = Type.Object({
  id: Extension(Type.String()),
  login: Extension(Type.String()),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  is_admin: Type.Boolean(),
  /** The user's team, or null for a user without one: the app then shows "create or join a team" without asking. */
  team_id: Extension(Nullable(Type.String())),
  /** The user's role in that team; null without a team. */
  team_role: Extension(Nullable(TeamRole)),
});
export type AuthUser = Static<typeof AuthUser>;

/** `?optional=true`: no session answers 204 instead of 401. */
export const MeQuery = Type.Object({ optional: Type.Optional(Type.Boolean()) });

export const DevLoginBody = Type.Object({
  login: Type.String({
    pattern: '^[A-Za-z0-9-]{1,39}$',
    errorMessage: 'The login must be 1 to 39 letters, digits or hyphens.',
  }),
});
export type DevLoginBody = Static<typeof DevLoginBody>;

export const LogoutAllReply = Type.Object({ ended_sessions: Type.Integer() });
export type LogoutAllReply = Static<typeof LogoutAllReply>;

export const OAuthLoginQuery = Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 2048 })) });

export const OAuthCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 512, errorMessage: 'code is required' })),
  state: Type.String({ minLength: 1, maxLength: 512, errorMessage: 'state is required' }),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

export const CookieDiagnostics = Type.Object({
  origin: Nullable(Type.String()),
  host: Nullable(Type.String()),
  cookie_names: Type.Array(Type.String()),
  jwt_cookie_present: Type.Boolean(),
  authorization_header_present: Type.Boolean(),
  token_valid: Type.Boolean(),
  token_error: Nullable(Type.String()),
  user: Nullable(AuthUser),
  secure: Type.Boolean(),
  timestamp: Type.String(),
});
export type CookieDiagnostics = Static<typeof CookieDiagnostics>;

/** The OpenID Connect providers configured beside GitHub, as the login page lists them. */
export const SignInProviders = Type.Object({
  providers: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type SignInProviders = Static<typeof SignInProviders>;

export const OidcProviderParams = Type.Object({
  provider: Type.String({ pattern: '^[a-z0-9-]{1,32}$', errorMessage: 'provider must name a configured provider' }),
});

/** What an OpenID provider sends back (RFC 6749 §4.1.2, RFC 9207's iss, OpenID session management's session_state). */
export const OidcCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, errorMessage: 'code is required' })),
  state: Type.String({ minLength: 1, maxLength: 512, errorMessage: 'state is required' }),
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
  session_state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** An invitation link's token (docs/alerts.md#invitations). */
export const InviteAcceptQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100, errorMessage: 'token must be the one in your invitation email' }),
});
