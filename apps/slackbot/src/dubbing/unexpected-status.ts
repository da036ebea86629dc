// A project status the app does not know is the service's text and nothing more: it may hold a host, a path,
// a token or a stack frame. People see "An unexpected state (support id s-…)"; the raw text goes to the log
// once, under that id. The id comes from the text itself, so every redraw and every replica names the same one.
import { createHash } from 'node:crypto';
import type { StatusInfo } from './service.ts';

/** At most this many distinct statuses are remembered as logged (a hostile service could send endless ones). */
const REMEMBERED = 1_000;

export interface StatusLog {
  warn(details: object, message: string): void;
}

/** The id an unexpected status is logged and shown under. */
export function supportIdOf(status: string): string {
  return `s-${createHash('sha256').update(status).digest('hex').slice(0, 8)}`;
}

export class UnexpectedStatuses {
  readonly #log: StatusLog | undefined;
  readonly #logged = new Set<string>();

  constructor(log?: StatusLog) {
    this.#log = log;
  }

  /** What an unknown status is shown as: a failure when it says so (`…_failed`), else a stage that goes on. */
  describe(status: string, failed: boolean): StatusInfo {
    const supportId = supportIdOf(status);
    if (!this.#logged.has(supportId)) {
      if (this.#logged.size >= REMEMBERED) this.#logged.clear();
      this.#logged.add(supportId);
      this.#log?.warn({ status, supportId }, 'the dubbing service reported a status the app does not know');
    }
    return {
      label: `An unexpected state (support id ${supportId})`,
      progress: 0,
      terminal: failed,
      failed,
      supportId,
    };
  }
}
