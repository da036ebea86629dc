// Growth checks for the parsers (the security issue on super-linear parsing): each hostile input shape is timed at
// 10 KB and at 100 KB, and the time must grow about as the input does (×10), not as its square (×100) or cube.
// The goal allows ×20: at 10 KB a parse takes tens of microseconds, where caches and timer resolution still weigh.
import { median } from './measure.ts';

export const SMALL_BYTES = 10_000;
export const LARGE_BYTES = 100_000;
export const GROWTH_GOAL = 20;

export interface Shape<Input> {
  name: string;
  /** The hostile input of about `bytes` bytes (characters, for text). */
  build: (bytes: number) => Input;
  /** One parse; its result is checked by `check` so that a parser cannot win by doing nothing. */
  run: (input: Input) => unknown;
  /** Throws when the result is wrong for this shape. */
  check?: (result: unknown, input: Input) => void;
}

export interface Growth {
  name: string;
  smallMs: number;
  largeMs: number;
  ratio: number;
  pass: boolean;
}

/** Time per call: the call repeated until 20 ms have passed (at least three times). */
export function timePerCall(run: () => unknown): number {
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (calls < 3 || elapsed < 20) {
    run();
    calls++;
    elapsed = performance.now() - started;
  }
  return elapsed / calls;
}

const ROUNDS = 9;

/**
 * Both sizes are timed side by side in each of nine rounds, and the ratio is the median of the rounds' ratios:
 * the machine is shared, and two runs a few milliseconds apart see about the same load.
 */
export function measureGrowth<Input>(shape: Shape<Input>): Growth {
  const small = shape.build(SMALL_BYTES);
  const large = shape.build(LARGE_BYTES);
  for (const input of [small, large]) shape.check?.(shape.run(input), input);
  // One untimed pass over both sizes first, so that neither pays for compiling the parser.
  shape.run(small);
  shape.run(large);
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const smallMs = timePerCall(() => shape.run(small));
    const largeMs = timePerCall(() => shape.run(large));
    smallTimes.push(smallMs);
    largeTimes.push(largeMs);
    ratios.push(largeMs / smallMs);
  }
  const ratio = median(ratios);
  return {
    name: shape.name,
    smallMs: median(smallTimes),
    largeMs: median(largeTimes),
    ratio,
    pass: ratio <= GROWTH_GOAL,
  };
}

/** A shape ready to measure, whatever its input type. */
export type Measurement = () => Growth;

export function shape<Input>(definition: Shape<Input>): Measurement {
  return () => measureGrowth(definition);
}

/** Measures every shape, prints one line each, and returns whether all met the goal. */
export function reportGrowth(shapes: readonly Measurement[]): boolean {
  console.log(
    `growth on hostile input: time per call at ${SMALL_BYTES / 1000} KB and ${LARGE_BYTES / 1000} KB (medians), ratio = median of ${ROUNDS} side-by-side rounds, goal ≤ ${GROWTH_GOAL} (linear is 10)`,
  );
  let allPass = true;
  for (const measure of shapes) {
    const growth = measure();
    allPass &&= growth.pass;
    console.log(
      `  ${growth.pass ? 'PASS' : 'FAIL'} ${growth.name.padEnd(46)} ${growth.smallMs.toFixed(3).padStart(8)} ms ${growth.largeMs.toFixed(3).padStart(9)} ms  ×${growth.ratio.toFixed(1)}`,
    );
  }
  return allPass;
}
