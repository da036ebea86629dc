import { describe, expect, it } from 'vitest';
import { cue } from './test-support/vectors.ts';
import { toWebVtt } from './webvtt.ts';

describe('toWebVtt', () => {
  it('writes the header, numbered cues and dotted timestamps', () => {
    expect(toWebVtt([cue(4, 1000, 2500, 'Hello\nthere'), cue(9, 3_600_000, 3_601_000, 'World')])).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\nthere\n\n2\n01:00:00.000 --> 01:00:01.000\nWorld\n\n',
    );
  });

  it('keeps <i>, <b> and <u>, drops <font> but not its text, and escapes what WebVTT reserves', () => {
    const vtt = toWebVtt([
      cue(1, 0, 1000, '<I>Tom & Jerry</I> <font color="red">red</font>\na < b --> c <span>x</span>'),
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n<i>Tom &amp; Jerry</i> red\na &lt; b --&gt; c &lt;span&gt;x&lt;/span&gt;\n\n',
    );
  });

  it('turns {\\anN} placement into cue settings', () => {
    expect(toWebVtt([cue(1, 0, 1000, '{\\an8}Top')])).toContain(
      '00:00:00.000 --> 00:00:01.000 line:0\nTop\n',
    );
    expect(toWebVtt([cue(1, 0, 1000, '{\\an7}Top left')])).toContain('--> 00:00:01.000 line:0 align:start\n');
    expect(toWebVtt([cue(1, 0, 1000, '{\\an3}Bottom right')])).toContain(
      '--> 00:00:01.000 align:end\nBottom right\n',
    );
    expect(toWebVtt([cue(1, 0, 1000, '{\\b1}Plain')])).toContain('--> 00:00:01.000\nPlain\n');
  });

  it('writes only the header for no cues', () => {
    expect(toWebVtt([])).toBe('WEBVTT\n\n');
  });
});
