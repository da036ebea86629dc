// Benchmark of @dubkit/subtitles: every writer and reader on 100,000 cues, against the fastest maintained library
// for that format measured in the same run (srt-parser-2 and subtitle for SRT, subtitle and webvtt-parser for
// WebVTT, ass-compiler for ASS, imsc for reading TTML/EBU-TT-D). No maintained JavaScript library writes TTML, so
// the TTML writers are compared with fast-xml-parser's XMLBuilder writing the same document from the same cues.
// Goals (issue 27): each writer ≥ 50 MB/s and each reader ≥ 20 MB/s, or within 1.5× of the fastest library's time.
// Linearity: on each hostile shape below (issue 38 added the audit's four), time at 100 KB ≤ 20 × time at 10 KB
// (`--growth-only` runs just that).
// Run from bench/ after `pnpm turbo run build --filter=@dubkit/subtitles`: `node --expose-gc subtitles.bench.ts`.
import { createRequire } from 'node:module';
import {
  readSubtitles,
  type SubtitleCue,
  type SubtitleFormat,
  type Subtitles,
  writeSubtitles,
} from '@dubkit/subtitles';
import { parse as parseAss, stringify as stringifyAss } from 'ass-compiler';
import { XMLBuilder } from 'fast-xml-parser';
import SrtParser from 'srt-parser-2';
import { parseSync, stringifySync } from 'subtitle';
import { type Measurement, reportGrowth, shape } from './growth.ts';
import { median, seededRandom } from './measure.ts';

const require = createRequire(import.meta.url);
// imsc's main module loads its browser renderer; the document parser alone runs in Node.
const imsc = require('imsc/src/main/js/doc.js') as { fromXML: (xml: string, errors: object) => unknown };
const { WebVTTParser } = require('webvtt-parser') as {
  WebVTTParser: new (
    entities?: Record<string, string>,
  ) => { parse(text: string, mode: string): { cues: unknown[] } };
};

const CUES = 100_000;
const WARMUP = 1;
const ROUNDS = 9;
const WRITE_GOAL_MBPS = 50;
const READ_GOAL_MBPS = 20;
const LIBRARY_RATIO_GOAL = 1.5;
const growthOnly = process.argv.includes('--growth-only');
const gc = (globalThis as { gc?: () => void }).gc;

const WORDS = [
  'the',
  'dubbing',
  'studio',
  'voice',
  'over',
  'scene',
  'quiet',
  'please',
  'again',
  'where',
  'were',
  'you',
  'last',
  'night',
  'café',
  'señor',
  'naïve',
  'A&B',
];
const SPEAKERS = ['Ana', 'Ben', 'Carla', 'Dev', 'Eiko'];

function generate(): Subtitles {
  const next = seededRandom(27);
  const words = () =>
    Array.from({ length: 4 + Math.floor(next() * 4) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(
      ' ',
    );
  const cues: SubtitleCue[] = [];
  let ms = 0;
  for (let i = 0; i < CUES; i++) {
    const startMs = ms + 10 * Math.floor(next() * 40);
    const endMs = startMs + 800 + 10 * Math.floor(next() * 250);
    ms = endMs;
    const line = () => (next() < 0.1 ? [{ text: words(), italic: true as const }] : [{ text: words() }]);
    const cue: SubtitleCue = { startMs, endMs, lines: next() < 0.6 ? [line(), line()] : [line()] };
    if (next() < 0.8) cue.speaker = SPEAKERS[Math.floor(next() * SPEAKERS.length)]!;
    if (next() < 0.05) cue.position = 'top';
    cues.push(cue);
  }
  return { lang: 'en', cues };
}

/** Each subject's time in every round, alternating (drift hits all alike), in ms. */
function race(subjects: Record<string, () => unknown>, rounds = ROUNDS): Record<string, number[]> {
  const warmup = rounds < ROUNDS ? 0 : WARMUP;
  const samples: Record<string, number[]> = {};
  for (const name of Object.keys(subjects)) samples[name] = [];
  for (let round = 0; round < warmup + rounds; round++) {
    for (const [name, run] of Object.entries(subjects)) {
      gc?.();
      const started = performance.now();
      run();
      if (round >= warmup) samples[name]!.push(performance.now() - started);
    }
  }
  return samples;
}

// Hostile shapes: deep nesting, long attributes, many spans, unclosed tags and braces.
const fill = (bytes: number, unit: string) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
const TT =
  '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div>';
const expectCues = (count: number) => (result: unknown) => {
  const { subtitles } = result as ReturnType<typeof readSubtitles>;
  if (subtitles.cues.length !== count)
    throw new Error(`expected ${count} cue(s), read ${subtitles.cues.length}`);
};
const ttml = (body: string) => `${TT}<p begin="1s" end="2s">${body}</p></div></body></tt>`;
const growthShapes: Measurement[] = [
  shape({
    name: 'TTML: spans nested deep',
    build: (bytes) => {
      const depth = Math.floor(bytes / 13);
      return ttml(`${'<span>'.repeat(depth)}x${'</span>'.repeat(depth)}`);
    },
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: expectCues(1),
  }),
  shape({
    name: 'TTML: many spans of many styles',
    build: (bytes) => ttml(fill(bytes, '<span tts:fontStyle="italic">a </span><span>b</span><br/>')),
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: expectCues(1),
  }),
  shape({
    name: 'TTML: a long attribute and a long style list',
    build: (bytes) =>
      `${TT}<p begin="1s" end="2s" style="${fill(bytes, 's ')}" tts:color="${fill(bytes / 4, 'x')}">x</p></div></body></tt>`,
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: expectCues(1),
  }),
  shape({
    name: 'TTML: a chain of style references',
    build: (bytes) => {
      const count = Math.floor(bytes / 40);
      const styles = Array.from(
        { length: count },
        (_, i) => `<style xml:id="s${i}" style="s${i + 1}"/>`,
      ).join('');
      return `<tt xmlns="http://www.w3.org/ns/ttml"><head><styling>${styles}</styling></head><body><p begin="0s" end="1s" style="s0">x</p></body></tt>`;
    },
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: expectCues(1),
  }),
  // Issue 38's audit: distinct attribute names made each style of a chain copy all before it, one style's n
  // attributes were copied for each of n paragraphs, and ASS fields were looked up by name in the Format list.
  shape({
    name: 'TTML: a style chain, each style adding an attribute',
    build: (bytes) => {
      const count = Math.floor(bytes / 60);
      const styles = Array.from(
        { length: count },
        (_, i) => `<style xml:id="s${i}" style="s${i - 1}" tts:a${i}="x"/>`,
      ).join('');
      return `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><head><styling>${styles}</styling></head><body><p begin="0s" end="1s" style="s${count - 1}">x</p></body></tt>`;
    },
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: expectCues(1),
  }),
  shape({
    name: 'TTML: one style of n attributes on n paragraphs',
    build: (bytes) => {
      const count = Math.floor(bytes / 50);
      const attributes = Array.from({ length: count }, (_, i) => `tts:a${i}="x"`).join(' ');
      return `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><head><styling><style xml:id="s" ${attributes}/></styling></head><body>${'<p begin="0s" end="1s" style="s">x</p>'.repeat(count)}</body></tt>`;
    },
    run: (input) => readSubtitles(input, { format: 'ttml' }),
    check: (result, input) => expectCues(input.split('<p ').length - 1)(result),
  }),
  shape({
    name: 'WebVTT: a cue of unclosed tags and entities',
    // A word first: the unclosed tag runs to the cue's end, and a cue without text is not kept (issue 38).
    build: (bytes) => `WEBVTT\n\n00:01.000 --> 00:02.000\nHi ${fill(bytes, '<i &amp')}\n`,
    run: (input) => readSubtitles(input, { format: 'vtt' }),
    check: expectCues(1),
  }),
  shape({
    name: 'WebVTT: many <v> and ruby tags',
    build: (bytes) => `WEBVTT\n\n00:01.000 --> 00:02.000\n${fill(bytes, '<v A><ruby>x<rt>y</rt></ruby>')}\n`,
    run: (input) => readSubtitles(input, { format: 'vtt' }),
    check: expectCues(1),
  }),
  shape({
    name: 'ASS: a Dialogue of unclosed braces',
    build: (bytes) => `[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${fill(bytes, '{\\i1')}\n`,
    run: (input) => readSubtitles(input, { format: 'ass' }),
    check: expectCues(1),
  }),
  shape({
    name: 'ASS: a Dialogue of many override tags',
    build: (bytes) =>
      `[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${fill(bytes, '{\\i1\\b1\\pos(1,2)}a\\N')}\n`,
    run: (input) => readSubtitles(input, { format: 'ass' }),
    check: expectCues(1),
  }),
  shape({
    name: 'ASS: a Format line of n fields, n Dialogue lines',
    build: (bytes) => {
      const count = Math.floor(bytes / 40);
      const fields = Array.from({ length: count }, (_, i) => `f${i}`).join(',');
      return `[Events]\nFormat: Start, End, Text, ${fields}\n${'Dialogue: 0:00:01.00,0:00:02.00,x\n'.repeat(count)}`;
    },
    run: (input) => readSubtitles(input, { format: 'ass' }),
    check: (result, input) => expectCues(input.split('\nDialogue').length - 1)(result),
  }),
  shape({
    name: 'ASS: a style Format line of n fields, n Style lines',
    build: (bytes) => {
      const count = Math.floor(bytes / 20);
      const fields = Array.from({ length: count }, (_, i) => `f${i}`).join(',');
      const styles = Array.from({ length: count }, (_, i) => `Style: s${i}\n`).join('');
      return `[V4+ Styles]\nFormat: ${fields}, Name, Italic\n${styles}[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,s1,,0,0,0,,x\n`;
    },
    run: (input) => readSubtitles(input, { format: 'ass' }),
    check: expectCues(1),
  }),
  shape({
    name: 'SRT: a cue of unclosed {\\ and <',
    build: (bytes) => `1\n00:00:01,000 --> 00:00:02,000\n${fill(bytes, '{\\<i ')}\n`,
    run: (input) => readSubtitles(input, { format: 'srt' }),
    check: expectCues(1),
  }),
  shape({
    name: 'writers: one cue of many spans, every format',
    build: (bytes) => ({
      cues: [
        {
          startMs: 1000,
          endMs: 2000,
          lines: [
            Array.from({ length: Math.floor(bytes / 20) }, (_, i) => ({
              text: 'a <&> ',
              ...(i % 2 ? { italic: true as const } : {}),
            })),
          ],
        },
      ],
    }),
    run: (subtitles: Subtitles) =>
      ['srt', 'vtt', 'ttml', 'ebu-tt-d', 'ass'].map((f) => writeSubtitles(subtitles, f as SubtitleFormat)),
  }),
];

/** The TTML document writeSubtitles writes (cues, spans, styles by reference, regions), built as fast-xml-parser builds XML. */
function ttmlByXmlBuilder(source: Subtitles, profile: 'ttml' | 'ebu-tt-d'): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const clock = (ms: number) =>
    `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
  const speakers = new Map<string, string>();
  const paragraphs = source.cues.map((cue, n) => {
    const content: unknown[] = [];
    cue.lines.forEach((line, l) => {
      if (l > 0) content.push({ br: [] });
      for (const part of line) {
        const span: Record<string, unknown> = { span: [{ '#text': part.text }] };
        if (part.italic) span[':@'] = { '@_style': 'i' };
        content.push(span);
      }
    });
    const attributes: Record<string, string> = {
      '@_xml:id': `c${n + 1}`,
      '@_begin': clock(cue.startMs),
      '@_end': clock(cue.endMs),
      '@_region': cue.position === 'top' ? 'top' : 'bottom',
    };
    if (profile === 'ttml' && cue.speaker !== undefined) {
      if (!speakers.has(cue.speaker)) speakers.set(cue.speaker, `speaker${speakers.size + 1}`);
      attributes['@_ttm:agent'] = speakers.get(cue.speaker)!;
    }
    return { p: content, ':@': attributes };
  });
  const tree = [
    { '?xml': [{ '#text': '' }], ':@': { '@_version': '1.0', '@_encoding': 'UTF-8' } },
    {
      tt: [
        {
          head: [
            {
              styling: ['i', 'b', 'u'].map((id) => ({
                style: [],
                ':@': { '@_xml:id': id, '@_tts:fontStyle': 'italic' },
              })),
            },
            {
              layout: ['bottom', 'top'].map((id) => ({
                region: [],
                ':@': { '@_xml:id': id, '@_tts:origin': '10% 10%' },
              })),
            },
          ],
        },
        { body: [{ div: paragraphs }], ':@': { '@_style': 'base' } },
      ],
      ':@': {
        '@_xmlns': 'http://www.w3.org/ns/ttml',
        '@_xml:lang': source.lang ?? '',
        '@_ttp:timeBase': 'media',
      },
    },
  ];
  return xmlBuilder.build(tree) as string;
}
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, preserveOrder: true, suppressEmptyNode: true });

const growthPass = reportGrowth(growthShapes);
if (!growthPass) process.exitCode = 1;
if (growthOnly) process.exit(process.exitCode ?? 0);

const subtitles = generate();
const written = Object.fromEntries(
  (['srt', 'vtt', 'ttml', 'ebu-tt-d', 'ass'] as const).map((format) => [
    format,
    writeSubtitles(subtitles, format),
  ]),
) as Record<SubtitleFormat, string>;

// The figures mean nothing unless every reader read every cue.
const srtParser = new SrtParser();
const srtNodes = parseSync(written.srt);
const vttNodes = parseSync(written.vtt);
const srtCues = srtParser.fromSrt(written.srt);
const assParsed = parseAss(written.ass);
const counts: Record<string, number> = {
  'srt-parser-2 srt': srtCues.length,
  'subtitle srt': srtNodes.filter((n) => n.type === 'cue').length,
  'subtitle vtt': vttNodes.filter((n) => n.type === 'cue').length,
  'webvtt-parser vtt': new WebVTTParser().parse(written.vtt, 'subtitles').cues.length,
  'ass-compiler ass': assParsed.events.dialogue.length,
  'fast-xml-parser ttml': ttmlByXmlBuilder(subtitles, 'ttml').split('<p ').length - 1,
};
for (const format of Object.keys(written) as SubtitleFormat[]) {
  const read = readSubtitles(written[format], { format });
  counts[`dubkit ${format}`] = read.subtitles.cues.length - read.issues.length * CUES;
}
const wrong = Object.entries(counts).filter(([, count]) => count !== CUES);
if (wrong.length > 0) {
  console.error(`FAIL setup: cues read: ${wrong.map(([name, count]) => `${name} ${count}`).join(', ')}`);
  process.exit(1);
}

const mb = (format: SubtitleFormat) => Buffer.byteLength(written[format]) / 1_000_000;
console.log(
  `input: ${CUES.toLocaleString('en')} cues (80% with a speaker, 60% of two lines); ${Object.entries(written)
    .map(([format, text]) => `${format} ${(Buffer.byteLength(text) / 1_000_000).toFixed(2)} MB`)
    .join(', ')}; ${WARMUP} warm-up + ${ROUNDS} rounds, median times${gc ? ', gc between runs' : ''}`,
);

interface Race {
  format: SubtitleFormat;
  kind: 'write' | 'read';
  ours: () => unknown;
  libraries: Record<string, () => unknown>;
  /** Fewer rounds where the library takes many seconds a run (imsc). */
  rounds?: number;
}

const races: Race[] = [
  {
    format: 'srt',
    kind: 'write',
    ours: () => writeSubtitles(subtitles, 'srt'),
    libraries: {
      'srt-parser-2 toSrt': () => srtParser.toSrt(srtCues),
      'subtitle stringifySync': () => stringifySync(srtNodes, { format: 'SRT' }),
    },
  },
  {
    format: 'srt',
    kind: 'read',
    ours: () => readSubtitles(written.srt, { format: 'srt' }),
    libraries: {
      'srt-parser-2 fromSrt': () => srtParser.fromSrt(written.srt),
      'subtitle parseSync': () => parseSync(written.srt),
    },
  },
  {
    format: 'vtt',
    kind: 'write',
    ours: () => writeSubtitles(subtitles, 'vtt'),
    libraries: { 'subtitle stringifySync': () => stringifySync(vttNodes, { format: 'WebVTT' }) },
  },
  {
    format: 'vtt',
    kind: 'read',
    ours: () => readSubtitles(written.vtt, { format: 'vtt' }),
    libraries: {
      'webvtt-parser parse': () => new WebVTTParser().parse(written.vtt, 'subtitles'),
      'subtitle parseSync': () => parseSync(written.vtt),
    },
  },
  {
    format: 'ttml',
    kind: 'write',
    ours: () => writeSubtitles(subtitles, 'ttml'),
    libraries: { 'fast-xml-parser XMLBuilder': () => ttmlByXmlBuilder(subtitles, 'ttml') },
  },
  {
    format: 'ttml',
    kind: 'read',
    ours: () => readSubtitles(written.ttml, { format: 'ttml' }),
    libraries: { 'imsc fromXML': () => imsc.fromXML(written.ttml, {}) },
    rounds: 3,
  },
  {
    format: 'ebu-tt-d',
    kind: 'write',
    ours: () => writeSubtitles(subtitles, 'ebu-tt-d'),
    libraries: { 'fast-xml-parser XMLBuilder': () => ttmlByXmlBuilder(subtitles, 'ebu-tt-d') },
  },
  {
    format: 'ebu-tt-d',
    kind: 'read',
    ours: () => readSubtitles(written['ebu-tt-d'], { format: 'ebu-tt-d' }),
    libraries: { 'imsc fromXML': () => imsc.fromXML(written['ebu-tt-d'], {}) },
    rounds: 3,
  },
  {
    format: 'ass',
    kind: 'write',
    ours: () => writeSubtitles(subtitles, 'ass'),
    libraries: { 'ass-compiler stringify': () => stringifyAss(assParsed) },
  },
  {
    format: 'ass',
    kind: 'read',
    ours: () => readSubtitles(written.ass, { format: 'ass' }),
    libraries: { 'ass-compiler parse': () => parseAss(written.ass) },
  },
];

let allPass = true;
for (const { format, kind, ours, libraries, rounds } of races) {
  const samples = race({ dubkit: ours, ...libraries }, rounds);
  const oursMs = median(samples.dubkit!);
  const speed = mb(format) / (oursMs / 1000);
  const goal = kind === 'write' ? WRITE_GOAL_MBPS : READ_GOAL_MBPS;
  const others = Object.entries(samples)
    .filter(([name]) => name !== 'dubkit')
    .map(([name, times]) => ({ name, ms: median(times), times }))
    .sort((a, b) => a.ms - b.ms);
  const fastest = others[0];
  // The median of per-round ratios: on a loaded machine a round's runs see about the same load.
  const ratio = fastest ? median(samples.dubkit!.map((ms, round) => ms / fastest.times[round]!)) : undefined;
  const pass = speed >= goal || (ratio !== undefined && ratio <= LIBRARY_RATIO_GOAL);
  allPass &&= pass;
  const described = others.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join(', ');
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'} ${`${kind} ${format}`.padEnd(15)} dubkit ${oursMs.toFixed(0).padStart(5)} ms = ${speed.toFixed(1).padStart(6)} MB/s (goal ≥ ${goal})${fastest ? `; ×${ratio!.toFixed(2)} the fastest library (${fastest.name}; goal ≤ ${LIBRARY_RATIO_GOAL}); ${described}` : '; no maintained library to compare'}`,
  );
}
if (!allPass) process.exitCode = 1;
