// Cues placed elsewhere than bottom or top: TTML regions (percentages, and pixels against the root's extent),
// WebVTT line/position/size/align and ASS \pos, \an and margins, read as imsc, webvtt-parser and ass-compiler
// place them, and written so that they read them back at the same point.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CliIo, runCli } from './cli-run.ts';
import { readSubtitles, writeSubtitles } from './formats.ts';
import { type CueAnchor, placeCue, type SubtitleCue, type Subtitles } from './model.ts';
import {
  cuesByAssCompiler,
  cuesByImsc,
  cuesByWebvttParser,
  joinIntervals,
} from './test-support/independent.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const places = (cues: readonly SubtitleCue[]) => cues.map(({ position, anchor }) => ({ position, anchor }));
const withoutWidth = (cues: readonly SubtitleCue[]) =>
  cues.map(({ position, anchor }) => {
    if (!anchor) return { position };
    const { width: _, ...point } = anchor;
    return { position, anchor: point };
  });

describe('TTML regions', () => {
  const xml = fixture('positions.ttml').toString('utf8');
  const read = readSubtitles(xml, { fileName: 'positions.ttml' });

  it('become anchors where imsc computes the regions, the plain bottom staying a plain bottom', () => {
    expect(read.issues).toEqual([]);
    expect(places(read.subtitles.cues)).toEqual([
      { position: undefined, anchor: undefined },
      { position: 'top', anchor: { x: 5, y: 5, vertical: 'top', horizontal: 'left', width: 40 } },
      { position: undefined, anchor: { x: 50, y: 50, vertical: 'middle', horizontal: 'center', width: 80 } },
      { position: undefined, anchor: { x: 95, y: 80, vertical: 'bottom', horizontal: 'right', width: 45 } },
    ]);
    expect(read.subtitles.cues).toEqual(joinIntervals(cuesByImsc(xml)));
  });
});

describe('WebVTT cue settings', () => {
  const text = fixture('positions.vtt').toString('utf8');
  const read = readSubtitles(text, { fileName: 'positions.vtt' });

  it('become anchors as webvtt-parser reads line, position, size and align', () => {
    expect(read.issues).toEqual([]);
    expect(places(read.subtitles.cues)).toEqual([
      { position: 'top', anchor: undefined },
      { position: 'top', anchor: { x: 10, y: 10, vertical: 'top', horizontal: 'left', width: 35 } },
      { position: undefined, anchor: { x: 50, y: 50, vertical: 'middle', horizontal: 'center' } },
      { position: undefined, anchor: { x: 90, y: 85, vertical: 'bottom', horizontal: 'right' } },
      { position: undefined, anchor: { x: 0, y: 100, vertical: 'bottom', horizontal: 'left' } },
    ]);
    expect(read.subtitles.cues).toEqual(cuesByWebvttParser(text));
  });
});

describe('ASS positions', () => {
  const text = fixture('positions.ass').toString('utf8');
  const read = readSubtitles(text, { fileName: 'positions.ass' });

  it('become anchors from \\pos, or the alignment with the margins, as ass-compiler reads them', () => {
    expect(read.issues).toEqual([]);
    expect(places(read.subtitles.cues)).toEqual([
      { position: undefined, anchor: undefined },
      { position: 'top', anchor: { x: 2.5, y: 3.33, vertical: 'top', horizontal: 'left' } },
      { position: undefined, anchor: { x: 50, y: 50, vertical: 'middle', horizontal: 'center' } },
      { position: undefined, anchor: { x: 95, y: 90, vertical: 'bottom', horizontal: 'right' } },
      { position: undefined, anchor: { x: 10, y: 95, vertical: 'bottom', horizontal: 'left' } },
    ]);
    expect(read.subtitles.cues).toEqual(cuesByAssCompiler(text));
  });
});

describe('writing anchors', () => {
  const source = readSubtitles(fixture('positions.vtt'), { fileName: 'positions.vtt' }).subtitles;
  const anchors = (cues: readonly SubtitleCue[]) => cues.map((cue) => cue.anchor);

  it('as WebVTT settings that webvtt-parser and our reader place at the same point', () => {
    const vtt = writeSubtitles(source, 'vtt');
    expect(vtt).toContain(
      '00:00:03.000 --> 00:00:04.000 line:10%,start position:10%,line-left size:35% align:left\n',
    );
    expect(places(cuesByWebvttParser(vtt))).toEqual(places(source.cues));
    expect(readSubtitles(vtt, { format: 'vtt' }).subtitles).toEqual(source);
  });

  it('as ASS \\an with \\pos that ass-compiler and our reader place at the same point (the width is not kept)', () => {
    const ass = writeSubtitles(source, 'ass');
    expect(ass).toContain(',,{\\an7\\pos(192,108)}A sign, upper left\n');
    expect(withoutWidth(cuesByAssCompiler(ass))).toEqual(withoutWidth(source.cues));
    expect(withoutWidth(readSubtitles(ass, { format: 'ass' }).subtitles.cues)).toEqual(
      withoutWidth(source.cues),
    );
  });

  it('as one TTML region per distinct anchor, which imsc and our reader place at the same point', () => {
    const doubled: Subtitles = {
      cues: [
        ...source.cues,
        ...source.cues.map((cue) => ({ ...cue, startMs: cue.startMs + 20_000, endMs: cue.endMs + 20_000 })),
      ],
    };
    for (const format of ['ttml', 'ebu-tt-d'] as const) {
      const xml = writeSubtitles(doubled, format);
      // Four anchors, each a region once, for the eight anchored cues.
      expect(xml.match(/<region xml:id="a[0-9]+"/g)).toHaveLength(4);
      const byImsc = joinIntervals(cuesByImsc(xml));
      expect(readSubtitles(xml, { format }).subtitles.cues).toEqual(byImsc);
      // The width is the region's: the anchor's where it has one, else as wide as the frame allows.
      expect(withoutWidth(byImsc)).toEqual(withoutWidth(doubled.cues));
      expect(anchors(byImsc).map((anchor) => anchor?.width)).toEqual(
        [undefined, 35, undefined, 90, undefined].concat([undefined, 35, undefined, 90, undefined]),
      );
    }
  });

  it('in SRT as top or bottom, the command line saying once how many cues lost their point', () => {
    const srt = writeSubtitles(source, 'srt');
    expect(places(readSubtitles(srt, { format: 'srt' }).subtitles.cues)).toEqual(
      source.cues.map(({ position }) => ({ position, anchor: undefined })),
    );
    let stderr = '';
    const io: CliIo = {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
      },
      readFile: () => fixture('positions.vtt'),
    };
    expect(runCli(['convert', 'positions.vtt', '--to', 'srt'], io)).toBe(0);
    expect(stderr).toBe(
      'positions.vtt: warning position-dropped: 4 cues are placed at a point of the frame, which srt cannot say; written at the top or bottom (convert --to vtt, ttml or ass keeps it)\n',
    );
    stderr = '';
    expect(runCli(['convert', 'positions.vtt', '--to', 'ass'], io)).toBe(0);
    expect(stderr).toBe('');
  });
});

/** Anchors anywhere inside the frame (1% from its edges, where a region still has room), in hundredths. */
const anchorArbitrary: fc.Arbitrary<CueAnchor> = fc
  .record({
    x: fc.integer({ min: 100, max: 9900 }),
    y: fc.integer({ min: 100, max: 9900 }),
    vertical: fc.constantFrom('top', 'middle', 'bottom'),
    horizontal: fc.constantFrom('left', 'center', 'right'),
    width: fc.option(fc.integer({ min: 100, max: 9999 }), { nil: undefined }),
  })
  .map(({ x, y, vertical, horizontal, width }) => {
    const anchor: CueAnchor = { x: x / 100, y: y / 100, vertical, horizontal };
    if (width !== undefined) anchor.width = width / 100;
    return anchor;
  });

const anchoredSubtitles = fc.array(anchorArbitrary, { minLength: 1, maxLength: 8 }).map((list) => ({
  cues: list.map((anchor, i) => {
    const cue: SubtitleCue = {
      startMs: i * 2000 + 1000,
      endMs: i * 2000 + 2000,
      lines: [[{ text: `cue ${i}` }]],
    };
    placeCue(cue, anchor);
    return cue;
  }),
}));

describe('any anchor', () => {
  it('is read back at the same point by webvtt-parser and our reader from WebVTT, width included', () => {
    fc.assert(
      fc.property(anchoredSubtitles, (subtitles) => {
        const vtt = writeSubtitles(subtitles, 'vtt');
        expect(places(cuesByWebvttParser(vtt))).toEqual(places(subtitles.cues));
        expect(places(readSubtitles(vtt, { format: 'vtt' }).subtitles.cues)).toEqual(places(subtitles.cues));
      }),
      { numRuns: 60 },
    );
  });

  it('is read back at the same point by ass-compiler and our reader from ASS', () => {
    fc.assert(
      fc.property(anchoredSubtitles, (subtitles) => {
        const ass = writeSubtitles(subtitles, 'ass');
        expect(withoutWidth(cuesByAssCompiler(ass))).toEqual(withoutWidth(subtitles.cues));
        expect(withoutWidth(readSubtitles(ass, { format: 'ass' }).subtitles.cues)).toEqual(
          withoutWidth(subtitles.cues),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('is read back at the same point by imsc and our reader from IMSC 1.1 and EBU-TT-D', () => {
    fc.assert(
      fc.property(
        anchoredSubtitles,
        fc.constantFrom('ttml' as const, 'ebu-tt-d' as const),
        (subtitles, format) => {
          const xml = writeSubtitles(subtitles, format);
          const byImsc = joinIntervals(cuesByImsc(xml));
          expect(readSubtitles(xml, { format }).subtitles.cues).toEqual(byImsc);
          expect(withoutWidth(byImsc)).toEqual(withoutWidth(subtitles.cues));
        },
      ),
      { numRuns: 40 },
    );
  });
});
