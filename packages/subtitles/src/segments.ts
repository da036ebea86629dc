// The dubbing service's segments as the cue model: what every delivered file is written from. Each segment's text
// is read as one SRT cue's text (the service carries SRT markup: <i>, {\an8}), so a line break followed by a
// timecode line stays text of that cue, in every format; the segment's speaker is the cue's when asked for.
import { type SegmentLike, type SegmentSide, segmentsToCues } from '@dubkit/srt';
import type { Subtitles } from './model.ts';
import { srtTextToCue } from './srt-format.ts';

/** A segment as the service gives it, with its speaker when it has one. */
export type SpeakerSegment = SegmentLike & { speaker?: string | null };

/**
 * The `src` or `dst` side of the segments as subtitles, in `lang` when given, with each segment's speaker when
 * `speakers` is set (the service's own files name none). A segment without text is a cue without lines, which
 * writers leave out. Throws @dubkit/srt's TimecodeError naming a segment whose timecode cannot be read.
 */
export function subtitlesFromSegments(
  segments: readonly SpeakerSegment[],
  side: SegmentSide,
  options: { lang?: string; speakers?: boolean } = {},
): Subtitles {
  const { lang, speakers = false } = options;
  const cues = segmentsToCues(segments, side).map((cue, i) => {
    // What the model cannot hold (a <font> colour, other override blocks) is left out as every reader does.
    const read = srtTextToCue(cue, () => {});
    const speaker = segments[i]!.speaker;
    if (speakers && speaker) read.speaker = speaker;
    return read;
  });
  return lang === undefined ? { cues } : { lang, cues };
}
