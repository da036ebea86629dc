import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { type Harness, harness, type Json } from '../test-support/harness.ts';

const FULL_PIPELINE = [
  'created',
  'uploading',
  'uploaded',
  'transcription_started',
  'transcription_done',
  'transcribe_segments_started',
  'transcribe_segments_done',
  'separate_background_started',
  'separate_background_done',
  'determine_speakers_started',
  'determine_speakers_done',
  'voice_suggest_started',
  'voice_suggest_done',
  'translation_started',
  'translation_done',
  'voiceover_started',
  'voiceover_done',
  'merging_started',
  'merging_done',
];

const SETTLED = /^(merging_done|no_audio|no_words|forbidden_link|.*_failed)$/;

/** Every status the project shows, stepping the clock 250 ms at a time (shorter than any status lasts). */
async function statusesOf(h: Harness, id: string): Promise<string[]> {
  const seen: string[] = [];
  for (let step = 0; step < 2400; step++) {
    const { status } = (await h.call('GET', `/v2/projects/${id}`)).body;
    if (seen.at(-1) !== status) seen.push(status);
    if (SETTLED.test(status)) break;
    h.emulator.advanceClock(250);
  }
  return seen;
}

describe('project pipeline', () => {
  it('walks the statuses of docs/service.md in order, computed from the clock', async () => {
    const h = await harness();
    const project = await h.project({ name: 'Pipeline' });
    expect(project.status).toBe('created');
    expect(await statusesOf(h, project.id)).toEqual(FULL_PIPELINE);
  });

  it('skips transcription with transcript_id, translation when it has every dst, speakers with num_speakers', async () => {
    const h = await harness();
    const srt = '1\n00:00:00,000 --> 00:00:01,000\nHello\n';
    const form = new FormData();
    form.set('src.0', new Blob([srt]), 'src.srt');
    form.set('dst.0', new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHola\n']), 'dst.srt');
    const upload = await fetch(`${h.url}/v2/transcriptions/srt?src=en&dst=es`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-token' },
      body: form,
    });
    const transcript = (await upload.json()) as Json;
    const project = await h.project({ transcript_id: transcript.id, num_speakers: 1 });
    expect(await statusesOf(h, project.id)).toEqual([
      'created',
      'uploading',
      'uploaded',
      'separate_background_started',
      'separate_background_done',
      'voice_suggest_started',
      'voice_suggest_done',
      'voiceover_started',
      'voiceover_done',
      'merging_started',
      'merging_done',
    ]);
  });

  it('ends in no_audio for a video without sound, and in no_words when the name says nowords', async () => {
    const h = await harness();
    const silent = await h.project({}, 'video-no-audio.mp4');
    expect((await statusesOf(h, silent.id)).at(-1)).toBe('no_audio');
    const quiet = await h.project({ name: 'nowords test' });
    expect(await statusesOf(h, quiet.id)).toEqual(FULL_PIPELINE.slice(0, 5).concat('no_words'));
  });

  it('fails the stage named by the failStage fault', async () => {
    const h = await harness({ faults: { failStage: 'translation' } });
    const project = await h.project();
    const statuses = await statusesOf(h, project.id);
    expect(statuses.slice(-2)).toEqual(['translation_started', 'translation_failed']);
    expect((await h.call('POST', `/v2/projects/${project.id}/generate`)).status).toBe(409);
  });

  it('scales stage durations with speed', async () => {
    const h = await harness({ speed: 1000 });
    const fast = await h.project();
    h.emulator.setSpeed(1); // applies to runs started from now
    const slow = await h.project();
    h.emulator.advanceClock(100);
    expect((await h.call('GET', `/v2/projects/${fast.id}`)).body.status).toBe('merging_done');
    expect((await h.call('GET', `/v2/projects/${slow.id}`)).body.status).toBe('created');
  });

  it('links real outputs at merging_done, and transcribes the same media the same way', async () => {
    const h = await harness();
    const a = await h.project({ name: 'A' });
    const b = await h.project({ name: 'B' });
    h.finish();
    const done = (await h.call('GET', `/v2/projects/${a.id}`)).body;
    expect(done).toMatchObject({ status: 'merging_done', num_speakers: expect.any(Number), duration: 2 });
    for (const key of [
      'translated_video',
      'translated_audio',
      'voiceover',
      'translation_srt_path',
      'translation_vtt_path',
    ]) {
      const response = await fetch(done[key]);
      expect(response.status, key).toBe(200);
      expect((await response.arrayBuffer()).byteLength, key).toBeGreaterThan(40);
    }
    const cover = Buffer.from(await (await fetch(done.cover)).arrayBuffer());
    expect(await fileTypeFromBuffer(cover)).toEqual({ ext: 'png', mime: 'image/png' });
    expect([cover.readUInt32BE(16), cover.readUInt32BE(20)]).toEqual([160, 90]);
    const wav = Buffer.from(await (await fetch(done.voiceover)).arrayBuffer());
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(40)).toBe(16000);
    const textOf = async (id: string) =>
      (await h.call('GET', `/v2/projects/${id}/transcription`)).body.segments.map(
        (s: { src: { text: string } }) => s.src.text,
      );
    expect(await textOf(a.id)).toEqual(await textOf(b.id));
    const segments = (await h.call('GET', `/v2/projects/${a.id}/transcription`)).body.segments;
    expect(segments[0]).toMatchObject({ start: '00:00:00,000', status: 'done', speaker: 'SPEAKER_00' });
    expect(segments[0].dst.text).toMatch(/^\[es\] /);
    const srt = await (await fetch(done.translation_srt_path)).text();
    expect(srt).toContain(segments[0].dst.text);
    expect(await (await fetch(done.translation_vtt_path)).text()).toMatch(/^WEBVTT/);
  });

  it('shows an empty transcription until segments exist and empty translations until translation_done', async () => {
    const h = await harness();
    const project = await h.project();
    expect((await h.call('GET', `/v2/projects/${project.id}/transcription`)).body).toEqual({ segments: [] });
    h.emulator.advanceClock(30_000); // past transcribe_segments_done, before translation
    const segments = (await h.call('GET', `/v2/projects/${project.id}/transcription`)).body.segments;
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]).toMatchObject({ status: 'processing', dst: { text: '', lang: 'es' } });
  });
});

describe('project creation rules', () => {
  it('answers 422 in FastAPI’s shape for missing, extra and malformed fields', async () => {
    const h = await harness();
    const missing = await h.call('POST', '/v2/projects', {
      video_id: '6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { loc: ['body', 'dst_lang'], msg: 'Field required', type: 'missing' },
    ]);
    const extra = await h.call('POST', '/v2/projects', { video_id: 'nope', dst_lang: 'es', color: 'red' });
    expect(extra.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'video_id'] }),
        { loc: ['body', 'color'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      ]),
    );
    const dialect = await h.call('POST', '/v2/projects', {
      video_id: '6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11',
      dst_lang: 'es',
      src_lang: 'en-us',
    });
    expect(dialect.body.detail[0].loc).toEqual(['body', 'src_lang']);
    const notJson = await fetch(`${h.url}/v2/projects`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-token', 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(422);
    expect(((await notJson.json()) as Json).detail[0].type).toBe('json_invalid');
  });

  it('answers 422 for a language the service does not know, naming the nearest, and charges nothing', async () => {
    const h = await harness();
    const video = (await h.upload('video-with-audio.mp4')).body.id;
    const before = (await h.call('GET', '/v2/credits')).body;
    for (const [field, code, msg] of [
      ['dst_lang', 'sp', 'Unknown destination language "sp"; did you mean es (Spanish)?'],
      ['dst_lang', 'zz-zz', 'Unknown destination language "zz-zz"'],
      ['src_lang', 'xx', 'Unknown source language "xx"'],
    ] as const) {
      const refused = await h.call('POST', '/v2/projects', {
        video_id: video,
        dst_lang: 'es',
        [field]: code,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toEqual([{ loc: ['body', field], msg, type: expect.any(String) }]);
    }
    expect((await h.call('GET', '/v2/credits')).body).toEqual(before);
    expect((await h.call('GET', '/v2/projects')).body.total).toBe(0);
  });

  it('answers 404 for unknown media, glossary or transcript and 422 for audio media', async () => {
    const h = await harness();
    const unknown = '6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11';
    expect((await h.call('POST', '/v2/projects', { video_id: unknown, dst_lang: 'es' })).body).toEqual({
      detail: 'Media not found',
    });
    const video = (await h.upload('video-with-audio.mp4')).body.id;
    expect(
      (await h.call('POST', '/v2/projects', { video_id: video, dst_lang: 'es', glossary_id: unknown })).body,
    ).toEqual({
      detail: 'Glossary not found',
    });
    expect(
      (await h.call('POST', '/v2/projects', { video_id: video, dst_lang: 'es', transcript_id: unknown }))
        .body,
    ).toEqual({ detail: 'Transcription not found' });
    const audio = (await h.upload('audio.mp3')).body.id;
    const wrongKind = await h.call('POST', '/v2/projects', { video_id: audio, dst_lang: 'es' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.detail[0].loc).toEqual(['body', 'video_id']);
  });

  it('reserves ceil(duration / 60) minutes and one video per project, and answers 402 when short', async () => {
    const h = await harness({ credits: { minutes: 1, video: 5 } });
    await h.project();
    expect((await h.call('GET', '/v2/credits')).body).toEqual({
      minutes: { total: 1, used: 1 },
      video: { total: 5, used: 1 },
      lipsync_free_minutes: { total: 60, used: 0 },
    });
    const media = (await h.upload('video-with-audio.mp4')).body.id;
    const refused = await h.call('POST', '/v2/projects', { video_id: media, dst_lang: 'es' });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/minutes/);
  });

  it('limits duration with maxDurationSeconds and keeps original_duration', async () => {
    const h = await harness({ maxDurationSeconds: 60 });
    const media = await h.call('POST', '/api/library/v1/media/link', { link: 'https://vimeo.com/1' });
    const project = (await h.call('POST', '/v2/projects', { video_id: media.body.id, dst_lang: 'fr' })).body;
    expect(project.duration).toBe(60);
    expect(project.original_duration).toBeGreaterThan(60);
  });
});

describe('project list', () => {
  it('pages newest first with offset and limit, filters by name, and refuses limit > 100', async () => {
    const h = await harness();
    await h.emulator.seedProjects(3);
    await h.project({ name: 'Launch video' });
    await h.project({ name: 'launch teaser' });
    const page = (await h.call('GET', '/v2/projects?limit=2')).body;
    expect(page.total).toBe(5);
    expect(page.projects.map((p: { name: string }) => p.name)).toEqual(['launch teaser', 'Launch video']);
    expect(Object.keys(page.projects[0]).sort()).toEqual(
      ['created_at', 'id', 'name', 'source_type', 'status', 'status_updated_at'].sort(),
    );
    const next = (await h.call('GET', '/v2/projects?limit=2&offset=4')).body;
    expect(next).toMatchObject({ total: 5, offset: 4 });
    expect(next.projects).toHaveLength(1);
    expect((await h.call('GET', '/v2/projects?name=LAUNCH')).body.total).toBe(2);
    expect((await h.call('GET', '/v2/projects?limit=101')).status).toBe(422);
    expect((await h.call('GET', '/v2/projects?page=2')).status).toBe(422);
  });

  it("gives each project's status and status_updated_at as its own record does, at every moment", async () => {
    // A tracker may follow many projects by sweeping the list instead of reading each one.
    const h = await harness();
    const ids = [(await h.project({ name: 'dubkit a' })).id, (await h.project({ name: 'dubkit b' })).id];
    const seen = new Set<string>();
    for (let step = 0; step < 40; step++) {
      const items = (await h.call('GET', '/v2/projects?name=dubkit&limit=100')).body.projects;
      for (const id of ids) {
        const record = (await h.call('GET', `/v2/projects/${id}`)).body;
        const item = items.find((candidate: { id: string }) => candidate.id === id);
        expect(item).toMatchObject({ status: record.status, status_updated_at: record.status_updated_at });
        seen.add(record.status);
      }
      await h.emulator.advanceClock(15_000);
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(seen).toContain('merging_done');
    // The history holds every status the run entered, the last the one a read gives, at its status_updated_at.
    const history = h.emulator.statusHistory(ids[0]);
    const record = (await h.call('GET', `/v2/projects/${ids[0]}`)).body;
    expect(history.length).toBeGreaterThan(seen.size / 2);
    expect(history.at(-1)).toStrictEqual({
      status: record.status,
      at: Date.parse(record.status_updated_at),
    });
    expect(history.map((entry) => entry.at)).toStrictEqual(
      history.map((entry) => entry.at).sort((a, b) => a - b),
    );
    expect(history[0]?.status).toBe('created');
    expect(h.emulator.statusHistory('no-such-project')).toStrictEqual([]);
  });
});

describe('project edits', () => {
  it('patches name and num_speakers, and a voice change leads to voice_edited then voice_update on generate', async () => {
    const h = await harness();
    const project = await h.project();
    const renamed = await h.call('PATCH', `/v2/projects/${project.id}`, { name: 'Renamed', num_speakers: 2 });
    expect(renamed.body).toMatchObject({ name: 'Renamed', num_speakers: 2 });
    h.finish();
    const voices = (await h.call('GET', `/v2/projects/${project.id}/voices`)).body as Json[];
    const before = (await h.call('GET', `/v2/projects/${project.id}`)).body.voice;
    const other = voices.find((voice) => voice.id !== before.SPEAKER_00 && voice.sample_src)!;
    const voice = await h.call('PATCH', `/v2/projects/${project.id}`, {
      voice: { ...before, SPEAKER_00: other.id },
    });
    expect(voice.body).toMatchObject({ status: 'voice_edited', voice: { ...before, SPEAKER_00: other.id } });
    expect(voice.body.translated_video).toBeDefined();
    expect((await h.call('PATCH', `/v2/projects/${project.id}`, {})).status).toBe(422);
    const generated = await h.call('POST', `/v2/projects/${project.id}/generate`);
    expect(generated.body.status).toBe('voice_update_started');
    expect((await h.call('POST', `/v2/projects/${project.id}/generate`)).status).toBe(409);
    expect(
      (await h.call('PATCH', `/v2/projects/${project.id}`, { voice: { ...before, SPEAKER_00: other.id } }))
        .status,
    ).toBe(409);
    expect(await statusesOf(h, project.id)).toEqual([
      'voice_update_started',
      'voice_update_done',
      'voiceover_started',
      'voiceover_done',
      'merging_started',
      'merging_done',
    ]);
  });

  it('sends every request, polling included, through the one middleware chain (faults, request ids)', async () => {
    const h = await harness();
    const project = await h.project();
    h.finish(); // a settled project reads the same twice
    const first = await h.call('GET', `/v2/projects/${project.id}`);
    const second = await h.call('GET', `/v2/projects/${project.id}`);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    h.emulator.faults.set({ rateLimitNext: 1, paths: [`/v2/projects/${project.id}`] });
    const limited = await h.call('GET', `/v2/projects/${project.id}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await h.call('GET', `/v2/projects/${project.id}`)).body).toEqual(second.body);
    // Files and their 404s too.
    for (const link of [
      second.body.cover,
      second.body.translated_video,
      `${h.url}/files/projects/${project.id}/nothing`,
    ]) {
      expect((await fetch(link)).headers.get('x-request-id'), link).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 404 {"detail":"Project not found"} and 422 for a malformed id', async () => {
    const h = await harness();
    expect((await h.call('GET', '/v2/projects/6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11')).body).toEqual({
      detail: 'Project not found',
    });
    expect((await h.call('POST', '/v2/projects/6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11/generate')).status).toBe(
      404,
    );
    expect((await h.call('DELETE', '/v2/projects/6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11')).body).toEqual({
      detail: 'Method Not Allowed',
    });
    expect((await h.call('GET', '/v2/nowhere')).body).toEqual({ detail: 'Not Found' });
    const bad = await h.call('GET', '/v2/projects/42');
    expect(bad.body.detail[0]).toMatchObject({ loc: ['path', 'project_id'], type: 'uuid_parsing' });
  });
});
