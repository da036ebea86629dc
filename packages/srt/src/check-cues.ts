// Checks cues that did not come from a file (JSON, callers' own): the same rules the parser applies to timecodes.
import { formatTimecode } from './timecode.ts';
import type { Cue, SrtIssue } from './types.ts';

/**
 * The usable cues, an error for each cue that is not, and a warning for each that starts before the cue above
 * it ends (line 0; cues are named by position and number).
 */
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
      report(
        'end-before-start',
        `ends (${formatTimecode(cue.endMs)}) before it starts (${formatTimecode(cue.startMs)})`,
      );
    } else if (cue.endMs === cue.startMs) {
      report('zero-duration', `ends when it starts (${formatTimecode(cue.startMs)})`);
    } else {
      const previous = cues[cues.length - 1];
      if (previous !== undefined && cue.startMs < previous.endMs) {
        issues.push({
          line: 0,
          severity: 'warning',
          code: cue.startMs < previous.startMs ? 'out-of-order' : 'overlap',
          message: `cue ${position + 1} (number ${cue.index}) starts (${formatTimecode(cue.startMs)}) before cue ${previous.index} ends (${formatTimecode(previous.endMs)})`,
        });
      }
      cues.push(cue);
    }
  });
  return { cues, issues };
}
