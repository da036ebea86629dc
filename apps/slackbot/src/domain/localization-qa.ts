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
  /** In segment order. */
  flagged: QaFlag[];
}

/**
 * Only rules a reviewer can fix by editing the translation are reported: text length and reading speed.
 * Durations, gaps and overlaps come from the source's timecodes, which the review cannot change; flagging them
 * would list segments nobody can fix from Slack (the service's segments often touch, gap 0).
 */
const TEXT_RULES = new Set<LintIssue['rule']>(['reading-speed', 'chars-per-line', 'lines-per-cue']);

function reasonOf(issue: LintIssue): string {
  switch (issue.rule) {
    case 'reading-speed':
      return `Reads too fast: ${issue.value} characters a second (at most ${issue.limit})`;
    case 'chars-per-line':
      return `Line ${issue.line ?? 1} is too long: ${issue.value} characters (at most ${issue.limit})`;
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
  const { issues } = lintSubtitles(segmentsToCues(segments, 'dst'), {
    preset: options.preset,
    lang: options.dstLang,
  });
  for (const issue of issues) {
    if (!TEXT_RULES.has(issue.rule)) continue;
    (issue.rule === 'reading-speed' ? tooFast : tooLong).add(issue.cue);
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
  return { glossaryMisses, tooFast: tooFast.size, tooLong: tooLong.size, flagged };
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
  return parts.length > 0 ? parts.join(' · ') : null;
}
