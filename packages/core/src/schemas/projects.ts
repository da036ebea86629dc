// Projects (dubbing or transcription jobs): statuses, records, list pages and the request bodies.
import { z } from 'zod';
import { dstLangSchema, idSchema, optionalField, queryIntSchema, srcLangSchema } from './formats.ts';
import { openEnum } from './open-enum.ts';
import { speakerSchema } from './transcription.ts';

/** Every documented project status, in pipeline order within each stage. */
export const PROJECT_STATUSES = [
  'created',
  'uploading',
  'uploaded',
  'upload_failed',
  'transcription_started',
  'transcription_done',
  'transcription_failed',
  'transcribe_segments_started',
  'transcribe_segments_done',
  'transcribe_segments_failed',
  'separate_background_started',
  'separate_background_done',
  'separate_background_failed',
  'determine_speakers_started',
  'determine_speakers_done',
  'determine_speakers_failed',
  'voice_suggest_started',
  'voice_suggest_done',
  'voice_suggest_failed',
  'translation_started',
  'translation_done',
  'translation_failed',
  'voice_update_started',
  'voice_update_done',
  'voice_update_failed',
  'transcript_edited',
  'voice_edited',
  'voiceover_started',
  'voiceover_done',
  'voiceover_failed',
  'merging_started',
  'merging_done',
  'merging_failed',
  'failed',
  'no_audio',
  'no_words',
  'forbidden_link',
] as const;

export const SOURCE_TYPES = ['youtube', 'gdrive', 'vimeo', 's3', 'local', 'any'] as const;

export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export const sourceTypeSchema = z.enum(SOURCE_TYPES);

export const projectSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_type: openEnum(SOURCE_TYPES).nullish(),
  created_at: z.string(),
  /** `null` while the service does not know it yet (the vendor types it optional): not an error. */
  status: openEnum(PROJECT_STATUSES).nullish(),
  status_updated_at: z.string().nullish(),
  cover: z.string().nullish(),
  src_lang: z.string().nullish(),
  dst_lang: z.string(),
  num_speakers: z.number().nullish(),
  source_url: z.string().nullish(),
  duration: z.number().nullish(),
  original_duration: z.number().nullish(),
  glossary_id: z.string().nullish(),
  glossary_version: z.number().nullish(),
  original_video: z.string().nullish(),
  transcript_id: z.string().nullish(),
  voiceover: z.string().nullish(),
  translated_video: z.string().nullish(),
  translated_audio: z.string().nullish(),
  /** Speaker → voice id (from `projects.voices`), `null` for a speaker without a voice yet. */
  voice: z.record(z.string(), z.string().nullable()).nullish(),
  translation_srt_path: z.string().nullish(),
  translation_vtt_path: z.string().nullish(),
});

export const projectListItemSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_type: openEnum(SOURCE_TYPES).nullish(),
  status: openEnum(PROJECT_STATUSES).nullish(),
  status_updated_at: z.string().nullish(),
  created_at: z.string(),
});

export const projectListSchema = z.looseObject({
  total: z.number(),
  offset: z.number(),
  projects: z.array(projectListItemSchema),
});

const numSpeakersSchema = z.int('Expected a whole number of speakers').min(1, 'Expected at least 1 speaker');

/** Body of `POST /v2/projects`. */
export const projectCreateBodySchema = z.strictObject({
  video_id: idSchema,
  dst_lang: dstLangSchema,
  name: optionalField(z.string()),
  src_lang: optionalField(srcLangSchema),
  num_speakers: optionalField(numSpeakersSchema),
  transcript_id: optionalField(idSchema),
  glossary_id: optionalField(idSchema),
});

/**
 * A project's voice assignment as a PATCH sends it: **every** speaker → a voice id from `projects.voices`. The
 * map replaces the old one whole: a speaker left out loses its voice (refused while segments still name it).
 */
export const voiceMapSchema = z.record(speakerSchema, idSchema, {
  // zod's own message for a bad key ("Invalid key in record") does not say what a key should be.
  error: (issue) =>
    issue.code === 'invalid_key'
      ? 'Expected a speaker like SPEAKER_00 as the key, mapped to a voice id'
      : undefined,
});

/** Body of `PATCH /v2/projects/{id}`: only the fields to change, at least one. */
export const projectUpdateBodySchema = z
  .strictObject({
    name: optionalField(z.string().min(1, 'Expected a non-empty name')),
    num_speakers: optionalField(numSpeakersSchema),
    voice: optionalField(voiceMapSchema),
  })
  .refine((body) => body.name !== undefined || body.num_speakers !== undefined || body.voice !== undefined, {
    message: 'Expected at least one of name, num_speakers or voice',
  });

/** Query of `GET /v2/projects` (numbers, or digit strings as they arrive in a URL). */
export const projectListQuerySchema = z.strictObject({
  offset: optionalField(queryIntSchema),
  limit: optionalField(
    queryIntSchema.pipe(
      z.number().min(1, 'Expected a limit of 1 or more').max(100, 'Expected a limit of 100 or less'),
    ),
  ),
  name: optionalField(z.string()),
});

/** A voice that can be given to a project's speakers (`GET /v2/projects/{id}/voices`). */
export const voiceSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  /** A short audio sample of the voice, when the service has one. */
  sample_src: z.string().nullish(),
  gender: z.string(),
});

export const voicesSchema = z.array(voiceSchema);

export type ProjectStatus = z.infer<typeof projectStatusSchema>;
export type SourceType = z.infer<typeof sourceTypeSchema>;
export type Project = z.infer<typeof projectSchema>;
export type ProjectListItem = z.infer<typeof projectListItemSchema>;
export type ProjectList = z.infer<typeof projectListSchema>;
export type ProjectCreateBody = z.input<typeof projectCreateBodySchema>;
export type ProjectUpdateBody = z.input<typeof projectUpdateBodySchema>;
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
/** Speaker → voice id, as sent in a project update. */
export type VoiceMap = z.infer<typeof voiceMapSchema>;
export type Voice = z.infer<typeof voiceSchema>;
