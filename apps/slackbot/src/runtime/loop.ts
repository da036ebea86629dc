// A background loop that runs a round of work, goes on at once while there is work, otherwise waits
// `idleMs` or until woken; stop() waits for the round in progress. Used by the tracker, the lip-sync runner
// and the deliverer.
//
// A round that throws is almost always the database being away (a PostgreSQL restart, a network cut): every
// round would fail the same way, so consecutive failures back off (doubling from `idleMs` to
// `maxBackoffMs`, 5 s by default, so a replica resumes within seconds of the database; a wake-up does not
// shorten the wait) and the outage is logged once when it begins and once when a round succeeds again — not
// once per round, which would flood the log of every replica.
import type { Logger } from 'pino';

/** Told of every round of every loop in the process (the metrics count them). */
export interface LoopObserver {
  round(name: string, result: 'busy' | 'idle' | 'failed', durationMs: number): void;
}
const observers = new Set<LoopObserver>();

/** Starts telling `observer` of every round; returns what stops it. */
export function observeLoops(observer: LoopObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export interface LoopOptions {
  idleMs: number;
  logger: Logger;
  name: string;
  /** The longest wait after consecutive failed rounds (default 5 s). */
  maxBackoffMs?: number;
}

export class Loop {
  readonly #round: () => Promise<boolean>;
  readonly #idleMs: number;
  readonly #maxBackoffMs: number;
  readonly #logger: Logger;
  readonly #name: string;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #wakeUp: (() => void) | undefined;
  #woken = false;
  #failures = 0;
  #failingSince = 0;
  #done: Promise<void> = Promise.resolve();

  constructor(round: () => Promise<boolean>, options: LoopOptions) {
    this.#round = round;
    this.#idleMs = options.idleMs;
    this.#maxBackoffMs = Math.max(options.maxBackoffMs ?? 5_000, options.idleMs);
    this.#logger = options.logger;
    this.#name = options.name;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#done = this.#run();
  }

  wake(): void {
    this.#woken = true;
    // While failing, the backoff's wait is kept: waking would turn it back into a round per request.
    if (this.#failures === 0) this.#wakeUp?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#woken = true;
    this.#wakeUp?.();
    await this.#done;
  }

  /** Consecutive failed rounds so far (0 while healthy). */
  get failures(): number {
    return this.#failures;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let busy = false;
      this.#woken = false;
      const started = performance.now();
      try {
        busy = await this.#round();
        for (const o of observers) o.round(this.#name, busy ? 'busy' : 'idle', performance.now() - started);
        if (this.#failures > 0) {
          this.#logger.info(
            { loop: this.#name, failedRounds: this.#failures, outageMs: Date.now() - this.#failingSince },
            'rounds succeed again',
          );
          this.#failures = 0;
        }
      } catch (error) {
        for (const o of observers) o.round(this.#name, 'failed', performance.now() - started);
        if (this.#failures === 0) {
          this.#failingSince = Date.now();
          this.#logger.error({ err: error, loop: this.#name }, 'round failed; retrying with backoff');
        }
        this.#failures += 1;
      }
      if (!this.#running) break;
      const wait =
        this.#failures > 0
          ? Math.min(this.#maxBackoffMs, this.#idleMs * 2 ** Math.min(this.#failures - 1, 20))
          : busy || this.#woken
            ? 0
            : this.#idleMs;
      if (wait > 0) {
        await new Promise<void>((resolve) => {
          this.#wakeUp = resolve;
          this.#timer = setTimeout(resolve, wait);
        });
        clearTimeout(this.#timer);
        this.#wakeUp = undefined;
      }
    }
  }
}
