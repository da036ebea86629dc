// Transcription segments, the segment patch request, and transcriptions created from .srt files.
import { z } from 'zod';
import { timecodeToMs } from '../timecode.ts';
import { timecodeSchema } from './formats.ts';
import { openEnum } from './open-enum.ts';

export const SEGMENT_STATUSES = ['processing', 'updated', 'done', 'error'] as const;
export const segmentStatusSchema = z.enum(SEGMENT_STATUSES);

/** `SPEAKER_00`, `SPEAKER_01`, ...: case-sensitive, zero-padded. */
export const speakerSchema = z
  .string()
  .regex(/^SPEAKER_\d{2,}$/, 'Expected a speaker like SPEAKER_00 (upper case, two digits or more)');

export const segmentTextSchema = z.looseObject({ text: z.string(), lang: z.string().nullish() });

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

/** One object of a segment patch: the id plus only the fields to change. */
export const segmentPatchSchema = z
  .strictObject({
    id: z.string().min(1, 'Expected a segment id'),
    src: z.strictObject({ text: z.string(), lang: z.string().optional() }).optional(),
    dst: z.strictObject({ text: z.string(), lang: z.string().optional() }).optional(),
    speaker: speakerSchema.optional(),
    start: timecodeSchema.optional(),
    end: timecodeSchema.optional(),
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
      if (timecodeToMs(patch.start) >= timecodeToMs(patch.end)) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: `Expected end after start (${patch.start})` });
      }
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

/** Body of `PATCH /v2/projects/{id}/transcription/segments`: either every segment names a speaker or none does. */
export const segmentsPatchBodySchema = z
  .strictObject({ segments: z.array(segmentPatchSchema).min(1, 'Expected at least one segment') })
  .superRefine((body, ctx) => {
    const withSpeaker = body.segments.filter((segment) => segment.speaker !== undefined).length;
    if (withSpeaker > 0 && withSpeaker < body.segments.length) {
      const index = body.segments.findIndex((segment) => segment.speaker === undefined);
      ctx.addIssue({
        code: 'custom',
        path: ['segments', index, 'speaker'],
        message: `Either every segment names a speaker or none does (${withSpeaker} of ${body.segments.length} do)`,
      });
    }
    const seen = new Set<string>();
    body.segments.forEach((segment, index) => {
      if (seen.has(segment.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['segments', index, 'id'],
          message: `Segment ${segment.id} appears twice`,
        });
      }
      seen.add(segment.id);
    });
  });

/** Response of `POST /v2/transcriptions/srt`. */
export const srtTranscriptionSchema = z.looseObject({ segments: z.array(segmentSchema), id: z.string() });

/** Response of the DELETE endpoints. */
export const deletedSchema = z.looseObject({ id: z.string() });

export type SegmentStatus = z.infer<typeof segmentStatusSchema>;
export type Segment = z.infer<typeof segmentSchema>;
export type Transcription = z.infer<typeof transcriptionSchema>;
export type SegmentPatch = z.input<typeof segmentPatchSchema>;
export type SegmentsPatchBody = z.input<typeof segmentsPatchBodySchema>;
export type SrtTranscription = z.infer<typeof srtTranscriptionSchema>;
export type Deleted = z.infer<typeof deletedSchema>;
