// @dubkit/cli: the `dubkit` command. `run` executes a command line in-process (scripts, tests, benchmarks).

export type { Io } from './context.ts';
export { EXIT, type ExitCode } from './exit-codes.ts';
export { run, VERSION } from './program.ts';
