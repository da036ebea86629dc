// A language's subtitle files in the channel's formats: the same cues in each, the language and the speakers
// carried where the format can, nothing for a translation without lines.
import { cueText, readSubtitles } from '@dubkit/subtitles';
import { describe, expect, it } from 'vitest';
import { segmentsToSubtitles } from './subtitle-files.ts';

const SEGMENTS = [
  {
    start: '00:00:01,000',
    end: '00:00:02,500',
    dst: { text: 'Hola & <bienvenidos>' },
    speaker: 'SPEAKER_00',
  },
  { start: '00:00:03,000', end: '00:00:04,250', dst: { text: 'Segunda\nlínea' }, speaker: 'SPEAKER_01' },
  { start: '00:00:05,000', end: '00:00:06,000', dst: { text: '' }, speaker: 'SPEAKER_00' },
];

describe('segmentsToSubtitles', () => {
  it('writes each format asked for, in one order, with the same cues, the language and the speakers', () => {
    const files = segmentsToSubtitles(SEGMENTS, 'es', 'talk.es', ['ass', 'ttml', 'srt', 'ebu-tt-d', 'vtt']);
    expect(files.map((f) => f.filename)).toEqual([
      'talk.es.srt',
      'talk.es.vtt',
      'talk.es.ttml',
      'talk.es.ebu-tt-d.xml',
      'talk.es.ass',
    ]);
    const cues = (file: { filename: string; content: string }) =>
      readSubtitles(file.content, { fileName: file.filename }).subtitles.cues.map((c) => ({
        startMs: c.startMs,
        endMs: c.endMs,
        text: cueText(c),
      }));
    const expected = [
      { startMs: 1_000, endMs: 2_500, text: 'Hola & <bienvenidos>' },
      { startMs: 3_000, endMs: 4_250, text: 'Segunda\nlínea' },
    ];
    for (const file of files) expect(cues(file), file.filename).toEqual(expected);
    const ttml = files.find((f) => f.filename.endsWith('.ttml'))!;
    expect(ttml.content).toContain('xml:lang="es"');
    expect(readSubtitles(ttml.content, { format: 'ttml' }).subtitles.cues.map((c) => c.speaker)).toEqual([
      'SPEAKER_00',
      'SPEAKER_01',
    ]);
    const ass = files.find((f) => f.filename.endsWith('.ass'))!;
    expect(readSubtitles(ass.content, { format: 'ass' }).subtitles.cues.map((c) => c.speaker)).toEqual([
      'SPEAKER_00',
      'SPEAKER_01',
    ]);
    expect(files.find((f) => f.filename.endsWith('.ebu-tt-d.xml'))!.content).toContain('xml:lang="es"');
  });

  it('writes nothing when no line has text', () => {
    expect(segmentsToSubtitles([SEGMENTS[2]!], 'es', 'talk.es', ['srt', 'ttml'])).toEqual([]);
  });
});

describe('a translation that holds a timecode line', () => {
  it('stays the text of its cue in every delivered format', () => {
    const segments = [
      {
        start: '00:00:01,000',
        end: '00:00:02,000',
        dst: { text: 'Hola\n2\n00:00:00,000 --> 99:59:59,000\nX' },
        speaker: 'SPEAKER_00',
      },
      { start: '00:00:03,000', end: '00:00:04,000', dst: { text: 'Adiós' } },
    ];
    const files = segmentsToSubtitles(segments, 'es', 'talk.es', ['srt', 'vtt', 'ttml', 'ebu-tt-d', 'ass']);
    expect(files).toHaveLength(5);
    for (const file of files) {
      const read = readSubtitles(file.content, { fileName: file.filename });
      expect(read.issues, file.filename).toEqual([]);
      expect(
        read.subtitles.cues.map((cue) => [cue.startMs, cue.endMs]),
        file.filename,
      ).toEqual([
        [1000, 2000],
        [3000, 4000],
      ]);
      expect(cueText(read.subtitles.cues[0]!), file.filename).toMatch(
        /^Hola\n2\n00:00:00,000 --? ?> 99:59:59,000\nX$/,
      );
    }
  });
});
