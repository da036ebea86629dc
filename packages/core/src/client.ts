// DubbingClient: owns the configuration (base URL, auth, timeout, retries, logging, one keep-alive dispatcher)
// and the resources, which all send through the one transport.
import { Agent, type Dispatcher } from 'undici';
import {
  type Auth,
  ClientCredentialsAuth,
  DEFAULT_SCOPES,
  DEFAULT_TOKEN_URL,
  StaticTokenAuth,
} from './auth.ts';
import { DubkitError } from './errors.ts';
import { isLogLevel, type Logger, type LogLevel, levelled } from './logger.ts';
import { Credits } from './resources/credits.ts';
import { Glossaries } from './resources/glossaries.ts';
import { Lipsync } from './resources/lipsync.ts';
import { Media } from './resources/media.ts';
import { Projects } from './resources/projects.ts';
import { Transcription } from './resources/transcription.ts';
import { Transcriptions } from './resources/transcriptions.ts';
import { tokenResponseSchema } from './schemas/account.ts';
import { Transport } from './transport.ts';

export const DEFAULT_BASE_URL = 'https://api.rask.ai';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;

export interface DubbingClientOptions {
  /** Default: DUBKIT_BASE_URL, else https://api.rask.ai. */
  baseUrl?: string;
  /** A static bearer token. Default: DUBKIT_TOKEN. */
  token?: string;
  /** OAuth2 client credentials instead of a token. Default: DUBKIT_CLIENT_ID / DUBKIT_CLIENT_SECRET. */
  clientId?: string;
  clientSecret?: string;
  /** Default: the service's token endpoint. */
  tokenUrl?: string;
  /** Default: api/source api/input api/output api/limit. */
  scopes?: readonly string[];
  /**
   * The longest silence tolerated per attempt (no response yet, or no progress of the body either way);
   * an upload that keeps moving never times out. Default 60 s.
   */
  timeoutMs?: number;
  /** Retries after the first attempt, within the retry rules. Default 2. */
  maxRetries?: number;
  /** Backoff between retries when the service gives no Retry-After. Default 500 ms doubling up to 8 s. */
  retryDelay?: { initialMs?: number; maxMs?: number };
  /** Default: the console. */
  logger?: Logger;
  /** Default: DUBKIT_LOG, else `warn`. `debug` logs every retry (credentials redacted). */
  logLevel?: LogLevel;
  /** An undici Dispatcher (Agent, Pool, MockAgent, ProxyAgent). Default: one keep-alive Agent per client. */
  dispatcher?: Dispatcher;
  /** Where the defaults are read from. Default: process.env. */
  env?: Record<string, string | undefined>;
}

const VERSION = '0.1.0';

const consoleLogger: Logger = {
  error: (message, details) => console.error(message, ...(details ? [details] : [])),
  warn: (message, details) => console.warn(message, ...(details ? [details] : [])),
  info: (message, details) => console.info(message, ...(details ? [details] : [])),
  debug: (message, details) => console.debug(message, ...(details ? [details] : [])),
};

export class DubbingClient {
  readonly baseUrl: string;
  readonly media: Media;
  readonly projects: Projects;
  readonly transcription: Transcription;
  readonly transcriptions: Transcriptions;
  readonly glossaries: Glossaries;
  readonly lipsync: Lipsync;
  readonly credits: Credits;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;

  constructor(options: DubbingClientOptions = {}) {
    const env = options.env ?? process.env;
    this.baseUrl = options.baseUrl ?? env.DUBKIT_BASE_URL ?? DEFAULT_BASE_URL;
    if (!URL.canParse(this.baseUrl)) {
      throw new DubkitError(
        `Invalid baseUrl ${JSON.stringify(this.baseUrl)}: expected an absolute URL such as ${DEFAULT_BASE_URL}`,
      );
    }
    const logLevel = options.logLevel ?? (isLogLevel(env.DUBKIT_LOG) ? env.DUBKIT_LOG : 'warn');
    const logger = levelled(options.logger ?? consoleLogger, logLevel);
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000 });

    let auth: Auth | undefined;
    const transport = new Transport({
      baseUrl: this.baseUrl,
      dispatcher: this.#dispatcher,
      get auth() {
        return auth;
      },
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      backoff: { initialMs: options.retryDelay?.initialMs ?? 500, maxMs: options.retryDelay?.maxMs ?? 8000 },
      logger,
      userAgent: `dubkit-core/${VERSION} node/${process.versions.node}`,
      ownDispatcher: this.#ownsDispatcher,
    });
    auth = makeAuth(options, env, async ({ url, authorization, form }) => {
      const response = await transport.request({
        method: 'POST',
        path: url,
        auth: false,
        retry: 'idempotent',
        headers: { authorization },
        body: {
          contentType: 'application/x-www-form-urlencoded',
          length: Buffer.byteLength(form),
          open: () => form,
          replayable: true,
        },
        schema: tokenResponseSchema,
      });
      return response.data;
    });

    this.media = new Media(transport);
    this.projects = new Projects(transport);
    this.transcription = new Transcription(transport);
    this.transcriptions = new Transcriptions(transport);
    this.glossaries = new Glossaries(transport);
    this.lipsync = new Lipsync(transport);
    this.credits = new Credits(transport);
  }

  /** Closes the keep-alive connections if the client created its dispatcher (a passed one is left open). */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }
}

function makeAuth(
  options: DubbingClientOptions,
  env: Record<string, string | undefined>,
  requestToken: ConstructorParameters<typeof ClientCredentialsAuth>[1],
): Auth {
  const explicitCredentials = options.clientId !== undefined || options.clientSecret !== undefined;
  const token = options.token ?? (explicitCredentials ? undefined : env.DUBKIT_TOKEN);
  if (token !== undefined && token !== '') return new StaticTokenAuth(token);
  const clientId = options.clientId ?? env.DUBKIT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? env.DUBKIT_CLIENT_SECRET;
  if (clientId && clientSecret) {
    const tokenUrl = options.tokenUrl ?? env.DUBKIT_TOKEN_URL ?? DEFAULT_TOKEN_URL;
    return new ClientCredentialsAuth(
      { clientId, clientSecret, tokenUrl, scopes: options.scopes ?? DEFAULT_SCOPES },
      requestToken,
    );
  }
  throw new DubkitError(
    clientId || clientSecret
      ? 'Client credentials need both clientId and clientSecret (or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET)'
      : 'No credentials: pass `token`, or `clientId` and `clientSecret`, or set DUBKIT_TOKEN ' +
          '(or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET)',
  );
}
