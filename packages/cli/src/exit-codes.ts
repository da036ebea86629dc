// One meaning per exit status, the same in every dubkit command line tool.

/** 0 done; 1 a project failed or the input has errors; 2 wrong usage, or a file or the service unreachable. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** Ctrl-C: the shell's convention (128 + SIGINT), so that a script can tell "stopped" from "failed". */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A problem the command reports in one sentence (no stack trace) and exits with `code`. */
export class CliError extends Error {
  override name = 'CliError';
  readonly code: ExitCode;

  constructor(message: string, code: ExitCode) {
    super(message);
    this.code = code;
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
export const inputError = (message: string) => new CliError(message, EXIT.failed);
