// The growth check of the property tests: a hostile shape read at n and at 4n must take at most 6× the time (linear
// is 4×; quadratic would be 16×). Time is this process's CPU time, not the clock's, so that other processes on a
// shared machine do not count; runs at both sizes alternate and the fastest of each counts.

function time(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** Time at 4n over time at n for `run` on `build(n)` and `build(4n)`, the inputs built outside the timing. */
export function growthRatio(
  build: (n: number) => string,
  run: (input: string) => unknown,
  n: number,
): number {
  const small = build(n);
  const large = build(4 * n);
  run(small); // compiled and warm before it is timed
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    smallMs = Math.min(
      smallMs,
      time(() => run(small)),
    );
    largeMs = Math.min(
      largeMs,
      time(() => run(large)),
    );
  }
  return largeMs / smallMs;
}
