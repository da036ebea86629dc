// Languages from words (issue 25): languagesInText reads a mention's whole text, which anyone can write. Goal,
// the growth rule of growth.ts at the sizes this reader sees (it stops at Slack's 40,000 characters): on each
// hostile shape, time at 40,000 characters ≤ 20 × time at 4,000 (linear is 10). The first call, which builds
// the name index from CLDR, is printed too. Run from bench/: `node language-words.bench.ts` (reads the app's
// module from source).
import { languagesInText } from '../apps/slackbot/src/domain/language-words.ts';
import { MAX_MESSAGE_CHARS } from '../apps/slackbot/src/domain/limits.ts';
import { GROWTH_GOAL, timePerCall } from './growth.ts';
import { median } from './measure.ts';

const SMALL = MAX_MESSAGE_CHARS / 10;
const LARGE = MAX_MESSAGE_CHARS;
const ROUNDS = 9;

const repeat = (unit: string, chars: number) => unit.repeat(Math.floor(chars / unit.length));

/** Each shape: its text at a size, and the languages it must find (so that the reader cannot win by skipping). */
const shapes: { name: string; build: (chars: number) => string; expected?: string[] }[] = [
  {
    name: 'a request repeated',
    build: (n) => repeat('dub this in Japanese and Brazilian Portuguese, ', n),
    expected: ['ja', 'pt-br'],
  },
  { name: 'a list of codes', build: (n) => repeat('es,', n), expected: ['es'] },
  { name: 'codes in capitals', build: (n) => repeat('DE FR ', n), expected: ['de', 'fr'] },
  { name: 'Japanese without spaces', build: (n) => repeat('日本語と', n), expected: ['ja'] },
  { name: 'a name that never ends', build: (n) => repeat('Spanish (', n), expected: ['es'] },
  { name: 'prefixes of a longer name', build: (n) => repeat('Brazilian ', n), expected: ['pt-br'] },
  { name: 'brackets never closed', build: (n) => repeat('<', n), expected: [] },
  { name: 'brackets closed at the end', build: (n) => `${repeat('<a', n - 1)}>`, expected: [] },
  { name: 'dots (link-like words)', build: (n) => repeat('a.', n), expected: [] },
  { name: 'marks only', build: (n) => repeat('-,', n), expected: [] },
  { name: 'combining accents', build: (n) => repeat('e\u0301', n) },
];

const coldStart = performance.now();
languagesInText('Japanese');
console.log(`first call, building the name index: ${(performance.now() - coldStart).toFixed(1)} ms`);
console.log(
  `growth on hostile input: time per call at ${SMALL} and ${LARGE} characters (medians), ratio = median of ${ROUNDS} side-by-side rounds, goal ≤ ${GROWTH_GOAL} (linear is 10)`,
);
let allPass = true;
for (const shape of shapes) {
  const small = shape.build(SMALL);
  const large = shape.build(LARGE);
  if (shape.expected) {
    for (const text of [small, large]) {
      const found = languagesInText(text).languages;
      if (found.join() !== shape.expected.join()) throw new Error(`${shape.name}: found ${found.join()}`);
    }
  }
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    smallTimes.push(timePerCall(() => languagesInText(small)));
    largeTimes.push(timePerCall(() => languagesInText(large)));
    ratios.push(largeTimes.at(-1)! / smallTimes.at(-1)!);
  }
  const ratio = median(ratios);
  const pass = ratio <= GROWTH_GOAL;
  allPass &&= pass;
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'} ${shape.name.padEnd(30)} ${median(smallTimes).toFixed(3).padStart(8)} ms ${median(largeTimes).toFixed(3).padStart(9)} ms  ×${ratio.toFixed(1)}`,
  );
}
if (!allPass) process.exitCode = 1;
