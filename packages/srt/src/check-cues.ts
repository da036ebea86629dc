// Checks cues that did not come from a file (JSON, callers' own): the same rules the parser applies to timecodes.
import { formatTimecode } from './timecode.ts';
import type { Cue, SrtIssue } from './types.ts';

/** The usable cues and an error (line 0, naming the cue by position and number) for each that is not. */
export function checkCues(given: readonly Cue[]): { cues: Cue[]; issues: SrtIssue[] } {
  const cues: Cue[] = [];
  const issues: SrtIssue[] = [];
  given.forEach((cue, position) => {
    const report = (code: string, message: string) =>
      issues.push({
        line: 0,
        severity: 'error',
        code,
        message: `cue ${position + 1} (number ${cue.index}) ${message}; it is not used`,
      });
    if (![cue.startMs, cue.endMs].every((ms) => Number.isSafeInteger(ms) && ms >= 0)) {
      report('bad-timecode', `needs whole, non-negative milliseconds; has ${cue.startMs} to ${cue.endMs}`);
    } else if (cue.endMs < cue.startMs) {
      report('end-before-start', `ends (${formatTimecode(cue.endMs)}) before it starts (${formatTimecode(cue.startMs)})`);
    } else if (cue.endMs === cue.startMs) {
      report('zero-duration', `ends when it starts (${formatTimecode(cue.startMs)})`);
    } else {
      cues.push(cue);
    }
  });
  return { cues, issues };
}
