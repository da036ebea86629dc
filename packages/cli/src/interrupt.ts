// Ctrl-C while waiting: the first stops the waiting (the projects go on at the service) and lets the command say
// how to resume; a second one exits at once.
import { EXIT } from './exit-codes.ts';

export interface Interrupt {
  signal: AbortSignal;
  dispose(): void;
}

export function onInterrupt(): Interrupt {
  const controller = new AbortController();
  const handler = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

/**
 * What to run to pick up where Ctrl-C left: wait for all, or download one that is done. `flags` are the run's
 * own (--base-url and the rest, from Context.globalFlags, and --force), so the hint reaches the same service.
 */
export function resumeHint(
  ids: readonly string[],
  out: string | undefined,
  flags: readonly string[],
): string {
  return [
    'Stopped waiting; the projects go on at the service. To resume:',
    `  ${resumeCommand(['wait', ...ids], out, flags)}`,
    ...(out === undefined ? [] : ids.map((id) => `  ${resumeCommand(['download', id], out, flags)}`)),
  ].join('\n');
}

/** The flags of `flags` that belong after the command's words (they are options of wait/download), with their value count. */
const COMMAND_FLAGS: Record<string, number> = { '--force': 0, '--formats': 1, '--frame-rate': 1 };

/**
 * `dubkit <global flags> <command…> [--out folder] [--formats …] [--force]`, each word quoted for a POSIX shell
 * where it needs to be.
 */
export function resumeCommand(
  words: readonly string[],
  out: string | undefined,
  flags: readonly string[],
): string {
  const global: string[] = [];
  const own: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const arity = COMMAND_FLAGS[flags[i]!];
    if (arity === undefined) global.push(flags[i]!);
    else {
      own.push(...flags.slice(i, i + 1 + arity));
      i += arity;
    }
  }
  return ['dubkit', ...global, ...words, ...(out === undefined ? [] : ['--out', out]), ...own]
    .map(quote)
    .join(' ');
}

export function quote(word: string): string {
  return /^[\w./@:=,+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
