// What the CLI says about an error a command did not handle itself, and with which exit status: the client's
// errors (a closed port, https against a plain http server, a refused token) put in the words of the flags and
// variables a person can change. packages/cli/README.md lists every message in one table.
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  DEFAULT_BASE_URL,
  DubkitError,
  NotFoundError,
  TimeoutError,
} from '@dubkit/core';
import type { Context } from './context.ts';
import { CliError, EXIT } from './exit-codes.ts';

/** Exit status for an error a command did not handle itself. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.code;
  if (error instanceof AbortError) return EXIT.interrupted;
  // The service could not be reached or refused the credentials: nothing about the input was judged.
  if (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof AuthenticationError
  ) {
    return EXIT.usage;
  }
  if (error instanceof ApiError || error instanceof DubkitError) return EXIT.failed;
  return EXIT.usage;
}

/** Why a connection failed, and what to do, by the system's code; undefined for codes not explained here. */
function connectionProblem(codes: readonly string[]): { why: string; todo: string } | undefined {
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code));
  if (has('ECONNREFUSED')) return { why: 'nothing answers there (connection refused)', todo: 'start it, or' };
  if (has('ENOTFOUND', 'EAI_AGAIN')) return { why: 'the host name is not known', todo: '' };
  if (has('ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EPROTO')) {
    return { why: 'it does not answer https there', todo: 'for a local service use http://, or' };
  }
  const certificate = codes.find((code) => /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code));
  if (certificate) return { why: `its certificate is not trusted (${certificate})`, todo: '' };
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE')) {
    return { why: 'the connection was cut', todo: 'try again, or' };
  }
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH')) {
    return { why: 'no answer from there', todo: 'check the network, or' };
  }
  return undefined;
}

/** Which setting names the address `origin`: the flag, a variable, or the default. */
function settingOf(origin: string, context: Context | undefined): string {
  let tokenUrl: string | undefined;
  let source: string | undefined;
  try {
    tokenUrl = context?.variables.DUBKIT_TOKEN_URL;
    source = context?.baseUrlSource;
  } catch {
    // An unreadable .env has its own message; here it only means the setting cannot be named.
  }
  if (tokenUrl && URL.canParse(tokenUrl) && new URL(tokenUrl).origin === origin) return 'DUBKIT_TOKEN_URL';
  if (source) return source;
  return origin === new URL(DEFAULT_BASE_URL).origin
    ? 'the default; --base-url or DUBKIT_BASE_URL'
    : 'a link';
}

function connectionMessage(error: ConnectionError, context: Context | undefined): string {
  const problem = connectionProblem(error.codes);
  const address = /\bhttps?:\/\/[^\s/]+/.exec(error.message)?.[0];
  if (!problem || !address) return error.message;
  const setting = settingOf(new URL(address).origin, context);
  const check = setting.startsWith('the default') ? 'check the address' : `check ${setting}`;
  return `cannot reach ${address} (${setting}): ${problem.why}; ${problem.todo ? `${problem.todo} ` : ''}${check}`;
}

/** The error in the CLI's words. */
export function messageOf(error: unknown, context: Context | undefined): string {
  if (error instanceof AuthenticationError) {
    const source = context?.credentialSource ?? 'the credentials';
    return `the service refused ${source} (${error.message}): check the token, or run \`dubkit auth login\``;
  }
  if (error instanceof NotFoundError) {
    return `the service does not know that id (${error.message}): check it; \`dubkit projects\` lists the projects`;
  }
  if (error instanceof ConnectionError) return connectionMessage(error, context);
  const cause = error instanceof DubkitError ? error.cause : undefined;
  if (cause instanceof ConnectionError) return connectionMessage(cause, context);
  return error instanceof Error ? error.message : String(error);
}
