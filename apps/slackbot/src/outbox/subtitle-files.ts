// The translated subtitles delivered into the thread, built with @dubkit/srt from the project's segments.
import { segmentsToSrt, segmentsToVtt } from '@dubkit/srt';
import type { SegmentText } from '../dubbing/service.ts';

export function segmentsToSubtitles(segments: SegmentText[]): { srt: string; vtt: string } {
  return { srt: segmentsToSrt(segments, 'dst'), vtt: segmentsToVtt(segments, 'dst') };
}
