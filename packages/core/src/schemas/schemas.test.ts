import { describe, expect, it } from 'vitest';
import {
  checkFaceResponseSchema,
  creditsSchema,
  dstLangSchema,
  GLOSSARY_MAX_BYTES,
  glossaryCreateBodySchema,
  glossaryEntriesSchema,
  lipsyncInfoSchema,
  lipsyncStartBodySchema,
  mediaCreationErrorBodySchema,
  mediaLinkBodySchema,
  mediaRecordSchema,
  PROJECT_STATUSES,
  projectCreateBodySchema,
  projectListQuerySchema,
  projectSchema,
  projectUpdateBodySchema,
  segmentCreateSchema,
  segmentPatchSchema,
  segmentsPatchBodySchema,
  srcLangSchema,
  timecodeSchema,
  tokenResponseSchema,
  transcriptionCreateBodySchema,
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
  it('accepts a processing record whose meta is {} or null', () => {
    for (const meta of [{}, null]) {
      expect(mediaRecordSchema.safeParse({ ...videoMedia, status: 'processing', meta }).success).toBe(true);
    }
  });
  it('reads null link fields as not given', () => {
    expect(mediaLinkBodySchema.parse({ link: 'https://youtu.be/x', kind: null, name: null })).toEqual({
      link: 'https://youtu.be/x',
    });
  });
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
  it('parses a project whose status is not known yet (null) and a voice map with unassigned speakers', () => {
    const parsed = projectSchema.safeParse({
      id: uuid,
      name: 'demo',
      created_at: '2026-01-01T00:00:00Z',
      status: null,
      dst_lang: 'es',
      voice: { SPEAKER_00: uuid, SPEAKER_01: null },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.status).toBeNull();
    // The old emulator's voice objects are not the service's shape.
    expect(
      projectSchema.safeParse({
        id: uuid,
        name: 'demo',
        created_at: '2026-01-01T00:00:00Z',
        status: 'merging_done',
        dst_lang: 'es',
        voice: { SPEAKER_00: { voice_id: 'v', name: 'Ava' } },
      }).success,
    ).toBe(false);
  });
  it('reads nulls in the create body as not given (the SDK sends every optional field)', () => {
    const sdk = {
      video_id: uuid,
      dst_lang: 'es',
      name: null,
      src_lang: null,
      num_speakers: null,
      transcript_id: null,
      glossary_id: null,
    };
    expect(projectCreateBodySchema.parse(sdk)).toEqual({ video_id: uuid, dst_lang: 'es' });
  });
  it('takes a voice map of speaker → voice id in an update', () => {
    expect(projectUpdateBodySchema.safeParse({ voice: { SPEAKER_00: uuid } }).success).toBe(true);
    expect(projectUpdateBodySchema.safeParse({ voice: { SPEAKER_00: 'voice_01' } }).success).toBe(false);
    expect(projectUpdateBodySchema.safeParse({ voice: { speaker: uuid } }).success).toBe(false);
    expect(projectUpdateBodySchema.safeParse({ name: null, num_speakers: null, voice: null }).success).toBe(
      false,
    );
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
    expect(segmentPatchSchema.safeParse({ id: 's1', dst: { text: 'Hola', lang: 'es' } }).success).toBe(true);
  });
  it('wants a text object with both text and lang', () => {
    expect(messages(segmentPatchSchema.safeParse({ id: 's1', dst: { text: 'Hola' } }))).toEqual([
      'dst.lang: Expected lang, the language of the text: a text object is {text, lang}',
    ]);
    expect(segmentPatchSchema.safeParse({ id: 's1', dst: { text: 'Hola', lang: '' } }).success).toBe(false);
  });
  it('reads null fields as not given, as the vendor SDK sends them', () => {
    const sdk = {
      id: 's1',
      src: null,
      dst: { text: 'Hola', lang: 'es' },
      speaker: null,
      start: null,
      end: null,
    };
    expect(segmentPatchSchema.parse(sdk)).toEqual({ id: 's1', dst: { text: 'Hola', lang: 'es' } });
    expect(segmentPatchSchema.safeParse({ id: 's1', src: null, speaker: null }).success).toBe(false);
  });
  it('reports a malformed timecode as an issue, never by throwing', () => {
    for (const [start, end] of [
      ['1.5', '00:00:02,000'],
      ['00:00:01,000', '2'],
      ['x', 'y'],
    ]) {
      const result = segmentPatchSchema.safeParse({ id: 's1', start, end });
      expect(result.success).toBe(false);
      expect(messages(result).join('\n')).toMatch(/Expected a timecode HH:MM:SS,mmm/);
    }
    expect(segmentCreateSchema.safeParse({ start: 1.5, end: '00:00:02,000', src: null }).success).toBe(false);
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
  it('lets a patch name a speaker for some segments only; refuses an id twice and an empty list', () => {
    const mixed = segmentsPatchBodySchema.safeParse({
      segments: [
        { id: 'a', speaker: 'SPEAKER_00' },
        { id: 'b', src: { text: 'x', lang: 'en' } },
      ],
    });
    expect(mixed.success).toBe(true);
    expect(
      messages(
        segmentsPatchBodySchema.safeParse({
          segments: [
            { id: 'a', speaker: 'SPEAKER_00' },
            { id: 'a', speaker: 'SPEAKER_01' },
          ],
        }),
      ),
    ).toEqual(['segments.1.id: Segment a appears twice']);
    expect(segmentsPatchBodySchema.safeParse({ segments: [] }).success).toBe(false);
  });
});

describe('new segments and transcriptions from JSON', () => {
  const text = { text: 'Hello', lang: 'en' };
  it('needs start < end and a src or dst', () => {
    expect(
      segmentCreateSchema.safeParse({ start: '00:00:01,000', end: '00:00:02,000', src: text }).success,
    ).toBe(true);
    expect(messages(segmentCreateSchema.safeParse({ start: '00:00:01,000', end: '00:00:02,000' }))).toEqual([
      'src: Expected src or dst (or both): {text, lang}',
    ]);
    expect(
      messages(segmentCreateSchema.safeParse({ start: '00:00:02,000', end: '00:00:01,000', dst: text }))[0],
    ).toMatch(/^end: Expected end after start/);
  });
  it('wants every segment or none to name a speaker when creating a transcription', () => {
    const one = { start: '00:00:01,000', end: '00:00:02,000', src: text };
    const mixed = transcriptionCreateBodySchema.safeParse({
      segments: [
        { ...one, speaker: 'SPEAKER_00' },
        { ...one, speaker: null },
      ],
    });
    expect(messages(mixed)[0]).toMatch(/^segments\.1\.speaker: Either every segment names a speaker or none/);
    expect(transcriptionCreateBodySchema.safeParse({ segments: [one, one] }).success).toBe(true);
    expect(
      transcriptionCreateBodySchema.safeParse({
        segments: [
          { ...one, speaker: 'SPEAKER_00' },
          { ...one, speaker: 'SPEAKER_01' },
        ],
      }).success,
    ).toBe(true);
  });
});

describe('glossaries', () => {
  it('accepts good entries, a carriage return inside a term among them', () => {
    expect(glossaryEntriesSchema.safeParse({ Olá: 'Hello' }).success).toBe(true);
    expect(glossaryEntriesSchema.safeParse({ 'a\rb': 'c\rd' }).success).toBe(true);
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
  it('counts the bytes of the terms, not of their JSON, against the limit', () => {
    const entries: Record<string, string> = {};
    // 10,400 pairs of 1006 bytes: 10,462,400 bytes of terms, under the limit; their JSON is over it.
    for (let i = 0; i < 10_400; i++) entries[`t${String(i).padStart(5, '0')}`] = 'v'.repeat(1000);
    expect(Buffer.byteLength(JSON.stringify(entries))).toBeGreaterThanOrEqual(GLOSSARY_MAX_BYTES);
    expect(glossaryEntriesSchema.safeParse(entries).success).toBe(true);
  });
  it('checks the create body languages', () => {
    const body = { name: 'g', src_lang: 'pt', dst_lang: 'en-us', entries: { Olá: 'Hello' } };
    expect(glossaryCreateBodySchema.safeParse(body).success).toBe(true);
    expect(glossaryCreateBodySchema.safeParse({ ...body, src_lang: 'pt-br' }).success).toBe(false);
  });
});

describe('lip-sync, credits, auth and error bodies', () => {
  it('defaults both lip-sync flags to false (the full video), from absent or null', () => {
    expect(lipsyncStartBodySchema.parse({})).toEqual({ is_multiple_speakers: false, is_free_lipsync: false });
    expect(lipsyncStartBodySchema.parse({ is_multiple_speakers: null, is_free_lipsync: true })).toEqual({
      is_multiple_speakers: false,
      is_free_lipsync: true,
    });
    expect(lipsyncStartBodySchema.safeParse({ is_free_lipsync: 'yes' }).success).toBe(false);
  });
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
