import { describe, expect, it } from 'vitest';
import {
  checkFaceResponseSchema,
  creditsSchema,
  dstLangSchema,
  GLOSSARY_MAX_BYTES,
  glossaryCreateBodySchema,
  glossaryEntriesSchema,
  lipsyncInfoSchema,
  mediaCreationErrorBodySchema,
  mediaLinkBodySchema,
  mediaRecordSchema,
  PROJECT_STATUSES,
  projectCreateBodySchema,
  projectListQuerySchema,
  projectSchema,
  projectUpdateBodySchema,
  segmentPatchSchema,
  segmentsPatchBodySchema,
  srcLangSchema,
  timecodeSchema,
  tokenResponseSchema,
  validationErrorBodySchema,
} from './index.ts';

const uuid = '3f2b8c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const videoMedia = {
  kind: 'video',
  status: 'ready',
  mime_type: 'video/mp4',
  user_id: uuid,
  meta: {
    size_bytes: 1000,
    original_meta: null,
    duration_seconds: 12,
    audio_rate: 48000,
    audio_layout: 'stereo',
    audio_channels: 2,
    audio_codec_name: 'aac',
    video_codec_name: 'h264',
    video_frame_rate: 25,
    video_frame_width: 1280,
    video_frame_height: 720,
  },
  name: 'clip.mp4',
  id: uuid,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  path: 'media/clip.mp4',
  url: 'http://127.0.0.1/files/clip.mp4',
  preview: null,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('languages and timecodes', () => {
  it('takes a source language without dialect only', () => {
    expect(srcLangSchema.safeParse('en').success).toBe(true);
    expect(srcLangSchema.safeParse('en-us').success).toBe(false);
    expect(srcLangSchema.safeParse('EN').success).toBe(false);
  });
  it('takes a destination language with an optional lower-case dialect', () => {
    for (const lang of ['es', 'en-us', 'pt-br', 'zh-cn'])
      expect(dstLangSchema.safeParse(lang).success).toBe(true);
    for (const lang of ['en-US', 'en_us', '', 'english'])
      expect(dstLangSchema.safeParse(lang).success).toBe(false);
  });
  it('checks HH:MM:SS,mmm strictly', () => {
    expect(timecodeSchema.safeParse('00:01:02,345').success).toBe(true);
    for (const bad of ['00:01:02.345', '0:01:02,345', '00:60:00,000', '00:00:60,000', '00:00:01,34']) {
      expect(timecodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('media', () => {
  it('parses a media record with video meta and keeps unknown fields', () => {
    const parsed = mediaRecordSchema.parse({ ...videoMedia, extra_field: 1 });
    expect(parsed.meta).toMatchObject({ video_codec_name: 'h264' });
    expect((parsed as Record<string, unknown>).extra_field).toBe(1);
  });
  it('lets an unknown kind or status through as a string', () => {
    const parsed = mediaRecordSchema.parse({ ...videoMedia, kind: 'document', status: 'archived' });
    expect(parsed.kind).toBe('document');
    expect(parsed.status).toBe('archived');
  });
  it('still rejects a record missing a required field', () => {
    const { id: _id, ...withoutId } = videoMedia;
    expect(messages(mediaRecordSchema.safeParse(withoutId))[0]).toMatch(/^id:/);
  });
  it('checks a link body strictly', () => {
    expect(mediaLinkBodySchema.safeParse({ link: 'https://youtu.be/x', kind: 'video' }).success).toBe(true);
    expect(mediaLinkBodySchema.safeParse({ link: 'not a url' }).success).toBe(false);
    expect(messages(mediaLinkBodySchema.safeParse({ link: 'https://a.b/c', extra: 1 }))[0]).toMatch(/extra/);
    expect(mediaLinkBodySchema.safeParse({ link: 'https://a.b/c', kind: 'pdf' }).success).toBe(false);
  });
});

describe('projects', () => {
  it('lists every documented status', () => {
    expect(PROJECT_STATUSES).toHaveLength(37);
    expect(PROJECT_STATUSES).toContain('merging_done');
    expect(PROJECT_STATUSES).toContain('forbidden_link');
  });
  it('parses a project with nulls and an unknown status', () => {
    const parsed = projectSchema.parse({
      id: uuid,
      name: 'demo',
      created_at: '2026-01-01T00:00:00Z',
      status: 'lipsync_queued',
      dst_lang: 'es',
      glossary_id: null,
      duration: 12.5,
    });
    expect(parsed.status).toBe('lipsync_queued');
  });
  it('checks the create body: ids, languages and unknown fields', () => {
    expect(
      projectCreateBodySchema.safeParse({ video_id: uuid, dst_lang: 'es-es', src_lang: 'en' }).success,
    ).toBe(true);
    expect(messages(projectCreateBodySchema.safeParse({ video_id: 'abc', dst_lang: 'es' }))[0]).toMatch(
      /^video_id:/,
    );
    expect(
      messages(projectCreateBodySchema.safeParse({ video_id: uuid, dst_lang: 'es', src_lang: 'en-us' }))[0],
    ).toMatch(/^src_lang:/);
    expect(
      projectCreateBodySchema.safeParse({ video_id: uuid, dst_lang: 'es', num_speakers: 0 }).success,
    ).toBe(false);
    expect(projectCreateBodySchema.safeParse({ video_id: uuid, dst_lang: 'es', color: 'red' }).success).toBe(
      false,
    );
  });
  it('needs at least one field in an update', () => {
    expect(projectUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(projectUpdateBodySchema.safeParse({ num_speakers: 2 }).success).toBe(true);
  });
  it('reads list queries from numbers or URL strings', () => {
    expect(projectListQuerySchema.parse({ offset: '20', limit: '10' })).toEqual({ offset: 20, limit: 10 });
    expect(projectListQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(projectListQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(projectListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});

describe('segment patches', () => {
  it('needs id and something to change', () => {
    expect(segmentPatchSchema.safeParse({ id: 's1' }).success).toBe(false);
    expect(segmentPatchSchema.safeParse({ id: 's1', dst: { text: 'Hola' } }).success).toBe(true);
  });
  it('takes timecodes only as an ordered pair', () => {
    expect(messages(segmentPatchSchema.safeParse({ id: 's1', start: '00:00:01,000' }))[0]).toMatch(
      /^end: .*pair/,
    );
    expect(
      messages(segmentPatchSchema.safeParse({ id: 's1', start: '00:00:02,000', end: '00:00:01,000' }))[0],
    ).toMatch(/^end: Expected end after start/);
    expect(
      segmentPatchSchema.safeParse({ id: 's1', start: '00:00:01,000', end: '00:00:02,000' }).success,
    ).toBe(true);
  });
  it('checks speakers', () => {
    expect(segmentPatchSchema.safeParse({ id: 's1', speaker: 'SPEAKER_01' }).success).toBe(true);
    expect(segmentPatchSchema.safeParse({ id: 's1', speaker: 'speaker_01' }).success).toBe(false);
    expect(segmentPatchSchema.safeParse({ id: 's1', speaker: 'SPEAKER_1' }).success).toBe(false);
  });
  it('wants every segment or none to name a speaker', () => {
    const mixed = segmentsPatchBodySchema.safeParse({
      segments: [
        { id: 'a', speaker: 'SPEAKER_00' },
        { id: 'b', src: { text: 'x' } },
      ],
    });
    expect(messages(mixed)[0]).toMatch(/^segments\.1\.speaker: Either every segment/);
    expect(
      segmentsPatchBodySchema.safeParse({
        segments: [
          { id: 'a', speaker: 'SPEAKER_00' },
          { id: 'b', speaker: 'SPEAKER_01' },
        ],
      }).success,
    ).toBe(true);
    expect(segmentsPatchBodySchema.safeParse({ segments: [] }).success).toBe(false);
  });
});

describe('glossaries', () => {
  it('accepts good entries', () => {
    expect(glossaryEntriesSchema.safeParse({ Olá: 'Hello' }).success).toBe(true);
  });
  it.each([
    [{ '': 'x' }, /Source term "" is empty/],
    [{ a: '' }, /Target term "" for "a" is empty/],
    [{ 'a\tb': 'x' }, /tab or a line break/],
    [{ a: 'x\n' }, /tab or a line break/],
    [{ ' a': 'x' }, /leading or trailing white space/],
    [{ a: 'é'.repeat(513) }, /1026 bytes long/],
    [{}, /at least one term pair/],
  ])('rejects a bad term (%#)', (entries, message) => {
    expect(messages(glossaryEntriesSchema.safeParse(entries)).join('\n')).toMatch(message);
  });
  it('rejects a glossary of 10,485,760 bytes or more', () => {
    const entries: Record<string, string> = {};
    // Each pair adds a little over 1000 bytes of JSON, so this many pairs pass the limit.
    for (let i = 0; i < GLOSSARY_MAX_BYTES / 1000; i++) entries[`term ${i}`] = 'v'.repeat(1000);
    expect(messages(glossaryEntriesSchema.safeParse(entries)).join('\n')).toMatch(
      /must be under 10485760 bytes/,
    );
  });
  it('checks the create body languages', () => {
    const body = { name: 'g', src_lang: 'pt', dst_lang: 'en-us', entries: { Olá: 'Hello' } };
    expect(glossaryCreateBodySchema.safeParse(body).success).toBe(true);
    expect(glossaryCreateBodySchema.safeParse({ ...body, src_lang: 'pt-br' }).success).toBe(false);
  });
});

describe('lip-sync, credits, auth and error bodies', () => {
  it('accepts outdated and unknown lip-sync statuses', () => {
    expect(lipsyncInfoSchema.parse({ lipsync_task_status: 'outdated' }).lipsync_task_status).toBe('outdated');
    expect(checkFaceResponseSchema.parse({ check_face_task_status: 'queued' }).check_face_task_status).toBe(
      'queued',
    );
  });
  it('parses credits and token responses', () => {
    const balance = { total: 10, used: 2 };
    expect(
      creditsSchema.safeParse({ minutes: balance, video: balance, lipsync_free_minutes: balance }).success,
    ).toBe(true);
    expect(creditsSchema.safeParse({ minutes: balance }).success).toBe(false);
    expect(
      tokenResponseSchema.safeParse({ access_token: 't', expires_in: 3600, token_type: 'Bearer' }).success,
    ).toBe(true);
  });
  it('parses the 422 and 400 bodies', () => {
    expect(
      validationErrorBodySchema.safeParse({
        detail: [{ loc: ['body', 'segments', 0], msg: 'bad', type: 'value_error' }],
      }).success,
    ).toBe(true);
    expect(validationErrorBodySchema.safeParse({ detail: 'Not authenticated' }).success).toBe(false);
    expect(
      mediaCreationErrorBodySchema.parse({ status: 'media_broken_error', status_code: 400, detail: 'x' })
        .status,
    ).toBe('media_broken_error');
  });
});
