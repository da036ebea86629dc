// Error bodies: FastAPI's 422 validation error, the media creation/not-found bodies, and plain {detail}.
import { z } from 'zod';
import { openEnum } from './open-enum.ts';

export const MEDIA_CREATION_ERROR_STATUSES = [
  'media_mime_type_non_acceptable',
  'media_process_error',
  'media_broken_error',
] as const;

export const validationIssueSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});

/** 422 on any endpoint. */
export const validationErrorBodySchema = z.looseObject({ detail: z.array(validationIssueSchema) });

/** 400 when a file or link upload fails. */
export const mediaCreationErrorBodySchema = z.looseObject({
  status: openEnum(MEDIA_CREATION_ERROR_STATUSES),
  status_code: z.number(),
  detail: z.string(),
});

/** 404 on `GET /api/library/v1/media/{id}`. */
export const mediaNotFoundBodySchema = z.looseObject({
  status: z.literal('not_found'),
  status_code: z.number(),
  detail: z.string(),
});

/** 401, 402, 404, 409, 429 and others: `{detail: "..."}`. */
export const detailErrorBodySchema = z.looseObject({ detail: z.string() });

export type ValidationIssue = z.infer<typeof validationIssueSchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;
export type MediaCreationErrorStatus = (typeof MEDIA_CREATION_ERROR_STATUSES)[number];
export type MediaCreationErrorBody = z.infer<typeof mediaCreationErrorBodySchema>;
export type MediaNotFoundBody = z.infer<typeof mediaNotFoundBodySchema>;
export type DetailErrorBody = z.infer<typeof detailErrorBodySchema>;
