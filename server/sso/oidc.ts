/**
 * Signing in with an OpenID Connect provider (docs/operations.md#single-sign-on), with openid-client: the provider's
 * metadata from its discovery document, the authorization code flow with PKCE (S256), state and nonce, and the ID
 * token checked (signature against the provider's keys, issuer, audience, expiry, nonce) before any claim is read.
 */
import * as client from 'openid-client';
import type { OidcProviderConfig } from './settings';

/** What the browser carries, signed, between the redirect to the provider and its return (a cookie). */
export interface PendingSignIn {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
}

/** Who the provider says signed in: its issuer and stable subject name the identity; the rest describes it. */
export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only `email_verified: true` counts: absent or anything else is unverified. */
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
  claims: Record<string, unknown>;
}

/** The provider's answer was refused (a replayed code, a wrong audience, an expired ID token…): why, for the user. */
export class SignInRefused extends Error {}

const DISCOVERY_TIMEOUT_SECONDS = 10;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function createOidcClients(providers: OidcProviderConfig[]) {
  const configurations = new Map<string, Promise<client.Configuration>>();

  /** Discovered once per provider; a failed discovery is tried again at the next sign-in. */
  function configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    let configuration = configurations.get(provider.id);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      // Plain http only to a provider on this machine (a test's, a developer's Keycloak).
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      configuration = client.discovery(
        issuer,
        provider.clientId,
        provider.clientSecret,
        client.ClientSecretBasic(provider.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
        },
      );
      configuration.catch(() => configurations.delete(provider.id));
      configurations.set(provider.id, configuration);
    }
    return configuration;
  }

  return {
    providers,
    find: (id: string) => providers.find((provider) => provider.id === id) ?? null,

    /** Where to send the browser, and what it must bring back. */
    async start(provider: OidcProviderConfig, callbackUrl: string, redirect: string) {
      const configuration = await configurationOf(provider);
      const verifier = client.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        provider: provider.id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        redirect,
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /** The code exchanged and the ID token checked; the identity it names, or SignInRefused. */
    async finish(provider: OidcProviderConfig, currentUrl: URL, pending: PendingSignIn): Promise<SignedInIdentity> {
      const configuration = await configurationOf(provider);
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new SignInRefused(reasonOf(error));
      }
      if (!claims) throw new SignInRefused('the provider sent no ID token');
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        preferredUsername: text(claims.preferred_username),
        claims,
      };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;

/**
 * openid-client's own words, with the check's beneath them ("unexpected JWT claim value encountered" is caused by
 * "unexpected JWT "aud" (audience) claim value"); the provider's error for a refused code (invalid_grant).
 */
function reasonOf(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return `${error.error}: ${error.error_description ?? 'refused'}`;
  if (!(error instanceof Error)) return 'the provider could not be reached';
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
