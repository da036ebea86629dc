// Benchmark of @dubkit/glossary-csv: parseGlossaryCsv (decode + papaparse + layout + validation) on the largest
// glossary the service accepts, against bare papaparse decoding and parsing the same bytes in the same run.
// Goals (issue 5): under 0.5 s; (issue 27) at most 1.5× its floor, the least any converter to the service's
// entries object does: decode + papaparse + the plain object of the pairs, with no checks (entriesWithoutChecks). Security issue: on each hostile shape below,
// time at 100 KB ≤ 20 × time at 10 KB (`--growth-only` runs just that). Issue 40: the ratio goal also on an
// independent harness's shape (10 MiB of CSV, CRLF, ~10% of cells quoted with commas and doubled quotes, accents). QA issue: checkGlossaryCompliance on a
// 2-hour video (2,000 segments) against 5,000 terms in < 50 ms per language (`--qa-only`). Run after a build:
//   cd bench && node glossary-csv.bench.ts        (--quoted-only: issue 40's shape alone)

import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type ComplianceSegment,
  checkGlossaryCompliance,
  GlossaryMatcher,
  MAX_GLOSSARY_BYTES,
  parseGlossaryCsv,
} from '@dubkit/glossary-csv';
import Papa from 'papaparse';
import { type Measurement, reportGrowth, shape } from './growth.ts';
import { median, seededRandom } from './measure.ts';

const RUNS = 7;
// Collect garbage before each timed run, so that no run pays for another's garbage, even when started
// without --expose-gc (as `node glossary-csv.bench.ts`).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const GOAL_SECONDS = 0.5;
const GOAL_RATIO = 1.5;

const SYLLABLES = [
  'ka',
  'lo',
  'mé',
  'tra',
  'dub',
  'son',
  'vi',
  'ño',
  'qui',
  'ré',
  'sta',
  'ge',
  'ü',
  'bel',
  'ox',
];

/** A CSV of term pairs whose entries, as JSON, are just under the service's limit: the largest valid glossary. */
function buildGlossaryCsv(): Uint8Array {
  const next = seededRandom(5);
  const word = () => {
    let text = '';
    const syllables = 2 + Math.floor(next() * 4);
    for (let i = 0; i < syllables; i++) text += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    return text;
  };
  const term = (index: number) => {
    const words = 1 + Math.floor(next() * 3);
    let text = word();
    for (let i = 1; i < words; i++) text += ' ' + word();
    // Some terms hold a comma or a quote, as product names do; papaparse quotes those cells.
    if (index % 17 === 0) return `${text}, ${word()}`;
    if (index % 29 === 0) return `${text} "${word()}"`;
    return text;
  };
  const rows = [['en', 'es']];
  let jsonBytes = 2;
  for (let index = 0; ; index++) {
    const source = `${term(index)} ${index}`;
    const target = term(index + 1);
    const entryBytes = Buffer.byteLength(`${JSON.stringify(source)}:${JSON.stringify(target)},`, 'utf8');
    if (jsonBytes + entryBytes >= MAX_GLOSSARY_BYTES) break;
    rows.push([source, target]);
    jsonBytes += entryBytes;
  }
  return new TextEncoder().encode(Papa.unparse(rows, { newline: '\r\n' }) + '\r\n');
}

/** Letters of Western and Central European languages: one, two or three UTF-8 bytes each. */
const ACCENTED = ['é', 'ñ', 'ü', 'ç', 'ã', 'ø', 'ß', 'ł', 'ő', 'č', 'ğ', '€'];

/**
 * The shape of issue 40's harness: 10 MiB of two-column CSV with CRLF rows, about one cell in ten quoted because
 * it holds a comma and a doubled quote (`"Name, ""Studio"" Edition"`), and words with accents of two and three
 * UTF-8 bytes. At 10 MiB its JSON passes the service's limit near the end, as real files of that size do.
 */
function buildQuotedGlossaryCsv(): Uint8Array {
  const next = seededRandom(40);
  const word = () => {
    let text = '';
    const syllables = 1 + Math.floor(next() * 3);
    for (let i = 0; i < syllables; i++) {
      text += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
      if (next() < 0.3) text += ACCENTED[Math.floor(next() * ACCENTED.length)];
    }
    return text;
  };
  const cell = (tag: string) => {
    let text = word();
    for (let words = Math.floor(next() * 3); words > 0; words--) text += ` ${word()}`;
    text += tag;
    return next() < 0.1 ? `"${text}, ""${word()}"" ${word()}"` : text;
  };
  const rows = ['en,es'];
  let size = 7;
  for (let index = 0; size < 10 * 1048576; index++) {
    const row = `${cell(` ${index}`)},${cell('')}`;
    rows.push(row);
    size += Buffer.byteLength(row) + 2;
  }
  return new TextEncoder().encode(rows.join('\r\n') + '\r\n');
}

function time(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Not a baseline: the least any converter returning entries as a plain object does, decoding, papaparse, and
 * one key per row, with no validation, no line numbers and no issues. V8 interns each new key and grows a
 * dictionary of ~200k entries, which costs more than papaparse's own parse.
 */
function entriesWithoutChecks(csv: Uint8Array): Record<string, string> {
  const rows = Papa.parse<string[]>(new TextDecoder().decode(csv), { delimiter: ',' }).data;
  const entries: Record<string, string> = {};
  for (let index = 1; index < rows.length; index++) {
    const [source, target] = rows[index]!;
    if (source && target !== undefined && entries[source] === undefined) entries[source] = target;
  }
  return entries;
}

// Hostile shapes from the security issue on super-linear parsing. Before the fix a `term(` header of 10 KB took
// 192 s, a term of 200 KB of inner spaces 20 s, and a header of 160k `(` 14 s.
const fill = (bytes: number, unit: string) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
const expectEntries = (count: number) => (result: unknown) => {
  const { stats } = result as ReturnType<typeof parseGlossaryCsv>;
  if (stats.entries !== count) throw new Error(`expected ${count} entries, read ${stats.entries}`);
};
/** UTF-16 BE with a BOM and one byte too many. */
const utf16 = (text: string) => {
  const out = new Uint8Array(2 + text.length * 2 + 1);
  out.set([0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) >> 8;
    out[3 + i * 2] = text.charCodeAt(i) & 0xff;
  }
  out[out.length - 1] = 0x41;
  return out;
};
const nestedTerms = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [
    Array(i + 1)
      .fill('ab')
      .join(' '),
    Array(i + 1)
      .fill('xy')
      .join(' '),
  ]),
);
const growthShapes: Measurement[] = [
  shape({
    name: 'header cell `term(` + spaces + `x`',
    build: (bytes) => `en,es,"term(${fill(bytes, ' ')}x"\r\nhello,hola\r\n`,
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
  shape({
    name: 'header cell `Term [` + spaces + `en`',
    build: (bytes) => `"Term [${fill(bytes, ' ')}en",es\r\nhello,hola\r\n`,
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
  shape({
    name: 'header cell of `(`',
    build: (bytes) => `en,es,${fill(bytes, '(')}\r\nhello,hola\r\n`,
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
  shape({
    name: 'term of inner spaces, trailing space',
    build: (bytes) => `en,es\r\nx,a${fill(bytes, ' ')}b \r\nhello,hola\r\n`,
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
  shape({
    name: "term of `'` then `=` (formula guard)",
    build: (bytes) => `en,es\r\nx,${fill(bytes, "'")}y\r\nhello,hola\r\n`,
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
  shape({
    name: 'rows of delimiters and quotes',
    build: (bytes) => `en,es\r\n${fill(bytes, ',"",;\r\n')}`,
    run: (input) => parseGlossaryCsv(input),
  }),
  shape({
    name: 'compliance: a segment of one word, nested terms',
    // Terms of 1 to 50 times the same word: every place of the text starts a walk 50 words deep.
    build: (bytes) => [{ src: { text: fill(bytes, 'ab ') }, dst: { text: fill(bytes, 'cd ') } }],
    run: (segments) => checkGlossaryCompliance(segments, nestedTerms, { srcLang: 'en', dstLang: 'en' }),
  }),
  shape({
    name: 'UTF-16 with an odd byte count',
    build: (bytes) => utf16(`en,es\r\n${fill(bytes / 2, 'é,è\r\n')}`),
    run: (input) => parseGlossaryCsv(input),
    check: expectEntries(1),
  }),
];

// Glossary QA of a 2-hour video: 2,000 segments of 8–16 words, a 5,000-term glossary of 1–3 words, one language
// pair per call. Timed as a caller runs it, indexing the glossary included, and checking alone with the index built.
const QA_SEGMENTS = 2_000;
const QA_TERMS = 5_000;
const QA_GOAL_MS = 50;

interface QaCase {
  name: string;
  segments: ComplianceSegment[];
  entries: Record<string, string>;
  srcLang: string;
  dstLang: string;
}

/** One language's text: a vocabulary of distinct words, and how words are joined (a space, or nothing). */
interface Language {
  lang: string;
  vocabulary: string[];
  join: string;
}

/** `size` distinct words made by `word`. */
function vocabulary(size: number, word: () => string): string[] {
  const words = new Set<string>();
  while (words.size < size) words.add(word());
  return [...words];
}

/**
 * A 5,000-term glossary of 1–3 words and 2,000 segments of 8–16 words drawn from 20,000-word vocabularies (so a
 * text word is now and then a term by chance, as in real text), each segment given up to two glossary terms on
 * purpose, a third of which its translation leaves out.
 */
function qaCase(name: string, source: Language, target: Language, next: () => number): QaCase {
  const pick = (language: Language) => language.vocabulary[Math.floor(next() * language.vocabulary.length)]!;
  const entries: Record<string, string> = {};
  const sources: string[] = [];
  while (sources.length < QA_TERMS) {
    const count = 1 + Math.floor(next() * 3);
    const term = Array.from({ length: count }, () => pick(source)).join(source.join);
    if (entries[term] !== undefined) continue;
    entries[term] = Array.from({ length: count }, () => pick(target)).join(target.join);
    sources.push(term);
  }
  const segments: ComplianceSegment[] = [];
  for (let i = 0; i < QA_SEGMENTS; i++) {
    const count = 8 + Math.floor(next() * 9);
    const src = Array.from({ length: count }, () => pick(source));
    const dst = Array.from({ length: count }, () => pick(target));
    for (let t = 0; t < 2; t++) {
      if (next() < 0.6) {
        const term = sources[Math.floor(next() * sources.length)]!;
        src.splice(Math.floor(next() * src.length), 0, term);
        if (next() < 0.66) dst.push(entries[term]!);
      }
    }
    segments.push({
      id: String(i),
      src: { text: `${src.join(source.join)}.` },
      dst: { text: `${dst.join(target.join)}.` },
    });
  }
  return { name, segments, entries, srcLang: source.lang, dstLang: target.lang };
}

function syllableWord(next: () => number, syllables: readonly string[]) {
  return () => {
    let text = '';
    const count = 2 + Math.floor(next() * 3);
    for (let i = 0; i < count; i++) text += syllables[Math.floor(next() * syllables.length)];
    return text;
  };
}

function runQa(): boolean {
  const next = seededRandom(11);
  // Japanese and Chinese words of 2–3 characters drawn from kana and 2,000 kanji: text with no spaces.
  const characters = [
    ...Array.from({ length: 83 }, (_, i) => String.fromCharCode(0x3041 + i)),
    ...Array.from({ length: 2000 }, (_, i) => String.fromCharCode(0x4e00 + i * 3)),
  ];
  const cjkWord = () => {
    let text = '';
    const count = 2 + Math.floor(next() * 2);
    for (let i = 0; i < count; i++) text += characters[Math.floor(next() * characters.length)];
    return text;
  };
  const latinWord = syllableWord(next, SYLLABLES);
  const english: Language = { lang: 'en', vocabulary: vocabulary(20_000, latinWord), join: ' ' };
  const spanish: Language = { lang: 'es', vocabulary: vocabulary(20_000, latinWord), join: ' ' };
  const japanese: Language = { lang: 'ja', vocabulary: vocabulary(20_000, cjkWord), join: '' };
  const chinese: Language = { lang: 'zh', vocabulary: vocabulary(20_000, cjkWord), join: '' };
  const cases = [
    qaCase('en → es', english, spanish, next),
    qaCase('ja → en (no spaces)', japanese, english, next),
    qaCase('en → zh (no spaces)', english, chinese, next),
  ];
  console.log(
    `glossary QA: ${QA_SEGMENTS.toLocaleString('en')} segments, ${QA_TERMS.toLocaleString('en')} terms; median of 15 runs, index building included; ` +
      `goal < ${QA_GOAL_MS} ms of CPU per language (CPU time, as the machine is shared; load average ${loadavg()[0]!.toFixed(2)})`,
  );
  let pass = true;
  for (const qa of cases) {
    const check = () =>
      checkGlossaryCompliance(qa.segments, qa.entries, { srcLang: qa.srcLang, dstLang: qa.dstLang });
    const findings = check();
    const matcher = new GlossaryMatcher(qa.entries, { srcLang: qa.srcLang, dstLang: qa.dstLang });
    const checkOnly = () => checkGlossaryCompliance(qa.segments, matcher);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const checkOnlyCpu: number[] = [];
    const cpuMsOf = (work: () => unknown) => {
      collectGarbage();
      const before = process.cpuUsage();
      const wall = time(work) * 1000;
      const cpu = process.cpuUsage(before);
      return { wall, cpu: (cpu.user + cpu.system) / 1000 };
    };
    for (let run = 0; run < 15; run++) {
      const whole = cpuMsOf(check);
      times.push(whole.wall);
      cpuTimes.push(whole.cpu);
      checkOnlyCpu.push(cpuMsOf(checkOnly).cpu);
    }
    // Reference only: every term searched in every segment (a case-insensitive substring, not even whole words).
    const lowered = qa.segments.map((segment) => segment.src!.text.toLowerCase());
    const terms = Object.keys(qa.entries).map((term) => term.toLowerCase());
    const naiveMs =
      time(() => {
        let hits = 0;
        for (const text of lowered) for (const term of terms) if (text.includes(term)) hits++;
        return hits;
      }) * 1000;
    const ms = median(times);
    const cpuMs = median(cpuTimes);
    const ok = cpuMs < QA_GOAL_MS && findings.length > 0;
    pass &&= ok;
    console.log(
      `  ${ok ? 'PASS' : 'FAIL'} ${qa.name.padEnd(20)} ${cpuMs.toFixed(1).padStart(5)} ms CPU (${ms.toFixed(1)} ms wall; ` +
        `${median(checkOnlyCpu).toFixed(1)} ms CPU with the index built), ${findings.length} segments with a missing term; ` +
        `reference, 2,000 × 5,000 substring scans: ${naiveMs.toFixed(0)} ms wall`,
    );
  }
  return pass;
}

if (process.argv.includes('--qa-only')) {
  process.exit(runQa() ? 0 : 1);
}

if (process.argv.includes('--growth-only')) {
  process.exit(reportGrowth(growthShapes) ? 0 : 1);
}

/**
 * Issue 40's shape against its floor: rounds alternate the floor and parseGlossaryCsv, each after a forced GC;
 * the goal is on the median of per-round ratios.
 */
function runQuotedShape(): boolean {
  const csv = buildQuotedGlossaryCsv();
  let parsed = parseGlossaryCsv(csv);
  entriesWithoutChecks(csv);
  const floor: number[] = [];
  const parse: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    collectGarbage();
    floor.push(time(() => entriesWithoutChecks(csv)));
    collectGarbage();
    parse.push(
      time(() => {
        parsed = parseGlossaryCsv(csv);
      }),
    );
  }
  const ratio = median(parse.map((seconds, run) => seconds / floor[run]!));
  const ok = ratio <= GOAL_RATIO;
  const kinds = [...new Set(parsed.issues.map((issue) => issue.code))].join(', ') || 'none';
  console.log(
    `glossary, issue 40's shape: ${(csv.byteLength / 1048576).toFixed(2)} MiB of CSV (CRLF, ~10% of cells quoted ` +
      `with a comma and doubled quotes, accents of 2-3 UTF-8 bytes), ${parsed.stats.entries} entries kept, ` +
      `issues: ${kinds}; median of ${RUNS} interleaved rounds, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `  parseGlossaryCsv: ${median(parse).toFixed(3)} s; floor (decode + papaparse + entries object): ${median(floor).toFixed(3)} s`,
  );
  console.log(
    `  ratio goal <= ${GOAL_RATIO}x the floor: ${ok ? 'PASS' : 'FAIL'} (${ratio.toFixed(2)}x, median of per-round ratios)`,
  );
  return ok;
}

if (process.argv.includes('--quoted-only')) {
  process.exit(runQuotedShape() ? 0 : 1);
}

const bytes = buildGlossaryCsv();
const ours: number[] = [];
const bare: number[] = [];
const bareParseOnly: number[] = [];
const objectFloor: number[] = [];
const parseAndObject: number[] = [];
const decoded = new TextDecoder().decode(bytes);
let result = parseGlossaryCsv(bytes);
const entriesJson = JSON.stringify(result.entries);
let bareRows = 0;
// One untimed warm-up each, then alternate so that both see the same machine state.
Papa.parse(decoded);
for (let run = 0; run < RUNS; run++) {
  collectGarbage();
  bare.push(
    time(() => {
      bareRows = Papa.parse<string[]>(new TextDecoder().decode(bytes)).data.length;
    }),
  );
  collectGarbage();
  bareParseOnly.push(time(() => Papa.parse<string[]>(decoded)));
  collectGarbage();
  objectFloor.push(time(() => JSON.parse(entriesJson)));
  collectGarbage();
  parseAndObject.push(time(() => entriesWithoutChecks(bytes)));
  collectGarbage();
  ours.push(
    time(() => {
      result = parseGlossaryCsv(bytes);
    }),
  );
}

const oursMedian = median(ours);
const bareMedian = median(bare);
const ratio = oursMedian / bareMedian;
// Per-round ratios: on a shared machine a round's two runs see about the same load.
const floorRatio = median(ours.map((seconds, run) => seconds / parseAndObject[run]!));
const mib = (n: number) => (n / 1048576).toFixed(2);
const seconds = (n: number) => `${n.toFixed(3)} s`;
console.log(
  `glossary: ${mib(bytes.byteLength)} MiB of CSV, ${result.stats.entries} entries, ` +
    `${mib(result.stats.bytes)} MiB as JSON (service limit ${mib(MAX_GLOSSARY_BYTES)} MiB), ` +
    `${result.stats.errors} errors, ${bareRows} papaparse rows`,
);
console.log(`median of ${RUNS} runs:`);
console.log(`  parseGlossaryCsv (decode + parse + validate):  ${seconds(oursMedian)}`);
console.log(`  papaparse (TextDecoder + Papa.parse, auto delimiter): ${seconds(bareMedian)}`);
console.log(`  papaparse, parse only (already decoded):        ${seconds(median(bareParseOnly))}`);
// Not a baseline: what V8 needs to build an object with this many keys at all, which parseGlossaryCsv must do.
console.log(`  reference: JSON.parse of the entries as JSON:    ${seconds(median(objectFloor))}`);
console.log(
  `  reference: decode + papaparse + a plain object of the pairs, no checks: ${seconds(median(parseAndObject))} ` +
    `(${(median(parseAndObject) / bareMedian).toFixed(2)}x bare)`,
);
const fastEnough = oursMedian < GOAL_SECONDS;
const closeEnough = floorRatio <= GOAL_RATIO;
console.log(
  `  time goal  < ${GOAL_SECONDS} s:      ${fastEnough ? 'PASS' : 'FAIL'} (${seconds(oursMedian)})`,
);
console.log(`  for scale, parseGlossaryCsv / bare papaparse: ${ratio.toFixed(2)}x`);
console.log(
  `  ratio goal <= ${GOAL_RATIO}x the floor (decode + papaparse + entries object): ${closeEnough ? 'PASS' : 'FAIL'} (${floorRatio.toFixed(2)}x, median of per-run ratios)`,
);
const quotedPass = runQuotedShape();
const growthPass = reportGrowth(growthShapes);
const qaPass = runQa();
if (result.stats.errors > 0 || !fastEnough || !closeEnough || !quotedPass || !growthPass || !qaPass)
  process.exitCode = 1;
