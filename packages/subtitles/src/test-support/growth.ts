// The growth check of the property tests: a hostile shape read at n and at 4n must take at most 6× the time (linear
// is 4×; quadratic would be 16×). Time is this process's CPU time, not the clock's, so that other processes on a
// shared machine do not count; runs at both sizes alternate and the fastest of each counts. A run too short to
// time well (a few milliseconds, where one tick of the CPU clock or a neighbour thread's slice is a large share) is
// repeated within one timing until it takes TIMED_MS, the same number of times at both sizes.

const TIMED_MS = 20;
const MAX_REPEATS = 64;

function time(run: () => unknown, repeats = 1): number {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i++) run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000 / repeats;
}

/** Time at 4n over time at n for `run` on `build(n)` and `build(4n)`, the inputs built outside the timing. */
export function growthRatio(
  build: (n: number) => string,
  run: (input: string) => unknown,
  n: number,
): number {
  const small = build(n);
  const large = build(4 * n);
  const once = time(() => run(small)); // compiled and warm before it is timed
  const repeats = Math.min(MAX_REPEATS, Math.max(1, Math.ceil(TIMED_MS / Math.max(once, 0.01))));
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    smallMs = Math.min(
      smallMs,
      time(() => run(small), repeats),
    );
    largeMs = Math.min(
      largeMs,
      time(() => run(large), repeats),
    );
  }
  return largeMs / smallMs;
}
