// Between cues and the service's transcription segments: one side's text out as SRT, a file pair in.
import { checkCues } from './check-cues.ts';
import { TimecodeError } from './errors.ts';
import { parseSrtLocated } from './parse.ts';
import { type SerializeOptions, serializeSrt } from './serialize.ts';
import { formatTimecode, parseTimecode } from './timecode.ts';
import type { Cue, Segment, SegmentLike, SegmentSide, SrtIssue, SrtSideInput } from './types.ts';

function segmentTime(segment: SegmentLike, position: number, field: 'start' | 'end'): number {
  try {
    return parseTimecode(segment[field]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TimecodeError(`segment ${position + 1}, ${field}: ${message}`);
  }
}

/** One side of the segments as cues numbered from 1. Throws a TimecodeError naming the segment with a bad timecode. */
export function segmentsToCues(segments: readonly SegmentLike[], side: SegmentSide): Cue[] {
  return segments.map((segment, position) => ({
    index: position + 1,
    startMs: segmentTime(segment, position, 'start'),
    endMs: segmentTime(segment, position, 'end'),
    text: segment[side]?.text ?? '',
  }));
}

/** The source (`src`) or translated (`dst`) text of the segments as an SRT file. */
export function segmentsToSrt(
  segments: readonly SegmentLike[],
  side: SegmentSide,
  options: SerializeOptions = {},
): string {
  return serializeSrt(segmentsToCues(segments, side), options);
}

export interface CuePair {
  src?: SrtSideInput;
  dst?: SrtSideInput;
}

export interface SegmentsResult {
  segments: Segment[];
  issues: SrtIssue[];
}

/** One side read into usable cues (with their lines), its issues tagged with the side. */
export interface ReadSide {
  lang: string;
  cues: Cue[];
  lines: number[];
  issues: SrtIssue[];
}

/** One side of a pair read into usable cues, with the line of each (0 for cues given directly). */
export function readSide(input: SrtSideInput, side: SegmentSide): ReadSide {
  if ('srt' in input) {
    const { cues, lines, issues } = parseSrtLocated(input.srt);
    return { lang: input.lang, cues, lines, issues: issues.map((issue) => ({ ...issue, side })) };
  }
  const { cues, issues } = checkCues(input.cues);
  const given = input.lines;
  // Cues are checked as given, so the usable ones are the caller's own objects: their lines are found by identity.
  const lineOf = given ? new Map(input.cues.map((cue, position) => [cue, given[position] ?? 0])) : undefined;
  return {
    lang: input.lang,
    cues,
    lines: cues.map((cue) => lineOf?.get(cue) ?? 0),
    issues: issues.map((issue) => ({ ...issue, side })),
  };
}

function describeCue(cue: Cue): string {
  return `cue ${cue.index} (${formatTimecode(cue.startMs)} --> ${formatTimecode(cue.endMs)})`;
}

/**
 * Pairs source and translation cues by their timecodes into segments, in source order. A cue with no partner
 * of the same start and end on the other side is an `unpaired-cue` error and makes no segment. With one side
 * only, the other side's text and language are empty.
 */
export function pairSides(src: ReadSide | undefined, dst: ReadSide | undefined): SegmentsResult {
  const issues = [...(src?.issues ?? []), ...(dst?.issues ?? [])];
  const segments: Segment[] = [];
  const text = (cue: Cue | undefined, side: ReadSide | undefined) => ({
    text: cue?.text ?? '',
    lang: side?.lang ?? '',
  });
  const segment = (cue: Cue, srcCue: Cue | undefined, dstCue: Cue | undefined): Segment => ({
    start: formatTimecode(cue.startMs),
    end: formatTimecode(cue.endMs),
    src: text(srcCue, src),
    dst: text(dstCue, dst),
  });
  if (!src || !dst) {
    const only = src ?? dst;
    for (const cue of only?.cues ?? []) segments.push(segment(cue, src && cue, dst && cue));
    return { segments, issues };
  }
  const waiting = new Map<string, number[]>();
  dst.cues.forEach((cue, position) => {
    const key = `${cue.startMs}:${cue.endMs}`;
    const queue = waiting.get(key);
    if (queue) queue.push(position);
    else waiting.set(key, [position]);
  });
  const paired = new Set<number>();
  src.cues.forEach((cue, position) => {
    const partner = waiting.get(`${cue.startMs}:${cue.endMs}`)?.shift();
    if (partner === undefined) {
      issues.push({
        line: src.lines[position] ?? 0,
        severity: 'error',
        code: 'unpaired-cue',
        message: `source ${describeCue(cue)} has no translation cue with the same timecodes`,
        side: 'src',
      });
      return;
    }
    paired.add(partner);
    segments.push(segment(cue, cue, dst.cues[partner]));
  });
  dst.cues.forEach((cue, position) => {
    if (paired.has(position)) return;
    issues.push({
      line: dst.lines[position] ?? 0,
      severity: 'error',
      code: 'unpaired-cue',
      message: `translation ${describeCue(cue)} has no source cue with the same timecodes`,
      side: 'dst',
    });
  });
  issues.sort((a, b) => (a.side === b.side ? a.line - b.line : a.side === 'src' ? -1 : 1));
  return { segments, issues };
}

/**
 * Source and/or translation (as SRT text, bytes or cues) → the service's segments, aligned by timecodes.
 * Issues include each file's parse issues (tagged with `side`) and every cue that has no partner.
 */
export function cuesToSegments(pair: CuePair): SegmentsResult {
  return pairSides(pair.src && readSide(pair.src, 'src'), pair.dst && readSide(pair.dst, 'dst'));
}
