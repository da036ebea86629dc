// One race for the benches of detectors over message text (links, mentions): each hostile text read by the
// detector and by the code it replaced, same run, the median of a few calls each, against a goal per call.
import { median } from './measure.ts';

export interface TextRace {
  texts: Record<string, string>;
  /** The detector as it is, and its name in the table. */
  now: [name: string, read: (text: string) => unknown];
  /** The code it replaced, kept in the bench as the baseline. */
  before: [name: string, read: (text: string) => unknown];
  goalMs: number;
  runs: number;
}

function time(read: (text: string) => unknown, text: string, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    read(text);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** Prints the table and the verdict, and exits 1 when a text misses the goal. */
export function raceOnTexts(race: TextRace): never {
  const [nowName, readNow] = race.now;
  const [beforeName, readBefore] = race.before;
  // Warmed up first, so that the first text does not pay for compiling the detector.
  for (const text of Object.values(race.texts)) readNow(text);
  const width = Math.max(4, ...Object.keys(race.texts).map((name) => name.length));
  let missed = 0;
  console.log(`${'text'.padEnd(width)} | ${nowName} ms | ${beforeName} ms | ratio`);
  for (const [name, text] of Object.entries(race.texts)) {
    const now = time(readNow, text, race.runs);
    const before = time(readBefore, text, race.runs);
    if (now >= race.goalMs) missed++;
    const ratio = before < 0.05 ? '—' : `${(before / now).toFixed(0)}×`;
    console.log(
      `${name.padEnd(width)} | ${now.toFixed(2).padStart(nowName.length + 3)} | ${before.toFixed(2).padStart(beforeName.length + 3)} | ${ratio}`,
    );
  }
  console.log(
    missed === 0 ? `goal met: every text under ${race.goalMs} ms` : `goal missed on ${missed} texts`,
  );
  process.exit(missed === 0 ? 0 : 1);
}
