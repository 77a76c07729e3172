/** The slice of oidc-provider the tests use (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface FoundAccount {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    scopes: string[];
    conformIdTokenClaims: boolean;
    findAccount(ctx: unknown, id: string): FoundAccount | undefined;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): void;
  }
}
