// Files as other tools write them (hand-written here, after the shapes of a Netflix IMSC 1.1 delivery, a
// broadcaster's EBU-TT-D and an Aegisub script) import with nothing lost that the cue model carries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSubtitles, writeSubtitles } from './formats.ts';
import type { SubtitleCue } from './model.ts';

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
      { line: 30, code: 'dropped-override' },
      { line: 32, code: 'dropped-comment' },
    ]);
    expect(read.issues[0]!.message).toContain('\\fad');
    expect(read.issues[1]!.message).toContain('\\pos');
  });
});
