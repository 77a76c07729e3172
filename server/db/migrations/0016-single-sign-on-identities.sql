-- Migration 16: single sign-on with OpenID Connect providers (docs/operations.md#single-sign-on).
-- A user signed in through an OpenID provider is known by the provider's issuer and its stable subject, never by an
-- email alone: the first sign-in links the identity (to the user whose verified email it is, or to a new user), and
-- every later one finds the user by it.
CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The provider's admin claim (OIDC_<ID>_ADMIN_CLAIM) as of the last sign-in: an administrator besides ADMIN_LOGINS.
  admin_by_claim boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);
