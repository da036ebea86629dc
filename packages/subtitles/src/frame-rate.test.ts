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
} from './frame-rate.ts';
import { quantize } from './quantize.ts';
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

  it('keeps order and never makes cues overlap that did not, whatever the rate and however short the cues', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FRAME_RATES),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 })), {
          maxLength: 30,
        }),
        (rate, spans) => {
          let ms = 0;
          const cues = spans.map(([gap, duration]) => {
            const startMs = ms + gap;
            ms = startMs + duration;
            return { startMs, endMs: ms, lines: [] };
          });
          const frames = quantize(cues, (time) => frameAt(time, rate));
          frames.forEach((frame, i) => {
            expect(frame.end).toBeGreaterThan(frame.start);
            expect(frame.start).toBeGreaterThanOrEqual(frameAt(cues[i]!.startMs, rate));
            if (i > 0) expect(frame.start).toBeGreaterThanOrEqual(frames[i - 1]!.end);
          });
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
      const [{ start: startFrame, end: endFrame }] = quantize(cues, (ms) => frameAt(ms, rate)) as [
        { start: number; end: number },
      ];
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
