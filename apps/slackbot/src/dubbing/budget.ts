// One budget of requests per second to the dubbing service, shared by every poll and upload of the process,
// so that thousands of jobs never add up to a burst; a 429 pauses it for the time the service asked.

export class RequestBudget {
  readonly #spacingMs: number;
  readonly #burst: number;
  readonly #now: () => number;
  #nextSlot = 0;

  /** `perSecond` requests a second on average, with bursts of up to `burst` after a quiet time. */
  constructor(perSecond: number, options: { burst?: number; now?: () => number } = {}) {
    this.#spacingMs = 1000 / perSecond;
    this.#burst = options.burst ?? Math.max(1, Math.ceil(perSecond / 10));
    this.#now = options.now ?? Date.now;
  }

  /** Resolves when the caller may send one request. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.#now();
    const slot = Math.max(this.#nextSlot, now - this.#spacingMs * (this.#burst - 1));
    this.#nextSlot = slot + this.#spacingMs;
    const wait = slot - now;
    if (wait > 0) await sleep(wait, signal);
  }

  /** No request before `ms` from now (the service answered 429 with Retry-After). */
  pauseFor(ms: number): void {
    this.#nextSlot = Math.max(this.#nextSlot, this.#now() + ms);
  }
}

/**
 * The service with every call made within the budget (each waits for its slot first); `describeStatus`
 * and other local helpers named in `local` pass straight through.
 */
export function withBudget<T extends object>(service: T, budget: RequestBudget, local: string[] = []): T {
  return new Proxy(service, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || local.includes(String(property))) return value;
      return async (...args: unknown[]) => {
        await budget.take();
        return value.apply(target, args);
      };
    },
  });
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
