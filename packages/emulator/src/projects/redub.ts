// What the next render charges (docs/service.md): the combined length of the segments changed (text, timecodes,
// speaker, or the voice of its speaker) and added since the last render; spec/price.ts turns it into minutes.
import type { Project } from '../model.ts';
import { segmentsOf } from './segments.ts';

/** Milliseconds a re-dub renders again: changed and added segments, and those whose speaker's voice changed. */
export function redubMs(project: Project): number {
  const { editedSegments, editedVoices } = project;
  if (!editedSegments && !editedVoices) return 0;
  let total = 0;
  for (const segment of segmentsOf(project)) {
    if (editedSegments?.has(segment.id) || editedVoices?.has(segment.speaker)) {
      total += segment.endMs - segment.startMs;
    }
  }
  return total;
}
