// The emulator's clock: wall time plus an offset that tests and the admin endpoint can move forward.
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves time forward: pipelines, media processing, lip-sync and token expiry all see the jump. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Cannot advance the clock by ${ms} ms`);
    this.offsetMs += ms;
    return this.now();
  }
}

/** A clock reading as the service writes dates: ISO 8601 in UTC. */
export const iso = (ms: number): string => new Date(ms).toISOString();
