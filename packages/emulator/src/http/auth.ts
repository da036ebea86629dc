// Bearer tokens: static ones given at start, and expiring ones issued by POST /oauth2/token (client credentials).
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { HttpError } from './errors.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  account: string;
}

/** Scopes the hosted token endpoint grants (decisions.md); a request may ask for any of them. */
export const SCOPES = ['api/source', 'api/input', 'api/output', 'api/limit'];

export const notAuthenticated = () =>
  new HttpError(401, { detail: 'Not authenticated' }, { 'WWW-Authenticate': 'Bearer' });

/** OAuth2 errors use RFC 6749's shape, as the hosted token endpoint does. */
const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });

export class TokenBook {
  private readonly staticTokens = new Map<string, string>();
  private readonly issued = new Map<string, { account: string; expiresAt: number }>();
  private readonly clients = new Map<string, ClientCredentials>();
  private readonly clock: Clock;
  readonly ttlSeconds: number;

  constructor(clock: Clock, ttlSeconds: number) {
    this.clock = clock;
    this.ttlSeconds = ttlSeconds;
  }

  addToken(token: string, account: string): void {
    if (token.length === 0 || /\s/.test(token))
      throw new TypeError('A token must be non-empty, without spaces');
    this.staticTokens.set(token, account);
  }

  addClient(client: ClientCredentials): void {
    this.clients.set(client.clientId, client);
  }

  /** The account behind an Authorization header, or undefined when it is missing, unknown or expired. */
  accountFor(header: string | undefined): string | undefined {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return undefined;
    const token = match[1]!;
    const account = this.staticTokens.get(token);
    if (account !== undefined) return account;
    const issued = this.issued.get(token);
    if (!issued) return undefined;
    if (issued.expiresAt <= this.clock.now()) {
      this.issued.delete(token);
      return undefined;
    }
    return issued.account;
  }

  /** Issues a token for `account` directly (tests, the admin endpoint). */
  issue(
    account: string,
    ttlSeconds = this.ttlSeconds,
  ): { access_token: string; expires_in: number; token_type: string } {
    const token = `emu_${randomBytes(24).toString('base64url')}`;
    this.issued.set(token, { account, expiresAt: this.clock.now() + ttlSeconds * 1000 });
    return { access_token: token, expires_in: ttlSeconds, token_type: 'Bearer' };
  }

  /** The token endpoint: HTTP Basic client id and secret, form body `grant_type=client_credentials[&scope=...]`. */
  exchange(authorization: string | undefined, form: URLSearchParams) {
    const basic = authorization ? /^Basic\s+(\S+)$/i.exec(authorization) : null;
    if (!basic) throw oauthError(401, 'invalid_client', 'Send the client id and secret with HTTP Basic auth');
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    let clientId: string;
    let secret: string;
    try {
      // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
      clientId = decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '));
    } catch {
      throw oauthError(401, 'invalid_client', 'The Basic credentials are not valid form-encoded text');
    }
    const client = colon > 0 ? this.clients.get(clientId) : undefined;
    if (!client || client.clientSecret !== secret)
      throw oauthError(401, 'invalid_client', 'Unknown client or wrong secret');
    const grant = form.get('grant_type');
    if (grant !== 'client_credentials') {
      throw oauthError(
        400,
        'unsupported_grant_type',
        `grant_type must be client_credentials, not ${JSON.stringify(grant)}`,
      );
    }
    const scope = form.get('scope');
    const unknown = scope?.split(/\s+/).filter((item) => item && !SCOPES.includes(item)) ?? [];
    if (unknown.length > 0) throw oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
    return this.issue(client.account);
  }
}
