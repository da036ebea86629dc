// Localization QA of one dubbed language: which segments miss a glossary term (@dubkit/glossary-csv) and which
// subtitles break the channel's style guide (@dubkit/srt's lintSubtitles), each flagged segment with the reasons
// in words. Pure: the caller brings the segments and the glossary.
import { type ComplianceSegment, checkGlossaryCompliance, type GlossaryMatcher } from '@dubkit/glossary-csv';
import { type LintIssue, type LintPreset, lintSubtitles, segmentsToCues } from '@dubkit/srt';

export const QA_PRESETS: readonly LintPreset[] = ['netflix', 'netflix-children', 'bbc'];

/** What a channel chose: QA off, or on with a style guide. */
export type QaSetting = LintPreset | 'off';

export function isQaSetting(value: unknown): value is QaSetting {
  return value === 'off' || QA_PRESETS.includes(value as LintPreset);
}

export interface QaSegment extends ComplianceSegment {
  id?: string;
  start: string;
  end: string;
}

/** A flagged segment: its id, its number as the review shows it (#1 first), timecodes and why, one reason a line. */
export interface QaFlag {
  segmentId: string;
  number: number;
  start: string;
  end: string;
  reasons: string[];
}

export interface QaResult {
  /** Segments whose translation lacks the target of a glossary term their source holds. */
  glossaryMisses: number;
  /** Subtitles read faster than the preset allows. */
  tooFast: number;
  /** Subtitles with a line too long, or too many lines. */
  tooLong: number;
  /** Subtitles that start before the one before them ends: a platform refuses the file. */
  overlaps: number;
  /** In segment order. */
  flagged: QaFlag[];
}

/**
 * Reported: the rules a reviewer can fix by editing the translation (text length and reading speed), and an
 * overlap, which a platform refuses outright (an added line can cause one; the review removes or re-adds it).
 * Durations and gaps come from the source's timecodes and are left out: flagging them would list segments
 * nobody can fix from Slack (the service's segments often touch, gap 0, which is no overlap).
 */
const REPORTED = new Set<LintIssue['rule']>(['reading-speed', 'chars-per-line', 'lines-per-cue', 'overlap']);

function reasonOf(issue: LintIssue): string {
  switch (issue.rule) {
    case 'reading-speed':
      return `Reads too fast: ${issue.value} characters a second (at most ${issue.limit})`;
    case 'chars-per-line':
      return `Line ${issue.line ?? 1} is too long: ${issue.value} characters (at most ${issue.limit})`;
    case 'overlap':
      return `Overlaps the line before it by ${(issue.value / 1000).toLocaleString('en-US')} s: platforms refuse overlapping subtitles`;
    default:
      return `Too many lines: ${issue.value} (at most ${issue.limit})`;
  }
}

/**
 * QA of a translation. `glossary` is the language's glossary indexed once (none: no glossary check); the
 * subtitles are the segments' translated side, as the app delivers them, checked against `preset` for `dstLang`.
 */
export function checkTranslation(
  segments: readonly QaSegment[],
  options: { preset: LintPreset; dstLang: string; glossary?: GlossaryMatcher },
): QaResult {
  const reasons = new Map<number, string[]>();
  const add = (position: number, reason: string) => {
    const list = reasons.get(position);
    if (list) list.push(reason);
    else reasons.set(position, [reason]);
  };
  let glossaryMisses = 0;
  if (options.glossary) {
    for (const finding of checkGlossaryCompliance(segments, options.glossary, {
      srcLang: options.glossary.srcLang,
      dstLang: options.glossary.dstLang,
    })) {
      glossaryMisses++;
      for (const term of finding.missing)
        add(finding.segment, `Glossary: “${term.source}” should be “${term.target}”`);
    }
  }
  const tooFast = new Set<number>();
  const tooLong = new Set<number>();
  const overlaps = new Set<number>();
  const { issues } = lintSubtitles(segmentsToCues(segments, 'dst'), {
    preset: options.preset,
    lang: options.dstLang,
  });
  for (const issue of issues) {
    if (!REPORTED.has(issue.rule)) continue;
    (issue.rule === 'reading-speed' ? tooFast : issue.rule === 'overlap' ? overlaps : tooLong).add(issue.cue);
    add(issue.cue, reasonOf(issue));
  }
  const flagged = [...reasons.keys()]
    .sort((a, b) => a - b)
    .flatMap((position): QaFlag[] => {
      const segment = segments[position]!;
      // The review edits segments by id; one without (never from the service) cannot be opened there.
      if (!segment.id) return [];
      return [
        {
          segmentId: segment.id,
          number: position + 1,
          start: segment.start,
          end: segment.end,
          reasons: reasons.get(position)!,
        },
      ];
    });
  return { glossaryMisses, tooFast: tooFast.size, tooLong: tooLong.size, overlaps: overlaps.size, flagged };
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "3 segments miss glossary terms · 5 subtitles read too fast", or null when nothing was found. */
export function qaSummary(result: QaResult): string | null {
  const parts: string[] = [];
  if (result.glossaryMisses > 0)
    parts.push(
      count(result.glossaryMisses, 'segment misses a glossary term', 'segments miss glossary terms'),
    );
  if (result.tooFast > 0)
    parts.push(count(result.tooFast, 'subtitle reads too fast', 'subtitles read too fast'));
  if (result.tooLong > 0)
    parts.push(count(result.tooLong, 'subtitle has lines too long', 'subtitles have lines too long'));
  // Absent in results recorded before overlaps were checked.
  if (result.overlaps > 0)
    parts.push(
      count(result.overlaps, 'subtitle overlaps the one before it', 'subtitles overlap the ones before them'),
    );
  return parts.length > 0 ? parts.join(' · ') : null;
}
