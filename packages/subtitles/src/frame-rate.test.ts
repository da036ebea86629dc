import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeSubtitles } from './formats.ts';
import {
  FRAME_RATES,
  formatSmpteTimecode,
  frameAt,
  msAtFrame,
  parseFrameRate,
  smpteFrames,
  snapSpan,
} from './frame-rate.ts';
import { cuesByImsc } from './test-support/independent.ts';
import { readTtml } from './ttml-read.ts';

describe('frame rates', () => {
  it('reads the names people write', () => {
    expect(parseFrameRate('23.98')).toBe('23.976');
    expect(parseFrameRate(' 29.97DF ')).toBe('29.97df');
    expect(parseFrameRate('30000/1001')).toBe('29.97');
    expect(parseFrameRate('50')).toBeUndefined();
  });

  it('rounds to the nearest frame, half a frame up, and back to the nearest millisecond', () => {
    expect(frameAt(20, '25')).toBe(1); // half a frame (40 ms) rounds up
    expect(frameAt(19, '25')).toBe(0);
    expect(msAtFrame(24, '23.976')).toBe(1001);
    expect(msAtFrame(1, '29.97')).toBe(33); // 33.367
  });

  it('keeps order and never makes a cue of a frame or more overlap one it did not, whatever the rate', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FRAME_RATES),
        fc.integer({ min: 0, max: 36_000_000 }),
        fc.integer({ min: 42, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (rate, start, duration, gap) => {
          const a = snapSpan(start, start + duration, rate);
          const b = snapSpan(start + duration + gap, start + duration + gap + duration, rate);
          expect(a.endFrame).toBeGreaterThan(a.startFrame);
          expect(b.startFrame).toBeGreaterThanOrEqual(a.endFrame);
          expect(frameAt(msAtFrame(a.startFrame, rate), rate)).toBe(a.startFrame);
        },
      ),
    );
  });

  it('labels drop-frame timecode as SMPTE 12M does, and reads its labels back', () => {
    expect(formatSmpteTimecode(1799, '29.97df')).toBe('00:00:59;29');
    expect(formatSmpteTimecode(1800, '29.97df')).toBe('00:01:00;02');
    expect(formatSmpteTimecode(17_982, '29.97df')).toBe('00:10:00;00');
    expect(formatSmpteTimecode(1800, '29.97')).toBe('00:01:00:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_589_407 }), (frame) => {
        const [h, m, s, f] = formatSmpteTimecode(frame, '29.97df').split(/[:;]/).map(Number);
        expect(smpteFrames(h!, m!, s!, f!, '29.97df')).toBe(frame);
      }),
    );
  });

  it('reads an SMPTE time base with drop-frame labels', () => {
    const xml = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
      ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:dropMode="dropNTSC"
      xml:lang="en"><body><div><p begin="00:01:00:02" end="00:10:00:00">x</p></div></body></tt>`;
    const { subtitles, issues } = readTtml(xml);
    expect(issues).toEqual([]);
    expect(subtitles.cues[0]).toMatchObject({
      startMs: msAtFrame(1800, '29.97df'),
      endMs: msAtFrame(17_982, '29.97df'),
    });
  });

  it('writes IMSC frames that imsc reads to the snapped times, at every rate', () => {
    for (const rate of FRAME_RATES) {
      const cues = [{ startMs: 1234, endMs: 5678, lines: [[{ text: 'x' }]] }];
      const xml = writeSubtitles({ lang: 'en', cues }, 'ttml', { frameRate: rate });
      const { startFrame, endFrame } = snapSpan(1234, 5678, rate);
      expect(xml).toContain('ttp:frameRate=');
      const [cue] = cuesByImsc(xml);
      expect(cue).toMatchObject({ startMs: msAtFrame(startFrame, rate), endMs: msAtFrame(endFrame, rate) });
      expect(readTtml(xml).subtitles.cues[0]).toMatchObject({ startMs: cue!.startMs, endMs: cue!.endMs });
    }
  });

  it('snaps the times of every other format', () => {
    const cues = [{ startMs: 1010, endMs: 2000, lines: [[{ text: 'x' }]] }];
    expect(writeSubtitles({ cues }, 'srt', { frameRate: '25' })).toContain('00:00:01,000 --> 00:00:02,000');
    expect(writeSubtitles({ cues }, 'vtt', { frameRate: '24' })).toContain('00:00:01.000 --> 00:00:02.000');
    expect(writeSubtitles({ cues }, 'ebu-tt-d', { frameRate: '23.976' })).toContain(
      'begin="00:00:01.001" end="00:00:02.002"',
    );
  });
});
