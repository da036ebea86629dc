// What every command gets: the client (credentials from the environment or .env, --base-url), where results
// and progress go, and whether to speak JSON or to people.
import { DubbingClient, DubkitError, type Logger } from '@dubkit/core';
import { loadEnv } from './env.ts';
import { usageError } from './exit-codes.ts';

export interface Io {
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
}

export class Context {
  readonly io: Io;
  readonly json: boolean;
  readonly interval: number;
  /** Bars on a terminal; one line per change in a pipe, a file or CI. */
  readonly live: boolean;
  readonly #baseUrl: string | undefined;
  #client: DubbingClient | undefined;
  #notes: ((line: string) => void) | undefined;

  constructor(io: Io, options: GlobalOptions) {
    this.io = io;
    this.json = options.json ?? false;
    this.interval = options.interval ?? 2000;
    this.#baseUrl = options.baseUrl;
    this.live = io.stderr.isTTY === true && !io.env.CI;
  }

  /** Created on first use, so that `--help` and usage errors need no credentials. */
  get client(): DubbingClient {
    if (!this.#client) {
      try {
        this.#client = new DubbingClient({
          env: loadEnv(this.io.cwd, this.io.env),
          logger: this.#logger(),
          ...(this.#baseUrl ? { baseUrl: this.#baseUrl } : {}),
        });
      } catch (error) {
        if (error instanceof DubkitError) throw usageError(error.message);
        throw error;
      }
    }
    return this.#client;
  }

  /** The client's warnings as single lines on standard error: a multi-line object dump would tear the bars. */
  #logger(): Logger {
    const line = (message: string, details?: Record<string, unknown>) =>
      this.note(details ? `${message} ${JSON.stringify(details)}` : message);
    return { error: line, warn: line, info: line, debug: line };
  }

  /** A line of the result for people (nothing in --json mode, where `result` prints the one document). */
  say(line: string): void {
    if (!this.json) this.io.stdout.write(`${line}\n`);
  }

  /** Progress and notes: always standard error, so standard output stays the result. */
  note(line: string): void {
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
