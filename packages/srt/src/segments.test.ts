import { describe, expect, it } from 'vitest';
import { TimecodeError } from './errors.ts';
import { cuesToSegments, segmentsToCues, segmentsToSrt } from './segments.ts';
import { crlf, cue } from './test-support/vectors.ts';
import type { Segment } from './types.ts';

const segments: Segment[] = [
  {
    id: 'a',
    start: '00:00:01,000',
    end: '00:00:02,500',
    speaker: 'SPEAKER_00',
    src: { text: 'Hello', lang: 'en' },
    dst: { text: 'Hola', lang: 'es' },
  },
  {
    id: 'b',
    start: '00:00:03,000',
    end: '00:00:04,000',
    src: { text: 'Two\nlines', lang: 'en' },
    dst: { text: 'Dos\nlíneas', lang: 'es' },
  },
];

describe('segmentsToSrt', () => {
  it('writes the chosen side', () => {
    expect(segmentsToSrt(segments, 'dst', { eol: '\n' })).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nHola\n\n2\n00:00:03,000 --> 00:00:04,000\nDos\nlíneas\n\n',
    );
    expect(segmentsToSrt(segments, 'src')).toContain('Two\r\nlines\r\n');
  });

  it('takes a missing side as empty text', () => {
    expect(
      segmentsToCues([{ start: '00:00:01,000', end: '00:00:02,000', src: { text: 'x' } }], 'dst'),
    ).toEqual([cue(1, 1000, 2000, '')]);
  });

  it('names the segment whose timecode cannot be read', () => {
    const bad = [segments[0]!, { ...segments[1]!, end: '00:00:04.000' }];
    expect(() => segmentsToSrt(bad, 'src')).toThrow(TimecodeError);
    expect(() => segmentsToSrt(bad, 'src')).toThrow(
      'segment 2, end: cannot read the timecode "00:00:04.000"',
    );
  });
});

describe('cuesToSegments', () => {
  const src = crlf(
    '1',
    '00:00:01,000 --> 00:00:02,500',
    'Hello',
    '',
    '2',
    '00:00:03,000 --> 00:00:04,000',
    'Two',
    'lines',
    '',
  );
  const dst = crlf(
    '1',
    '00:00:01,000 --> 00:00:02,500',
    'Hola',
    '',
    '2',
    '00:00:03,000 --> 00:00:04,000',
    'Dos',
    'líneas',
    '',
  );

  it('pairs the two files by timecodes into the service segments', () => {
    expect(cuesToSegments({ src: { lang: 'en', srt: src }, dst: { lang: 'es', srt: dst } })).toEqual({
      segments: segments.map(({ start, end, src, dst }) => ({ start, end, src, dst })),
      issues: [],
    });
  });

  it('takes cues as well as SRT, and one side alone', () => {
    const result = cuesToSegments({ dst: { lang: 'es', cues: [cue(1, 1000, 2000, 'Hola')] } });
    expect(result).toEqual({
      segments: [
        {
          start: '00:00:01,000',
          end: '00:00:02,000',
          src: { text: '', lang: '' },
          dst: { text: 'Hola', lang: 'es' },
        },
      ],
      issues: [],
    });
  });

  it('reports each cue that has no partner with the same timecodes, with its line and side', () => {
    const shifted = dst.replace('00:00:03,000 --> 00:00:04,000', '00:00:03,100 --> 00:00:04,000');
    const result = cuesToSegments({ src: { lang: 'en', srt: src }, dst: { lang: 'es', srt: shifted } });
    expect(result.segments).toHaveLength(1);
    expect(result.issues).toEqual([
      {
        line: 6,
        severity: 'error',
        code: 'unpaired-cue',
        message:
          'source cue 2 (00:00:03,000 --> 00:00:04,000) has no translation cue with the same timecodes',
        side: 'src',
      },
      {
        line: 6,
        severity: 'error',
        code: 'unpaired-cue',
        message:
          'translation cue 2 (00:00:03,100 --> 00:00:04,000) has no source cue with the same timecodes',
        side: 'dst',
      },
    ]);
  });

  it('passes on the parse issues of each file, tagged with its side', () => {
    const broken = dst.replace('00:00:03,000 --> 00:00:04,000', '00:00:04,000 --> 00:00:03,000');
    const result = cuesToSegments({ src: { lang: 'en', srt: src }, dst: { lang: 'es', srt: broken } });
    expect(result.issues.map((issue) => `${issue.side} ${issue.line} ${issue.code}`)).toEqual([
      'src 6 unpaired-cue',
      'dst 6 end-before-start',
    ]);
  });

  it('reports cues given directly that cannot be used', () => {
    const result = cuesToSegments({
      src: { lang: 'en', cues: [cue(1, 2000, 1000, 'x'), cue(2, 3000, 4000, 'y')] },
    });
    expect(result.segments.map((segment) => segment.src.text)).toEqual(['y']);
    expect(result.issues).toEqual([
      {
        line: 0,
        severity: 'error',
        code: 'end-before-start',
        message: 'cue 1 (number 1) ends (00:00:01,000) before it starts (00:00:02,000); it is not used',
        side: 'src',
      },
    ]);
  });
});
