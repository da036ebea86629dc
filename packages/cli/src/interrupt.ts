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

/** What to run to pick up where Ctrl-C left: wait for all, or download one that is done. */
export function resumeHint(ids: readonly string[], out: string | undefined): string {
  const folder = out === undefined ? '' : ` --out ${quote(out)}`;
  return [
    'Stopped waiting; the projects go on at the service. To resume:',
    `  dubkit wait ${ids.join(' ')}${folder}`,
    ...(out === undefined ? [] : ids.map((id) => `  dubkit download ${id}${folder}`)),
  ].join('\n');
}

function quote(path: string): string {
  return /^[\w./@:-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
