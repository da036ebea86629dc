// Face check and lip-sync: the info record, the start request and the two start responses.
import { z } from 'zod';
import { optionalField } from './formats.ts';
import { openEnum } from './open-enum.ts';

export const FACE_CHECK_STATUSES = ['started', 'done', 'failed'] as const;
/** `outdated`: the dub changed after the lip-sync ran. */
export const LIPSYNC_STATUSES = ['started', 'done', 'failed', 'outdated'] as const;

export const faceCheckStatusSchema = z.enum(FACE_CHECK_STATUSES);
export const lipsyncStatusSchema = z.enum(LIPSYNC_STATUSES);

export const lipsyncInfoSchema = z.looseObject({
  check_face_task_status: openEnum(FACE_CHECK_STATUSES).nullish(),
  tasks_in_lipsync_queue: z.number().nullish(),
  lipsync_result_path: z.string().nullish(),
  lipsync_task_status: openEnum(LIPSYNC_STATUSES).nullish(),
  video_has_face: z.boolean().nullish(),
  lipsync_task_progress: z.number().nullish(),
});

/** Response of `PUT /v2/projects/{id}/check_face`. */
export const checkFaceResponseSchema = z.looseObject({
  check_face_task_status: openEnum(FACE_CHECK_STATUSES),
});

/**
 * Body of `PUT /v2/projects/{id}/lipsync`. Both flags may be left out (or `null`, as the vendor's SDK sends
 * them) and then mean `false`. The vendor's lip-sync guide: the full lip-synced video needs
 * `is_free_lipsync: false`; `true` asks for the free version, a preview. The client always sends both flags.
 */
export const lipsyncStartBodySchema = z.strictObject({
  /** True when several faces are on screen at once (slower); false when one face is visible at a time. */
  is_multiple_speakers: optionalField(z.boolean()).transform((value) => value ?? false),
  /** True for the free preview (drawn from `lipsync_free_minutes`); false, the default, for the full video. */
  is_free_lipsync: optionalField(z.boolean()).transform((value) => value ?? false),
});

/** Response of `PUT /v2/projects/{id}/lipsync`. */
export const lipsyncStartResponseSchema = z.looseObject({
  tasks_in_lipsync_queue: z.number().nullish(),
  lipsync_task_status: openEnum(LIPSYNC_STATUSES),
});

export type FaceCheckStatus = z.infer<typeof faceCheckStatusSchema>;
export type LipsyncStatus = z.infer<typeof lipsyncStatusSchema>;
export type LipsyncInfo = z.infer<typeof lipsyncInfoSchema>;
export type CheckFaceResponse = z.infer<typeof checkFaceResponseSchema>;
export type LipsyncStartBody = z.input<typeof lipsyncStartBodySchema>;
export type LipsyncStartResponse = z.infer<typeof lipsyncStartResponseSchema>;
