// Media records (uploaded video, audio or image) and the link-upload request body.
import { z } from 'zod';
import { optionalField } from './formats.ts';
import { openEnum } from './open-enum.ts';

export const MEDIA_KINDS = ['video', 'audio', 'image'] as const;
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export const AUDIO_LAYOUTS = ['mono', 'stereo'] as const;

export const mediaKindSchema = z.enum(MEDIA_KINDS);
export const mediaStatusSchema = z.enum(MEDIA_STATUSES);

const originalMeta = z.record(z.string(), z.unknown()).nullish();

export const audioMetaSchema = z.looseObject({
  size_bytes: z.number(),
  original_meta: originalMeta,
  duration_seconds: z.number(),
  audio_rate: z.number(),
  audio_layout: openEnum(AUDIO_LAYOUTS),
  audio_channels: z.number(),
  audio_codec_name: z.string(),
});

export const videoMetaSchema = audioMetaSchema.extend({
  video_codec_name: z.string(),
  video_frame_rate: z.number(),
  video_frame_width: z.number(),
  video_frame_height: z.number(),
});

export const imageMetaSchema = z.looseObject({
  size_bytes: z.number(),
  original_meta: originalMeta,
  image_width: z.number(),
  image_height: z.number(),
  image_format: z.string(),
});

/** `{}`: a media record still `processing` has no meta yet (the vendor's SDK reads an object there). */
export const emptyMetaSchema = z.strictObject({});

/**
 * Video first: a video's meta also satisfies the audio shape, so the most specific shape must win. While
 * processing the meta is `{}` (or `null` from older answers); both are accepted.
 */
const metaSchema = z.union([videoMetaSchema, audioMetaSchema, imageMetaSchema, emptyMetaSchema]).nullable();

/** A media record as the service returns it, without the nested preview. */
export const mediaPreviewSchema = z.looseObject({
  kind: openEnum(MEDIA_KINDS),
  status: openEnum(MEDIA_STATUSES),
  mime_type: z.string(),
  user_id: z.string(),
  meta: metaSchema,
  name: z.string().nullish(),
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  path: z.string(),
  url: z.string().nullish(),
});

export const mediaRecordSchema = mediaPreviewSchema.extend({
  preview: mediaPreviewSchema.nullish(),
});

/** Body of `POST /api/library/v1/media/link`. */
export const mediaLinkBodySchema = z.strictObject({
  link: z.url('Expected an absolute URL such as https://example.com/video.mp4'),
  name: optionalField(z.string()),
  kind: optionalField(mediaKindSchema),
});

/** Query of `POST /api/library/v1/media` (the file itself travels in the multipart body). */
export const mediaUploadQuerySchema = z.strictObject({
  kind: optionalField(mediaKindSchema),
});

export type MediaKind = z.infer<typeof mediaKindSchema>;
export type MediaStatus = z.infer<typeof mediaStatusSchema>;
export type AudioMeta = z.infer<typeof audioMetaSchema>;
export type VideoMeta = z.infer<typeof videoMetaSchema>;
export type ImageMeta = z.infer<typeof imageMetaSchema>;
export type MediaPreview = z.infer<typeof mediaPreviewSchema>;
export type MediaRecord = z.infer<typeof mediaRecordSchema>;
export type MediaLinkBody = z.input<typeof mediaLinkBodySchema>;
export type MediaUploadQuery = z.input<typeof mediaUploadQuerySchema>;
