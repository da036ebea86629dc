// Files as other tools write them (hand-written here, after the shapes of a Netflix IMSC 1.1 delivery, a Netflix
// DFXP, an IMSC file with timeContainer="seq", a broadcaster's EBU-TT-D, Aegisub dialogue and typesetting scripts
// and an SRT with <s>) import with nothing lost that the cue model carries, as the independent parsers read them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSubtitles, writeSubtitles } from './formats.ts';
import type { SubtitleCue } from './model.ts';
import {
  cuesByAssCompiler,
  cuesByImsc,
  cuesByWebvttParser,
  joinIntervals,
} from './test-support/independent.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('a Netflix-style IMSC 1.1 file', () => {
  const read = readSubtitles(fixture('netflix-imsc11.ttml'), { fileName: 'netflix-imsc11.ttml' });

  it('gives every cue: ticks and frames as milliseconds, nested and chained styles, regions, agents', () => {
    expect(read.format).toBe('ttml');
    expect(read.issues).toEqual([]);
    expect(read.subtitles.lang).toBe('en-US');
    expect(read.subtitles.cues).toEqual<SubtitleCue[]>([
      {
        startMs: 4129,
        endMs: 7132,
        lines: [[{ text: 'Where were you' }], [{ text: 'last night?' }]],
        speaker: 'Maya',
      },
      { startMs: 7533, endMs: 9334, lines: [[{ text: '[door slams]', italic: true }]], position: 'top' },
      {
        startMs: 10_010,
        endMs: 14_514,
        lines: [
          [
            { text: 'She never ', italic: true },
            { text: 'once', italic: true, bold: true },
            { text: ' looked back.', italic: true },
          ],
        ],
        speaker: 'narrator',
      },
      // 17 s and 12 frames at 24000/1001 fps is 17.5005 s.
      {
        startMs: 15_000,
        endMs: 17_501,
        lines: [[{ text: 'THE END', underline: true }, { text: ' & credits' }]],
      },
    ]);
    expect(read.lines).toEqual([30, 31, 32, 36]);
  });

  it('writes back as IMSC 1.1 that reads to the same cues', () => {
    const again = readSubtitles(writeSubtitles(read.subtitles, 'ttml'), { format: 'ttml' });
    expect(again.subtitles).toEqual(read.subtitles);
  });
});

describe('an EBU-TT-D file with prefixed elements', () => {
  const read = readSubtitles(fixture('broadcast.ebu-tt-d.xml'));

  it('is recognised and gives every cue with its styles, lines and region', () => {
    expect(read.format).toBe('ebu-tt-d');
    expect(read.issues).toEqual([]);
    expect(read.subtitles).toEqual({
      lang: 'de',
      cues: [
        {
          startMs: 2000,
          endMs: 5120,
          lines: [[{ text: 'Guten Abend,' }], [{ text: 'meine Damen und Herren.', italic: true }]],
        },
        { startMs: 5400, endMs: 7000, lines: [[{ text: 'Eilmeldung', bold: true }]], position: 'top' },
        { startMs: 7250, endMs: 9875, lines: [[{ text: 'Straßen & Brücken <gesperrt>' }]] },
      ],
    });
  });
});

describe('an Aegisub ASS script, with a BOM and CRLF line endings', () => {
  const text = fixture('aegisub.ass').toString('utf8').replaceAll('\n', '\r\n');
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, 'utf8')]);
  const read = readSubtitles(bytes);

  it('gives every Dialogue: styles by name, the Name field as speaker, override tags, \\N, \\n and \\h', () => {
    expect(read.format).toBe('ass');
    expect(read.subtitles.lang).toBe('en');
    expect(read.subtitles.cues).toEqual<SubtitleCue[]>([
      {
        startMs: 1500,
        endMs: 4200,
        lines: [[{ text: 'We have to go.' }], [{ text: 'Now.' }]],
        speaker: 'Kenji',
      },
      {
        startMs: 4300,
        endMs: 6000,
        lines: [[{ text: '(Why now, of all days?)', italic: true }]],
        speaker: 'Aiko',
      },
      {
        startMs: 6100,
        endMs: 9000,
        lines: [[{ text: 'Hikari', italic: true }, { text: ' is waiting at the station.' }]],
        speaker: 'Kenji',
      },
      { startMs: 9500, endMs: 12_000, lines: [[{ text: 'TOKYO STATION', bold: true }]], position: 'top' },
      {
        startMs: 12_100,
        endMs: 14_000,
        lines: [[{ text: 'Wait' }, { text: '—', underline: true }, { text: 'what?\u00a0!' }]],
        speaker: 'Aiko',
        position: 'top',
      },
      { startMs: 14_100, endMs: 16_000, lines: [[{ text: "Fine. Let's go." }]], speaker: 'Kenji' },
    ]);
  });

  it('reports what it drops with the line it is on', () => {
    expect(read.issues.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 29, code: 'dropped-override' },
      { line: 32, code: 'dropped-comment' },
    ]);
    expect(read.issues[0]!.message).toContain('\\fad');
  });
});

describe('a Netflix-style DFXP: a region styled by a nested <style>, paragraphs placed by their own tts:origin', () => {
  const xml = fixture('netflix-dfxp.xml').toString('utf8');
  const read = readSubtitles(xml);

  it('places each paragraph where its origin is, not all at the top', () => {
    expect(read.subtitles.cues.map(({ startMs, endMs, position }) => ({ startMs, endMs, position }))).toEqual(
      [
        { startMs: 1201, endMs: 3529, position: undefined },
        { startMs: 3670, endMs: 5205, position: 'top' },
        { startMs: 5556, endMs: 7107, position: undefined },
      ],
    );
    expect(read.issues.map(({ line, code }) => ({ line, code }))).toEqual([{ line: 27, code: 'empty-cue' }]);
  });

  it('has the times, text and styles imsc reads, and its region placement where the paragraph sets none', () => {
    const byImsc = joinIntervals(cuesByImsc(xml));
    // imsc keeps the region's nested displayAlign (center, full frame: not the top) and, as IMSC 1.1 allows
    // tts:origin on regions only, ignores it on a <p>; TTML2 makes that origin the paragraph's own area.
    expect(byImsc.map((cue) => cue.position)).toEqual([undefined, undefined, undefined]);
    const middle = { x: 50, y: 50, vertical: 'middle', horizontal: 'center' };
    // region1 names no textAlign: TTML's start, the left edge of the frame.
    const bottomLeft = { x: 0, y: 100, vertical: 'bottom', horizontal: 'left' };
    expect(byImsc.map((cue) => cue.anchor)).toEqual([middle, middle, bottomLeft]);
    // The paragraphs' own origins put them near the bottom and the top edges: plain bottom and top, no anchor.
    expect(read.subtitles.cues.map((cue) => cue.anchor)).toEqual([undefined, undefined, bottomLeft]);
    expect(read.subtitles.cues.map(({ position: _, anchor: __, ...cue }) => cue)).toEqual(
      byImsc.map(({ position: _, anchor: __, ...cue }) => cue),
    );
    expect(read.subtitles.cues[2]).toEqual(byImsc[2]);
  });

  it('writes WebVTT and ASS with the top cue on top, which webvtt-parser and ass-compiler read so', () => {
    const tops = (cues: SubtitleCue[]) => cues.map((cue) => cue.position === 'top');
    expect(tops(cuesByWebvttParser(writeSubtitles(read.subtitles, 'vtt')))).toEqual([false, true, false]);
    expect(tops(cuesByAssCompiler(writeSubtitles(read.subtitles, 'ass')))).toEqual([false, true, false]);
  });
});

describe('an IMSC 1.1 file with timeContainer="seq" and paragraphs without an end', () => {
  const xml = fixture('imsc-seq.ttml').toString('utf8');
  const read = readSubtitles(xml);

  it('starts each child of the seq after the previous one, and ends open paragraphs as imsc does', () => {
    expect(read.issues).toEqual([]);
    expect(read.subtitles.cues.map(({ startMs, endMs }) => [startMs, endMs])).toEqual([
      [1200, 4200],
      [4700, 7200],
      [7200, 11_200],
      [12_200, 14_200],
      [13_200, 16_200],
      [17_200, 19_200],
      // To the end of its block, then to the end of the document (the latest time it names).
      [31_000, 34_000],
      [40_000, 42_000],
      [41_000, 42_000],
    ]);
    expect(read.subtitles.cues).toEqual(joinIntervals(cuesByImsc(xml)));
  });

  it('writes IMSC that imsc reads to the same cues', () => {
    expect(joinIntervals(cuesByImsc(writeSubtitles(read.subtitles, 'ttml')))).toEqual(read.subtitles.cues);
  });
});

describe('an Aegisub typesetting script: dialogue out of order, drawing-only and empty lines', () => {
  const text = fixture('aegisub-typesetting.ass').toString('utf8');
  const read = readSubtitles(text);

  it('keeps every line with text as ass-compiler reads it, drawings and empty lines reported once each', () => {
    const byCompiler = cuesByAssCompiler(text).filter((cue) => cue.lines.some((line) => line.length > 0));
    expect(read.subtitles.cues).toEqual(byCompiler);
    expect(read.subtitles.cues[1]!.lines).toEqual([[{ text: 'First line.\u00a0' }]]);
    expect(read.subtitles.cues[2]!.lines).toEqual([[{ text: 'Exit', strike: true }, { text: ' open' }]]);
    expect(read.issues.map(({ line, code }) => `${line}:${code}`)).toEqual([
      '19:dropped-drawing',
      '20:out-of-order',
      '24:empty-cue',
    ]);
    expect(read.issues[0]!.message).toMatch(/^2 Dialogue lines are only drawing/);
  });

  it('writes WebVTT in time order that webvtt-parser reads without an error, and no blank cue anywhere', () => {
    const vtt = writeSubtitles(read.subtitles, 'vtt');
    expect(cuesByWebvttParser(vtt).map((cue) => cue.startMs)).toEqual([1000, 5000, 5000, 8000]);
    expect(cuesByWebvttParser(vtt)[1]!.speaker).toBe('Kenji');
    expect(
      readSubtitles(writeSubtitles(read.subtitles, 'srt')).subtitles.cues.map((cue) => cue.startMs),
    ).toEqual([1000, 5000, 5000, 8000]);
  });

  it('writes ASS that reads back the same: hard space, backslash and strike kept', () => {
    const ass = writeSubtitles(read.subtitles, 'ass');
    expect(readSubtitles(ass, { format: 'ass' }).subtitles.cues).toEqual(read.subtitles.cues);
    expect(cuesByAssCompiler(ass)).toEqual(read.subtitles.cues);
  });
});

describe('an SRT file with <s> and a tag SRT does not have', () => {
  const read = readSubtitles(fixture('strike.srt'));

  it('reads <s> as strike-through and says the other tag is kept as text', () => {
    expect(read.subtitles.cues.map((cue) => cue.lines)).toEqual([
      [[{ text: 'Closed', strike: true }, { text: ' Open today' }]],
      [
        [
          { text: 'Not ', italic: true },
          { text: 'this', italic: true, strike: true },
          { text: ' one', italic: true },
        ],
        [{ text: '<span>odd</span> tag' }],
      ],
    ]);
    expect(read.issues.map(({ line, code }) => `${line}:${code}`)).toEqual(['8:unknown-tag']);
  });

  it('writes strike-through where the format has it (IMSC, ASS, SRT) and plain text in WebVTT', () => {
    expect(cuesByImsc(writeSubtitles(read.subtitles, 'ttml'))).toEqual(read.subtitles.cues);
    expect(cuesByAssCompiler(writeSubtitles(read.subtitles, 'ass'))).toEqual(read.subtitles.cues);
    expect(writeSubtitles(read.subtitles, 'srt')).toContain('<s>Closed</s> Open today');
    const vtt = writeSubtitles(read.subtitles, 'vtt');
    expect(vtt).not.toContain('&lt;s&gt;');
    expect(cuesByWebvttParser(vtt)[0]!.lines).toEqual([[{ text: 'Closed Open today' }]]);
  });
});
