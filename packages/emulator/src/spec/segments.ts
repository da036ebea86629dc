// Request shapes of the transcription endpoints: the segment patch, segments added to a project and
// transcriptions made from JSON (docs/service.md, Voices and segments added later), with the rules of its
// Formats. Timecodes come out in milliseconds.
import { z } from 'zod';
import { optional, speaker, textInput, timecode } from './formats.ts';

/** Adds an issue at `end` unless it comes after `start` (both already read; a malformed one has its own issue). */
function endAfterStart(start: number | undefined, end: number | undefined, ctx: z.RefinementCtx): void {
  if (typeof start === 'number' && typeof end === 'number' && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'Expected end after start' });
  }
}

/**
 * One object of a segment patch (Formats): "`id` and at least one of `src`, `dst`, `speaker`, or `start` with
 * `end`"; "a patch of times sends both".
 */
const segmentPatch = z
  .strictObject({
    id: z.string().min(1, 'Expected a segment id'),
    src: optional(textInput),
    dst: optional(textInput),
    speaker: optional(speaker),
    start: optional(timecode),
    end: optional(timecode),
  })
  .superRefine((patch, ctx) => {
    const { start, end } = patch;
    if ((start === undefined) !== (end === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [start === undefined ? 'start' : 'end'],
        message: 'Timecodes are patched as a pair: give both start and end',
      });
    }
    endAfterStart(start, end, ctx);
    const changes = [patch.src, patch.dst, patch.speaker, start ?? end];
    if (changes.every((change) => change === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Expected at least one of src, dst, speaker, or the pair start and end besides id',
      });
    }
  });

/** Body of `PATCH …/transcription/segments`. A segment named twice is ambiguous, so refused (ours). */
export const segmentsPatchBody = z
  .strictObject({ segments: z.array(segmentPatch).min(1, 'Expected at least one segment') })
  .superRefine(({ segments }, ctx) => {
    const seen = new Set<string>();
    segments.forEach(({ id }, index) => {
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['segments', index, 'id'],
          message: `Segment ${id} appears twice`,
        });
      }
      seen.add(id);
    });
  });

/** A new segment, as the vendor's SDK has it: `start`, `end`, one or both of `src`/`dst`, maybe a `speaker`. */
const newSegment = z
  .strictObject({
    start: timecode,
    end: timecode,
    src: optional(textInput),
    dst: optional(textInput),
    speaker: optional(speaker),
  })
  .superRefine((segment, ctx) => {
    endAfterStart(segment.start, segment.end, ctx);
    if (segment.src === undefined && segment.dst === undefined) {
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'Expected src or dst (or both): {text, lang}' });
    }
  });

/** Body of `POST /v2/projects/{id}/transcription/segments`. */
export const segmentsCreateBody = z.strictObject({
  segments: z.array(newSegment).min(1, 'Expected at least one segment'),
});

/** Body of `POST /v2/transcriptions`: "either every segment names a speaker or none does" (Formats). */
export const transcriptionCreateBody = segmentsCreateBody.superRefine(({ segments }, ctx) => {
  const named = segments.filter((segment) => segment.speaker !== undefined).length;
  if (named === 0 || named === segments.length) return;
  ctx.addIssue({
    code: 'custom',
    path: ['segments', segments.findIndex((segment) => segment.speaker === undefined), 'speaker'],
    message: `Either every segment names a speaker or none does (${named} of ${segments.length} do)`,
  });
});

export type SegmentsPatchBody = z.output<typeof segmentsPatchBody>;
export type SegmentsCreateBody = z.output<typeof segmentsCreateBody>;
export type TranscriptionCreateBody = z.output<typeof transcriptionCreateBody>;
