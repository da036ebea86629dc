// A background loop that runs a round of work, goes on at once while there is work, otherwise waits
// `idleMs` or until woken; stop() waits for the round in progress. Used by the tracker and the deliverer.
import type { Logger } from 'pino';

export class Loop {
  readonly #round: () => Promise<boolean>;
  readonly #idleMs: number;
  readonly #logger: Logger;
  readonly #name: string;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #wakeUp: (() => void) | undefined;
  #woken = false;
  #done: Promise<void> = Promise.resolve();

  constructor(round: () => Promise<boolean>, options: { idleMs: number; logger: Logger; name: string }) {
    this.#round = round;
    this.#idleMs = options.idleMs;
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
    this.#wakeUp?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#done;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let busy = false;
      this.#woken = false;
      try {
        busy = await this.#round();
      } catch (error) {
        this.#logger.error({ err: error, loop: this.#name }, 'round failed');
      }
      if (!this.#running) break;
      if (!busy && !this.#woken) {
        await new Promise<void>((resolve) => {
          this.#wakeUp = resolve;
          this.#timer = setTimeout(resolve, this.#idleMs);
        });
        clearTimeout(this.#timer);
        this.#wakeUp = undefined;
      }
    }
  }
}
