import type { Config } from '../config';

type GithubConfig = NonNullable<Config['github']>;

export interface GithubProfile {
  githubId: number;
  login: string;
  name: string | null;
  email: string | null;
}

export function authorizeUrl(github: GithubConfig, redirectUri: string, state: string): string {
  const url = new URL('/login/oauth/authorize', github.oauthUrl);
  url.searchParams.set('client_id', github.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', 'read:user user:email');
  url.searchParams.set('state', state);
  return url.toString();
}

async function getJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GitHub answered ${response.status} for ${new URL(url).pathname}`);
  return (await response.json()) as T;
}

/** Authorization-code exchange, then the profile and the primary verified email. */
export async function fetchGithubProfile(
  github: GithubConfig,
  code: string,
  redirectUri: string,
): Promise<GithubProfile> {
  const token = await getJson<{ access_token?: string; error?: string }>(
    `${github.oauthUrl}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
    },
  );
  if (!token.access_token) throw new Error(`GitHub refused the code: ${token.error ?? 'no access token'}`);
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token.access_token}`,
    'user-agent': 'ai-model-gateway',
  };
  const user = await getJson<{ id: number; login: string; name: string | null; email: string | null }>(
    `${github.apiUrl}/user`,
    { headers },
  );
  const emails = await getJson<{ email: string; primary: boolean; verified: boolean }[]>(
    `${github.apiUrl}/user/emails`,
    {
      headers,
    },
  ).catch(() => []);
  const primary = emails.find((entry) => entry.primary && entry.verified)?.email ?? user.email;
  return { githubId: user.id, login: user.login, name: user.name, email: primary?.toLowerCase() ?? null };
}
