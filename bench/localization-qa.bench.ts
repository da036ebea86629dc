// The Slack app's localization QA of one dubbed language, whole (issue 17): the glossary indexed, the compliance
// check, the subtitles made from the segments and linted against a preset, the flagged segments with their
// reasons, the summary and its Block Kit line. A 2-hour video (2,000 segments of 3.6 s) and a 5,000-term
// glossary; goal < 50 ms of CPU per language. glossary-csv.bench.ts measures the compliance check alone.
// Run after a build (the app's module is read from source, its libraries from their dist).
import { loadavg } from 'node:os';
import { GlossaryMatcher } from '@dubkit/glossary-csv';
import type { LintPreset } from '@dubkit/srt';
import { checkTranslation, type QaSegment, qaSummary } from '../apps/slackbot/src/domain/localization-qa.ts';
import { qaLine } from '../apps/slackbot/src/features/qa/line.ts';
import { median, seededRandom } from './measure.ts';

const SEGMENTS = 2_000;
const TERMS = 5_000;
const GOAL_MS = 50;
const RUNS = 15;

const next = seededRandom(17);
const word = (letters: string) => {
  let text = '';
  for (let i = 3 + Math.floor(next() * 6); i > 0; i--) text += letters[Math.floor(next() * letters.length)];
  return text;
};
const vocabulary = (size: number, letters: string) => {
  const words = new Set<string>();
  while (words.size < size) words.add(word(letters));
  return [...words];
};
const english = vocabulary(20_000, 'abcdefghijklmnopqrstuvwxyz');
const spanish = vocabulary(20_000, 'abcdefghijlmnopqrstuvyzáéíóúñ');
const pick = (words: readonly string[]) => words[Math.floor(next() * words.length)]!;

const entries: Record<string, string> = {};
const sources: string[] = [];
while (sources.length < TERMS) {
  const count = 1 + Math.floor(next() * 3);
  const term = Array.from({ length: count }, () => pick(english)).join(' ');
  if (entries[term] !== undefined) continue;
  entries[term] = Array.from({ length: count }, () => pick(spanish)).join(' ');
  sources.push(term);
}

const timecode = (ms: number) => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
};
// Segments of 6–14 words, some with glossary terms (a third of them left out of the translation), and translations
// of every length, so that some read too fast and some have lines too long: every part of QA has work to do.
const segments: QaSegment[] = [];
for (let i = 0; i < SEGMENTS; i++) {
  const count = 6 + Math.floor(next() * 9);
  const src = Array.from({ length: count }, () => pick(english));
  const dst = Array.from({ length: count }, () => pick(spanish));
  if (next() < 0.6) {
    const term = pick(sources);
    src.splice(Math.floor(next() * src.length), 0, term);
    if (next() < 0.66) dst.push(entries[term]!);
  }
  const half = Math.ceil(dst.length / 2);
  segments.push({
    id: `seg_${i}`,
    start: timecode(i * 3600),
    end: timecode(i * 3600 + 3400),
    src: { text: `${src.join(' ')}.` },
    dst: { text: `${dst.slice(0, half).join(' ')}\n${dst.slice(half).join(' ')}.` },
  });
}

function qaOnce(preset: LintPreset) {
  const glossary = new GlossaryMatcher(entries, { srcLang: 'en', dstLang: 'es' });
  const result = checkTranslation(segments, { preset, dstLang: 'es', glossary });
  return { result, summary: qaSummary(result), line: qaLine(result, 'target') };
}

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
console.log(
  `localization QA of one language in the Slack app: ${SEGMENTS.toLocaleString('en')} segments, ${TERMS.toLocaleString('en')} terms; ` +
    `median of ${RUNS} runs, glossary index built each time as the app does; goal < ${GOAL_MS} ms of CPU ` +
    `(CPU time, as the machine is shared; load average ${loadavg()[0]!.toFixed(2)})`,
);
let pass = true;
for (const preset of ['netflix', 'bbc'] as const) {
  const cpu: number[] = [];
  const wall: number[] = [];
  let last: ReturnType<typeof qaOnce> | undefined;
  for (let run = 0; run < RUNS; run++) {
    collectGarbage();
    const before = process.cpuUsage();
    const started = performance.now();
    last = qaOnce(preset);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const { result, summary } = last!;
  // A QA that found nothing would measure nothing: every kind of finding must be there.
  const ok = median(cpu) < GOAL_MS && result.glossaryMisses > 0 && result.tooFast + result.tooLong > 0;
  pass &&= ok;
  console.log(
    `  ${ok ? 'PASS' : 'FAIL'} ${preset.padEnd(8)} ${median(cpu).toFixed(1).padStart(5)} ms CPU (${median(wall).toFixed(1)} ms wall), ` +
      `${result.flagged.length} segments flagged: ${summary}`,
  );
}
process.exit(pass ? 0 : 1);
