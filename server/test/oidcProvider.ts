import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt } from 'jose';

/**
 * A real OpenID provider on loopback (the certified oidc-provider package) for the single sign-on tests and the e2e
 * spec: one client (the gateway), accounts whose claims the test sets, its development login and consent pages. The
 * issuer is known before the gateway starts (its configuration names it); the client's redirect URI after.
 * `tamper` rewrites the next ID token the token endpoint sends, re-signed with the provider's own key: a provider that
 * signs a wrong audience or an expired token, which only the gateway's checks can catch.
 */
export interface Account {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Account>;
  /** Starts the provider for the gateway's callback URL. */
  serve(redirectUri: string): Promise<void>;
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  close(): Promise<void>;
}

const KID = 'test-key';

/** `port`: 0 for any (the server tests); the e2e spec's is fixed, as the server under test is configured before it. */
export async function startOidcProvider(port = 0): Promise<TestOidcProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Account>();
  const self: TestOidcProvider = {
    issuer,
    clientId: 'gateway',
    clientSecret: 'gateway-client-secret-for-tests',
    accounts,
    tamper: null,
    async serve(redirectUri) {
      const { default: Provider } = await import('oidc-provider');
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: self.clientId,
            client_secret: self.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: KID, use: 'sig', alg: 'RS256' }] },
        cookies: { keys: ['oidc-provider-test-cookie-key'] },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'preferred_username'],
          groups: ['groups'],
        },
        scopes: ['openid', 'email', 'profile', 'groups'],
        // ID tokens carry the claims (no userinfo round trip): what the gateway reads.
        conformIdTokenClaims: false,
        findAccount: (_ctx, id) => {
          const account = accounts.get(id);
          return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
        },
      });
      provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
      const handle = provider.callback();
      server.on('request', (request, response) => {
        if (request.url === '/token' && self.tamper) tamperIdToken(response, self.tamper, privateKey, issuer);
        void handle(request, response);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}

/** The token response's id_token replaced, once, by `change` of its claims signed with the same key. */
function tamperIdToken(
  response: http.ServerResponse,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
  key: KeyObject,
  issuer: string,
) {
  const end = response.end.bind(response);
  response.end = ((chunk: Buffer | string) => {
    const body = JSON.parse(chunk.toString()) as { id_token?: string };
    if (!body.id_token) return end(chunk);
    const claims = change(decodeJwt(body.id_token));
    void new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(issuer)
      .sign(key)
      .then((idToken) => {
        const text = JSON.stringify({ ...body, id_token: idToken });
        response.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      });
    return response;
  }) as typeof response.end;
}

/** A browser's cookies, per origin, as fetch leaves them to us. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        return (lower === 'max-age' && Number(raw) <= 0) || (lower === 'expires' && Date.parse(raw) < Date.now());
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    jar.set(name, value);
  }
}

/** One request as a browser sends it: its cookies, no redirect followed. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
  });
  jar.store(url, response);
  return response;
}

/**
 * From the gateway's login URL through the provider's login (as `subject`) and consent pages, to the URL the provider
 * sends the browser back to (the gateway's callback, with code and state): not visited, so a test can choose.
 */
export async function throughProvider(jar: CookieJar, loginUrl: string, subject: string): Promise<string> {
  let url = loginUrl;
  for (let step = 0; step < 20; step++) {
    const response = await browse(jar, url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.includes('/callback?')) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt) throw new Error(`unexpected page at ${url}: ${response.status} ${page}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: subject, password: 'any' } : { prompt });
    const posted = await browse(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the ${prompt} form at ${url} answered ${posted.status} ${await posted.text()}`);
    url = new URL(after, url).href;
  }
  throw new Error('the sign-in did not come back to the gateway');
}
