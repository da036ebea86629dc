// Authentication: a static bearer token, or OAuth2 client credentials (cached, refreshed shortly before it
// expires, one refresh in flight at a time, and invalidated after a 401 so the request is replayed once).
import { ApiError, AuthenticationError, DubkitError } from './errors.ts';
import type { TokenResponse } from './schemas/account.ts';

export const DEFAULT_TOKEN_URL = 'https://rask-prod.auth.us-east-2.amazoncognito.com/oauth2/token';
export const DEFAULT_SCOPES = ['api/source', 'api/input', 'api/output', 'api/limit'] as const;

/** What the transport needs from an authentication scheme. */
export interface Auth {
  /** The Authorization header value for the next request (synchronous while a cached token is fresh). */
  header(): string | Promise<string>;
  /** Forgets `failedHeader` after a 401; true when a different token can be tried. */
  invalidate(failedHeader: string): boolean;
}

export class StaticTokenAuth implements Auth {
  readonly #header: string;
  constructor(token: string) {
    this.#header = `Bearer ${token}`;
  }
  header(): string {
    return this.#header;
  }
  invalidate(): boolean {
    return false;
  }
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  scopes: readonly string[];
}

/** Sends the token request (through the client's one request path) and returns the parsed response. */
export type TokenRequester = (request: {
  url: string;
  authorization: string;
  form: string;
}) => Promise<TokenResponse>;

export class ClientCredentialsAuth implements Auth {
  readonly #credentials: ClientCredentials;
  readonly #requestToken: TokenRequester;
  readonly #now: () => number;
  #cached: { header: string; refreshAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(credentials: ClientCredentials, requestToken: TokenRequester, now: () => number = Date.now) {
    this.#credentials = credentials;
    this.#requestToken = requestToken;
    this.#now = now;
  }

  header(): string | Promise<string> {
    const cached = this.#cached;
    if (cached && this.#now() < cached.refreshAt) return cached.header;
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  invalidate(failedHeader: string): boolean {
    if (this.#cached?.header === failedHeader) this.#cached = undefined;
    return true;
  }

  async #fetch(): Promise<string> {
    const { clientId, clientSecret, tokenUrl, scopes } = this.#credentials;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scopes.length > 0) form.set('scope', scopes.join(' '));
    let token: TokenResponse;
    try {
      token = await this.#requestToken({
        url: tokenUrl,
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        form: form.toString(),
      });
    } catch (error) {
      if (error instanceof ApiError) {
        throw new AuthenticationError(
          error.status,
          error.body,
          error.headers,
          error.requestId,
          `Could not get a token from ${tokenUrl}: ${error.message}. Check the client id and secret.`,
        );
      }
      throw error;
    }
    if (typeof token.access_token !== 'string' || typeof token.expires_in !== 'number') {
      throw new DubkitError(`The token endpoint ${tokenUrl} answered without access_token and expires_in`);
    }
    const lifetimeMs = token.expires_in * 1000;
    // Refresh a little early so that a request never leaves with a token about to expire on the way.
    const marginMs = Math.min(60_000, lifetimeMs / 10);
    const header = `Bearer ${token.access_token}`;
    this.#cached = { header, refreshAt: this.#now() + lifetimeMs - marginMs };
    return header;
  }
}
