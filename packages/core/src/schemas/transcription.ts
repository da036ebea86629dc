// Transcription segments: what the service returns, the segment patch, new segments (added to a project or making
// a transcription from JSON) and transcriptions created from .srt files.
import { z } from 'zod';
import { isTimecode, timecodeToMs } from '../timecode.ts';
import { optionalField, timecodeSchema } from './formats.ts';
import { openEnum } from './open-enum.ts';

export const SEGMENT_STATUSES = ['processing', 'updated', 'done', 'error'] as const;
export const segmentStatusSchema = z.enum(SEGMENT_STATUSES);

/** `SPEAKER_00`, `SPEAKER_01`, ...: case-sensitive, zero-padded. */
export const speakerSchema = z
  .string()
  .regex(/^SPEAKER_\d{2,}$/, 'Expected a speaker like SPEAKER_00 (upper case, two digits or more)');

/** A text object as the service returns it: `lang` may be missing. */
export const segmentTextSchema = z.looseObject({ text: z.string(), lang: z.string().nullish() });

/**
 * A text object sent to the service (`src`/`dst` of a patch, an added segment, a new transcription): `{text, lang}`
 * with both members, as the vendor's SDK requires (`SegmentTextCreatePatch`); a `{text}` alone is refused.
 */
export const segmentTextInputSchema = z.strictObject({
  text: z.string({ error: 'Expected the text as a string' }),
  lang: z
    .string({ error: 'Expected lang, the language of the text: a text object is {text, lang}' })
    .min(1, 'Expected lang, the language of the text: a text object is {text, lang}'),
});

export const segmentSchema = z.looseObject({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: openEnum(SEGMENT_STATUSES).nullish(),
  src: segmentTextSchema.nullish(),
  dst: segmentTextSchema.nullish(),
  speaker: z.string().nullish(),
});

export const transcriptionSchema = z.looseObject({ segments: z.array(segmentSchema) });

/** Adds an issue unless `start` < `end`; both must already be well-formed timecodes to be compared. */
function checkOrder(start: string, end: string, ctx: z.RefinementCtx): void {
  // A malformed timecode has its own issue from timecodeSchema; comparing it would throw.
  if (!isTimecode(start) || !isTimecode(end)) return;
  if (timecodeToMs(start) >= timecodeToMs(end)) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: `Expected end after start (${start})` });
  }
}

/** One object of a segment patch: the id plus only the fields to change (`null` reads as not given). */
export const segmentPatchSchema = z
  .strictObject({
    id: z.string().min(1, 'Expected a segment id'),
    src: optionalField(segmentTextInputSchema),
    dst: optionalField(segmentTextInputSchema),
    speaker: optionalField(speakerSchema),
    start: optionalField(timecodeSchema),
    end: optionalField(timecodeSchema),
  })
  .superRefine((patch, ctx) => {
    const hasStart = patch.start !== undefined;
    const hasEnd = patch.end !== undefined;
    if (hasStart !== hasEnd) {
      ctx.addIssue({
        code: 'custom',
        path: [hasStart ? 'end' : 'start'],
        message: 'Timecodes are patched as a pair: give both start and end',
      });
    } else if (patch.start !== undefined && patch.end !== undefined) {
      checkOrder(patch.start, patch.end, ctx);
    }
    if (
      patch.src === undefined &&
      patch.dst === undefined &&
      patch.speaker === undefined &&
      !hasStart &&
      !hasEnd
    ) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Expected at least one of src, dst, speaker, or the pair start and end besides id',
      });
    }
  });

/** Adds an issue for every id that appears a second time. */
function uniqueIds(segments: readonly { id: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  segments.forEach((segment, index) => {
    if (seen.has(segment.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['segments', index, 'id'],
        message: `Segment ${segment.id} appears twice`,
      });
    }
    seen.add(segment.id);
  });
}

/**
 * Body of `PATCH /v2/projects/{id}/transcription/segments`. A patch may change one segment's speaker and
 * leave the others alone: the all-or-none speaker rule belongs to creating a transcription, not to a patch.
 */
export const segmentsPatchBodySchema = z
  .strictObject({ segments: z.array(segmentPatchSchema).min(1, 'Expected at least one segment') })
  .superRefine((body, ctx) => uniqueIds(body.segments, ctx));

/** A new segment: `start` and `end`, at least one of `src`/`dst` (`{text, lang}`), and an optional `speaker`. */
export const segmentCreateSchema = z
  .strictObject({
    start: timecodeSchema,
    end: timecodeSchema,
    src: optionalField(segmentTextInputSchema),
    dst: optionalField(segmentTextInputSchema),
    speaker: optionalField(speakerSchema),
  })
  .superRefine((segment, ctx) => {
    checkOrder(segment.start, segment.end, ctx);
    if (segment.src === undefined && segment.dst === undefined) {
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'Expected src or dst (or both): {text, lang}' });
    }
  });

/** Body of `POST /v2/projects/{id}/transcription/segments`: segments added to a project's transcription. */
export const segmentsCreateBodySchema = z.strictObject({
  segments: z.array(segmentCreateSchema).min(1, 'Expected at least one segment'),
});

/** Body of `POST /v2/transcriptions`: a transcription from JSON, where every segment names a speaker or none does. */
export const transcriptionCreateBodySchema = segmentsCreateBodySchema.superRefine((body, ctx) => {
  const withSpeaker = body.segments.filter((segment) => segment.speaker !== undefined).length;
  if (withSpeaker > 0 && withSpeaker < body.segments.length) {
    const index = body.segments.findIndex((segment) => segment.speaker === undefined);
    ctx.addIssue({
      code: 'custom',
      path: ['segments', index, 'speaker'],
      message: `Either every segment names a speaker or none does (${withSpeaker} of ${body.segments.length} do)`,
    });
  }
});

/** Response of `POST /v2/transcriptions` and `POST /v2/transcriptions/srt`: the segments and the new id. */
export const createdTranscriptionSchema = z.looseObject({ segments: z.array(segmentSchema), id: z.string() });
/** Response of `POST /v2/transcriptions/srt` (the same shape as any created transcription). */
export const srtTranscriptionSchema = createdTranscriptionSchema;

/** Response of the DELETE endpoints. */
export const deletedSchema = z.looseObject({ id: z.string() });

export type SegmentStatus = z.infer<typeof segmentStatusSchema>;
export type Segment = z.infer<typeof segmentSchema>;
export type SegmentTextInput = z.input<typeof segmentTextInputSchema>;
export type Transcription = z.infer<typeof transcriptionSchema>;
export type SegmentPatch = z.input<typeof segmentPatchSchema>;
export type SegmentsPatchBody = z.input<typeof segmentsPatchBodySchema>;
export type SegmentCreate = z.input<typeof segmentCreateSchema>;
export type SegmentsCreateBody = z.input<typeof segmentsCreateBodySchema>;
export type TranscriptionCreateBody = z.input<typeof transcriptionCreateBodySchema>;
export type CreatedTranscription = z.infer<typeof createdTranscriptionSchema>;
export type SrtTranscription = CreatedTranscription;
export type Deleted = z.infer<typeof deletedSchema>;
