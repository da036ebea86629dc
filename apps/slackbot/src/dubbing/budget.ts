// One budget of requests per second to a dubbing account, shared by everything the process asks of it,
// so that thousands of jobs never add up to a burst (each account its own: RequestBudget.alike). It sits in the HTTP layer (an undici dispatcher), so
// every request counts: polls, uploads, retries and the polls inside an upload alike; and a 429 pauses it
// for every caller, for as long as the service asked.
import { Agent, type Dispatcher } from 'undici';

export class RequestBudget {
  readonly #spacingMs: number;
  readonly #burst: number;
  readonly #now: () => number;
  #nextSlot = 0;
  /** Told of every answer's status and of every pause (the metrics count them). */
  observer: BudgetObserver | undefined;

  /** `perSecond` requests a second on average, with bursts of up to `burst` after a quiet time. */
  constructor(perSecond: number, options: { burst?: number; now?: () => number } = {}) {
    this.#spacingMs = 1000 / perSecond;
    this.#burst = options.burst ?? Math.max(1, Math.ceil(perSecond / 10));
    this.#now = options.now ?? Date.now;
  }

  /**
   * A budget of the same rate and burst, of its own (the service limits each account on its own, so one
   * account's backlog or 429 never holds another's requests), telling this one's observer of everything.
   */
  alike(): RequestBudget {
    const budget = new RequestBudget(1000 / this.#spacingMs, { burst: this.#burst, now: this.#now });
    budget.observer = {
      answered: (status) => this.observer?.answered(status),
      paused: (ms) => this.observer?.paused(ms),
    };
    return budget;
  }

  /** Resolves when the caller may send one request. */
  async take(): Promise<void> {
    const now = this.#now();
    const slot = Math.max(this.#nextSlot, now - this.#spacingMs * (this.#burst - 1));
    this.#nextSlot = slot + this.#spacingMs;
    const wait = slot - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** No request before `ms` from now (the service answered 429 with Retry-After). */
  pauseFor(ms: number): void {
    this.#nextSlot = Math.max(this.#nextSlot, this.#now() + ms);
    this.observer?.paused(ms);
  }
}

export interface BudgetObserver {
  answered(status: number): void;
  paused(ms: number): void;
}

/** How long a 429 without a usable Retry-After pauses the budget. */
const DEFAULT_PAUSE_MS = 1_000;
/** A Retry-After longer than this is not believed (the client gives up on such a wait anyway). */
const MAX_PAUSE_MS = 60_000;

/**
 * A dispatcher that sends each request only when the budget allows, and pauses the budget when the
 * service answers 429. `base` does the sending (a keep-alive Agent by default; the bench passes its own).
 */
export function budgetDispatcher(
  budget: RequestBudget,
  base: Dispatcher = new Agent({ keepAliveTimeout: 10_000 }),
) {
  return base.compose((dispatch) => (options, handler) => {
    budget.take().then(() => dispatch(options, watchFor429(handler, budget)));
    return true;
  });
}

type Handler = Dispatcher.DispatchHandler;

/** The handler as it was, except that a 429 is seen first (in either of undici's handler styles). */
function watchFor429(handler: Handler, budget: RequestBudget): Handler {
  const seen = (status: number, header: (name: string) => string | undefined) => {
    budget.observer?.answered(status);
    if (status === 429) budget.pauseFor(pauseOf(header('retry-after-ms'), header('retry-after')));
  };
  return new Proxy(handler, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'onResponseStart') {
        return (
          controller: unknown,
          status: number,
          headers: Record<string, string | string[] | undefined>,
          ...rest: unknown[]
        ) => {
          seen(status, (name) => first(headers[name]));
          return value.call(target, controller, status, headers, ...rest);
        };
      }
      if (property === 'onHeaders') {
        return (status: number, raw: Buffer[] | string[] | null, ...rest: unknown[]) => {
          seen(status, (name) => rawHeader(raw, name));
          return value.call(target, status, raw, ...rest);
        };
      }
      return value.bind(target);
    },
  });
}

/** The pause a 429 asks for: `retry-after-ms`, else `Retry-After` in seconds or as an HTTP date. */
export function pauseOf(
  retryAfterMs: string | undefined,
  retryAfter: string | undefined,
  now = Date.now(),
): number {
  const ms = Number(retryAfterMs);
  if (retryAfterMs !== undefined && Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_PAUSE_MS);
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_PAUSE_MS);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - now), MAX_PAUSE_MS);
  }
  return DEFAULT_PAUSE_MS;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function rawHeader(raw: Buffer[] | string[] | null, name: string): string | undefined {
  if (!raw) return undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === name) return String(raw[i + 1]);
  }
  return undefined;
}
