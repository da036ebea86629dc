// Bearer tokens: static ones given at start, and expiring ones issued by POST /oauth2/token (client credentials).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { HttpError } from './errors.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  account: string;
}

/** Scopes the hosted token endpoint grants (docs/service.md); a request may ask for any of them. */
export const SCOPES = ['api/source', 'api/input', 'api/output', 'api/limit'];

export const notAuthenticated = () =>
  new HttpError(401, { detail: 'Not authenticated' }, { 'WWW-Authenticate': 'Bearer' });

/** OAuth2 errors use RFC 6749's shape, as the hosted token endpoint does. */
export const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });

/** SHA-256 of a secret: equal-length digests, so that comparing them takes the same time whatever they hold. */
const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * Whether `given` is `expected`, in a time that does not depend on where they differ or on their lengths
 * (timingSafeEqual needs equal lengths, which the digests have; comparing the secrets themselves would not).
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** A client's credentials as the token endpoint received them, by either of the two methods. */
export interface ClientAuth {
  clientId: string;
  secret: string;
}

/** RFC 6749 §2.3.1: the HTTP Basic user and password are form-encoded before they are joined and base64-encoded. */
export function basicCredentials(authorization: string): ClientAuth {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw oauthError(401, 'invalid_client', 'Malformed HTTP Basic client credentials');
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
    };
  } catch {
    throw oauthError(401, 'invalid_client', 'The Basic credentials are not valid form-encoded text');
  }
}

/** `client_secret_post` (what the vendor's SDK uses): the id and secret as form fields. */
export function formCredentials(form: URLSearchParams): ClientAuth {
  const clientId = form.get('client_id');
  const secret = form.get('client_secret');
  if (!clientId || secret === null) {
    throw oauthError(
      401,
      'invalid_client',
      'Send the client id and secret with HTTP Basic auth or as client_id and client_secret form fields',
    );
  }
  return { clientId, secret };
}

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

  /**
   * The client behind `credentials`, or 401 `invalid_client`. The secret is compared in constant time, and so is
   * an unknown client's (against a stand-in), so that timing tells neither which ids exist nor how much of a
   * secret was right.
   */
  authenticate(credentials: ClientAuth): ClientCredentials {
    const client = this.clients.get(credentials.clientId);
    const matches = sameSecret(credentials.secret, client?.clientSecret ?? this.#standIn);
    if (!client || !matches) throw oauthError(401, 'invalid_client', 'Unknown client or wrong secret');
    return client;
  }

  /** The token endpoint's answer for an authenticated client and its form (`grant_type`, `scope`). */
  grant(client: ClientCredentials, form: URLSearchParams) {
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

  readonly #standIn = randomBytes(24).toString('base64url');
}
