// What every command gets: the client (credentials from the environment, .env or `dubkit auth login`;
// --base-url), where results and progress go, and whether to speak JSON or to people.
import { DEFAULT_BASE_URL, DubbingClient, DubkitError, type Logger } from '@dubkit/core';
import { type Credentials, type FoundCredentials, fromVariables, readStored } from './credentials.ts';
import { loadEnv } from './env.ts';
import { usageError } from './exit-codes.ts';
import { redactUrls, shownUrl } from './redact.ts';

export interface Io {
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface GlobalOptions {
  json?: boolean;
  baseUrl?: string;
  /** First wait between two reads of a project, in ms. */
  interval?: number;
  quiet?: boolean;
}

export const DEFAULT_INTERVAL_MS = 2000;

/**
 * The service's address from --base-url or DUBKIT_BASE_URL, checked here so that a wrong one is said in those
 * words: `localhost:4010` has no scheme, and a token belongs in DUBKIT_TOKEN, not in the address.
 */
export function checkBaseUrl(value: string, where: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const example = 'such as https://api.rask.ai or http://127.0.0.1:4010';
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw usageError(
      `${where} takes the service's address with http:// or https://, ${example}; not "${shownUrl(value)}"`,
    );
  }
  if (url.username || url.password || url.search) {
    throw usageError(
      `${where} takes an address without a user, password or query (${shownUrl(value)}): put the token in DUBKIT_TOKEN`,
    );
  }
  return value;
}

export class Context {
  readonly io: Io;
  readonly json: boolean;
  readonly quiet: boolean;
  readonly interval: number;
  /** Bars on a terminal; one line per change in a pipe, a file or CI. */
  readonly live: boolean;
  readonly #baseUrlFlag: string | undefined;
  #client: DubbingClient | undefined;
  #credentials: FoundCredentials | undefined;
  #found: FoundCredentials | undefined;
  #notes: ((line: string) => void) | undefined;

  constructor(io: Io, options: GlobalOptions) {
    this.io = io;
    this.json = options.json ?? false;
    this.quiet = options.quiet ?? false;
    this.interval = options.interval ?? DEFAULT_INTERVAL_MS;
    this.#baseUrlFlag =
      options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl, '--base-url');
    this.live = io.stderr.isTTY === true && !io.env.CI && io.env.TERM !== 'dumb';
  }

  /** The environment with .env filling in what it leaves unset. */
  get variables(): Record<string, string | undefined> {
    return loadEnv(this.io.cwd, this.io.env);
  }

  /** Which setting gave the service's address, for messages; undefined for the default. */
  get baseUrlSource(): '--base-url' | 'DUBKIT_BASE_URL' | undefined {
    if (this.#baseUrlFlag !== undefined) return '--base-url';
    return this.variables.DUBKIT_BASE_URL ? 'DUBKIT_BASE_URL' : undefined;
  }

  get baseUrl(): string | undefined {
    if (this.#baseUrlFlag !== undefined) return this.#baseUrlFlag;
    const fromEnv = this.variables.DUBKIT_BASE_URL;
    return fromEnv ? checkBaseUrl(fromEnv, 'DUBKIT_BASE_URL') : undefined;
  }

  /** Uses these credentials instead of looking for them (`dubkit auth login` checks a token before keeping it). */
  useCredentials(credentials: Credentials, source: string): void {
    this.#found = { credentials, source };
  }

  /** Which credentials the client uses, in words for messages. */
  get credentialSource(): string | undefined {
    return this.#credentials?.source;
  }

  /** Created on first use, so that `--help` and usage errors need no credentials. */
  get client(): DubbingClient {
    if (!this.#client) {
      const variables = this.variables;
      const found = this.#found ?? fromVariables(variables) ?? readStored(this.io.env);
      if (!found) {
        throw usageError(
          'no credentials: set DUBKIT_TOKEN (or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET) in the environment ' +
            'or a .env file, or run `dubkit auth login`',
        );
      }
      this.#credentials = found;
      const baseUrl = this.baseUrl;
      this.#refuseForeignSignIn(found, baseUrl, variables);
      try {
        this.#client = new DubbingClient({
          env: variables,
          logger: this.#logger(),
          ...found.credentials,
          ...(baseUrl ? { baseUrl } : {}),
        });
      } catch (error) {
        if (error instanceof DubkitError) throw usageError(error.message);
        throw error;
      }
    }
    return this.#client;
  }

  /**
   * Client credentials are exchanged for a token at the hosted service's sign-in server unless DUBKIT_TOKEN_URL
   * says otherwise: with another service (a local emulator, a private deployment) that would send its client id
   * and secret to a server that does not know them. Refused before any request, naming the variable that fixes it.
   */
  #refuseForeignSignIn(
    found: FoundCredentials,
    baseUrl: string | undefined,
    variables: Record<string, string | undefined>,
  ): void {
    if (!('clientId' in found.credentials) || baseUrl === undefined || variables.DUBKIT_TOKEN_URL) return;
    if (new URL(baseUrl).origin === new URL(DEFAULT_BASE_URL).origin) return;
    const where = this.baseUrlSource;
    throw usageError(
      `${found.source} would be sent to the hosted service's sign-in server, not to ${shownUrl(baseUrl)} ` +
        `(${where}): set DUBKIT_TOKEN_URL to that service's token address (the emulator's is ` +
        `${new URL('/oauth2/token', baseUrl).href}), or use DUBKIT_TOKEN`,
    );
  }

  /**
   * The global flags this run was given, to repeat in the commands a message suggests (a resume hint must talk
   * to the same service, the same way).
   */
  globalFlags(): string[] {
    return [
      ...(this.#baseUrlFlag === undefined ? [] : ['--base-url', this.#baseUrlFlag]),
      ...(this.interval === DEFAULT_INTERVAL_MS ? [] : ['--interval', String(this.interval)]),
      ...(this.json ? ['--json'] : []),
      ...(this.quiet ? ['--quiet'] : []),
    ];
  }

  /** The client's warnings as single lines on standard error: a multi-line object dump would tear the bars. */
  #logger(): Logger {
    const line = (message: string, details?: Record<string, unknown>) =>
      this.note(redactUrls(details ? `${message} ${JSON.stringify(details)}` : message));
    return { error: line, warn: line, info: line, debug: line };
  }

  /** A line of the result for people (nothing in --json mode, where `result` prints the one document). */
  say(line: string): void {
    if (!this.json) this.io.stdout.write(`${line}\n`);
  }

  /** Progress and notes: always standard error, so standard output stays the result; none with --quiet. */
  note(line: string): void {
    if (this.quiet) return;
    this.warn(line);
  }

  /** What must be seen even with --quiet: problems in the input, and how to resume. */
  warn(line: string): void {
    if (this.#notes) this.#notes(line);
    else this.io.stderr.write(`${line}\n`);
  }

  /** While bars are drawn, notes must go above them (through the bars), or they would tear the drawing. */
  routeNotes(to: ((line: string) => void) | undefined): void {
    this.#notes = to;
  }

  /** The one JSON document of --json mode. */
  result(value: unknown): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  async close(): Promise<void> {
    await this.#client?.close();
  }
}
