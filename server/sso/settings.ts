// Single sign-on's settings (docs/operations.md#single-sign-on), read by server/config.ts with every other room's.
import type { EnvReader } from '../lib/envReader';

export interface OidcProviderConfig {
  /** In the provider's URLs (/v1/oauth/oidc/<id>/login) and its variables (OIDC_<ID>_...). */
  id: string;
  /** What the login page's button names: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** A claim and the value that makes its holder an administrator (`groups=gateway-admins`); null: ADMIN_LOGINS. */
  adminClaim: { claim: string; value: string } | null;
  /** A verified email's domain and the team its holder joins on first sign-in (`example.com=<team id>`). */
  teamDomains: { domain: string; teamId: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** OIDC_<ID>_ISSUER, _CLIENT_ID and _CLIENT_SECRET (required); _NAME, _SCOPES, _ADMIN_CLAIM, _TEAM_DOMAINS. */
function oidcProvider(id: string, { str, url, problems }: EnvReader): OidcProviderConfig {
  if (!/^[a-z0-9-]{1,32}$/.test(id)) {
    problems.push(`OIDC_PROVIDERS entries must be 1-32 lowercase letters, digits or dashes (got "${id}")`);
  }
  const prefix = `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`;
  const required = (name: string) => {
    const value = str(prefix + name);
    if (value === null) problems.push(`${prefix}${name} is required for the OpenID provider "${id}"`);
    return value ?? '';
  };
  const issuer = str(prefix + 'ISSUER') === null ? required('ISSUER') : (url(prefix + 'ISSUER', null) ?? '');
  const adminClaim = str(prefix + 'ADMIN_CLAIM');
  const [claim, value] = adminClaim?.split('=', 2).map((part) => part.trim()) ?? [];
  if (adminClaim !== null && (!claim || !value)) {
    problems.push(`${prefix}ADMIN_CLAIM must be claim=value (got "${adminClaim}")`);
  }
  const teamDomains = (str(prefix + 'TEAM_DOMAINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [domain, teamId] = entry.split('=', 2).map((part) => part.trim().toLowerCase());
      if (!domain || !UUID.test(teamId ?? '')) {
        problems.push(`${prefix}TEAM_DOMAINS entries must be domain=<team id> (got "${entry}")`);
      }
      return { domain, teamId };
    });
  return {
    id,
    name: str(prefix + 'NAME') ?? id,
    issuer,
    clientId: required('CLIENT_ID'),
    clientSecret: required('CLIENT_SECRET'),
    scopes: str(prefix + 'SCOPES') ?? 'openid email profile',
    adminClaim: claim && value ? { claim, value } : null,
    teamDomains,
  };
}

/** OIDC_PROVIDERS: the OpenID Connect providers offered beside GitHub, each with its OIDC_<ID>_* settings. */
export function readSsoSettings(read: EnvReader): OidcProviderConfig[] {
  return read.list('OIDC_PROVIDERS', []).map((id) => oidcProvider(id, read));
}
