// Times put on a coarser grid (frames, ASS centiseconds) without an overlap appearing.
//
// Each time goes to its nearest grid step (`toStep`, monotonic), so cues keep their order and cues that did not
// overlap still do not. Two things could still go wrong, and are handled: a cue shorter than half a step would
// last no step at all — it is given one; and the cue after it, if it began within that step, then begins one step
// later (it did not overlap before, so it does not now). Cues that overlapped in the input keep overlapping.
import type { SubtitleCue } from './model.ts';

export interface Steps {
  start: number;
  end: number;
}

export function quantize(cues: readonly SubtitleCue[], toStep: (ms: number) => number): Steps[] {
  const out: Steps[] = new Array(cues.length);
  let previousEnd = Number.NEGATIVE_INFINITY;
  let previousEndMs = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    let start = toStep(cue.startMs);
    if (cue.startMs >= previousEndMs && start < previousEnd) start = previousEnd;
    const end = Math.max(start + 1, toStep(cue.endMs));
    out[i] = { start, end };
    previousEnd = end;
    previousEndMs = cue.endMs;
  }
  return out;
}
