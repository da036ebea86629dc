import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError } from '../errors.ts';
import { mockClient } from '../test-support/mock.ts';
import { media, project } from '../test-support/server.ts';

const PROJECT_ID = '11111111-2222-4333-8444-555555555555';
const VIDEO_ID = '66666666-2222-4333-8444-555555555555';
const GLOSSARY_ID = '77777777-2222-4333-8444-555555555555';
const VOICE_ID = '88888888-2222-4333-8444-555555555555';
const segment = {
  id: 's1',
  start: '00:00:01,000',
  end: '00:00:02,500',
  status: 'done',
  src: { text: 'Hi', lang: 'en' },
  dst: { text: 'Hola', lang: 'es' },
  speaker: 'SPEAKER_00',
};
const glossary = {
  id: GLOSSARY_ID,
  name: 'g',
  version: 1,
  src_lang: 'en',
  dst_lang: 'es',
  entries: { Hi: 'Hola' },
};
const balance = { total: 10, used: 1 };

let mock: ReturnType<typeof mockClient>;
afterEach(async () => {
  mock.agent.assertNoPendingInterceptors();
  await mock.agent.close();
});

describe('media', () => {
  it('uploads by link and reads a record', async () => {
    mock = mockClient();
    mock.on('POST', '/api/library/v1/media/link', 200, media());
    mock.on('GET', `/api/library/v1/media/${VIDEO_ID}`, 200, media({ status: 'ready' }));
    const created = await mock.client.media.uploadLink({
      link: 'https://youtu.be/abc',
      name: 'clip',
      kind: 'video',
    });
    expect(created.status).toBe('processing');
    expect(mock.seen[0]?.body).toEqual({ link: 'https://youtu.be/abc', name: 'clip', kind: 'video' });
    expect(mock.seen[0]?.headers['content-type']).toBe('application/json');
    expect((await mock.client.media.get(VIDEO_ID)).status).toBe('ready');
  });

  it('maps an unknown media to NotFoundError with the documented body', async () => {
    mock = mockClient();
    const body = { status: 'not_found', status_code: 404, detail: 'Media not found' };
    mock.on('GET', `/api/library/v1/media/${VIDEO_ID}`, 404, body);
    await expect(mock.client.media.get(VIDEO_ID)).rejects.toMatchObject({ constructor: NotFoundError, body });
  });

  it('rejects a bad link before sending', async () => {
    mock = mockClient();
    const error = await mock.client.media.uploadLink({ link: 'youtu.be' }).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toMatch(/^Invalid media link: link: Expected an absolute URL/);
    expect(error.issues[0].path).toBe('link');
  });

  it('waits until the media is ready', async () => {
    mock = mockClient();
    mock.on('GET', `/api/library/v1/media/${VIDEO_ID}`, 200, media(), 2);
    mock.on('GET', `/api/library/v1/media/${VIDEO_ID}`, 200, media({ status: 'ready' }));
    const seen: string[] = [];
    const ready = await mock.client.media.waitUntilReady(VIDEO_ID, {
      intervalMs: 1,
      onStatus: (m) => seen.push(m.status),
    });
    expect(ready.status).toBe('ready');
    expect(seen).toEqual(['processing', 'ready']);
  });

  it('throws MediaFailedError for failed media', async () => {
    mock = mockClient();
    mock.on('GET', `/api/library/v1/media/${VIDEO_ID}`, 200, media({ status: 'failed' }));
    await expect(mock.client.media.waitUntilReady(VIDEO_ID)).rejects.toMatchObject({
      name: 'MediaFailedError',
      status: 'failed',
    });
  });
});

describe('projects', () => {
  it('creates, reads, updates and generates', async () => {
    mock = mockClient();
    mock.on('POST', '/v2/projects', 200, project());
    mock.on('GET', `/v2/projects/${PROJECT_ID}`, 200, project({ status: 'translation_done' }));
    mock.on('PATCH', `/v2/projects/${PROJECT_ID}`, 200, project({ name: 'renamed' }));
    mock.on('POST', `/v2/projects/${PROJECT_ID}/generate`, 200, project({ status: 'voiceover_started' }));
    const body = {
      video_id: VIDEO_ID,
      dst_lang: 'es-es',
      src_lang: 'en',
      num_speakers: 2,
      glossary_id: GLOSSARY_ID,
    };
    await mock.client.projects.create(body);
    expect(mock.seen[0]?.body).toEqual(body);
    expect((await mock.client.projects.get(PROJECT_ID)).status).toBe('translation_done');
    expect(
      (await mock.client.projects.update(PROJECT_ID, { name: 'renamed', voice: { SPEAKER_00: VOICE_ID } }))
        .name,
    ).toBe('renamed');
    expect(mock.seen[2]?.body).toEqual({ name: 'renamed', voice: { SPEAKER_00: VOICE_ID } });
    expect((await mock.client.projects.generate(PROJECT_ID)).status).toBe('voiceover_started');
    expect(mock.seen[3]?.body).toBeFalsy();
  });

  it('names the bad field before sending', async () => {
    mock = mockClient();
    const error = await mock.client.projects
      .create({ video_id: VIDEO_ID, dst_lang: 'es', src_lang: 'en-us' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toMatch(/^Invalid project: src_lang: Expected a source language without dialect/);
    await expect(mock.client.projects.get('')).rejects.toThrow(/project id: Expected a non-empty string id/);
    await expect(mock.client.projects.update(PROJECT_ID, {})).rejects.toThrow(
      /at least one of name, num_speakers or voice/,
    );
    // The voice map is speaker → voice id: a voice object or a name instead of an id is caught here.
    await expect(
      mock.client.projects.update(PROJECT_ID, { voice: { SPEAKER_00: { voice_id: VOICE_ID } as never } }),
    ).rejects.toThrow(/voice\.SPEAKER_00: /);
    await expect(mock.client.projects.update(PROJECT_ID, { voice: { Anna: VOICE_ID } })).rejects.toThrow(
      /voice\.Anna: .*SPEAKER_00/,
    );
  });

  it('reads the voices a project can use and a voice map with unassigned speakers', async () => {
    mock = mockClient();
    const voices = [
      { id: VOICE_ID, label: 'Ava', sample_src: 'http://files.test/ava.wav', gender: 'female' },
      { id: GLOSSARY_ID, label: 'Clone of SPEAKER_00', sample_src: null, gender: 'male' },
    ];
    mock.on('GET', `/v2/projects/${PROJECT_ID}/voices`, 200, voices);
    mock.on(
      'GET',
      `/v2/projects/${PROJECT_ID}`,
      200,
      project({ voice: { SPEAKER_00: VOICE_ID, SPEAKER_01: null } }),
    );
    expect(await mock.client.projects.voices(PROJECT_ID)).toEqual(voices);
    const read = await mock.client.projects.get(PROJECT_ID);
    expect(read.voice).toEqual({ SPEAKER_00: VOICE_ID, SPEAKER_01: null });
  });

  it('sends nothing for null optional fields, as the service reads them', async () => {
    mock = mockClient();
    mock.on('POST', '/v2/projects', 200, project());
    await mock.client.projects.create({ video_id: VIDEO_ID, dst_lang: 'es', name: null, num_speakers: null });
    expect(mock.seen[0]?.body).toEqual({ video_id: VIDEO_ID, dst_lang: 'es' });
  });

  it('escapes ids in paths', async () => {
    mock = mockClient();
    mock.on('GET', '/v2/projects/a%2Fb', 200, project());
    await mock.client.projects.get('a/b');
    expect(mock.seen[0]?.path).toBe('/v2/projects/a%2Fb');
  });
});

describe('pagination', () => {
  const item = (n: number) => ({
    id: `p${n}`,
    name: `p${n}`,
    status: 'merging_done',
    created_at: '2026-01-01T00:00:00Z',
  });

  it('returns one page when awaited', async () => {
    mock = mockClient();
    mock.on('GET', '/v2/projects?offset=0&limit=2&name=demo', 200, {
      total: 3,
      offset: 0,
      projects: [item(1), item(2)],
    });
    const page = await mock.client.projects.list({ limit: 2, name: 'demo' });
    expect(page.projects.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(page.total).toBe(3);
    expect(page.hasNextPage()).toBe(true);
  });

  it('iterates every project and stops at a short page, whatever total says', async () => {
    mock = mockClient();
    mock.on('GET', '/v2/projects?offset=0&limit=2', 200, {
      total: 99,
      offset: 0,
      projects: [item(1), item(2)],
    });
    mock.on('GET', '/v2/projects?offset=2&limit=2', 200, {
      total: 99,
      offset: 2,
      projects: [item(2), item(3)],
    });
    mock.on('GET', '/v2/projects?offset=4&limit=2', 200, { total: 99, offset: 4, projects: [item(4)] });
    const ids: string[] = [];
    for await (const p of mock.client.projects.list({ limit: 2 })) ids.push(p.id);
    // p2 came twice (a project was created meanwhile and the list shifted); it is yielded once.
    expect(ids).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(mock.seen).toHaveLength(3);
  });

  it('uses the service default of 10 when no limit is given, and stops on an empty page', async () => {
    mock = mockClient();
    mock.on('GET', '/v2/projects?offset=0', 200, {
      total: 10,
      offset: 0,
      projects: Array.from({ length: 10 }, (_, i) => item(i)),
    });
    mock.on('GET', '/v2/projects?offset=10', 200, { total: 10, offset: 10, projects: [] });
    let count = 0;
    for await (const _ of mock.client.projects.list()) count++;
    expect(count).toBe(10);
  });

  it('checks the query', async () => {
    mock = mockClient();
    await expect(mock.client.projects.list({ limit: 1000 })).rejects.toThrow(
      /limit: Expected a limit of 100 or less/,
    );
  });
});

describe('waiting for a project', () => {
  const statuses = (...list: (string | null)[]) => {
    for (const status of list) mock.on('GET', `/v2/projects/${PROJECT_ID}`, 200, project({ status }));
  };

  it('calls onStatus once per change and stops at done', async () => {
    mock = mockClient();
    statuses(
      'created',
      'created',
      'transcription_started',
      'translation_done',
      'translation_done',
      'merging_done',
    );
    const changes: string[] = [];
    const done = await mock.client.projects.waitFor(PROJECT_ID, {
      intervalMs: 1,
      onStatus: (p, info) => changes.push(`${p.status}:${info.stage}`),
    });
    expect(done.status).toBe('merging_done');
    expect(changes).toEqual([
      'created:upload',
      'transcription_started:transcription',
      'translation_done:translation',
      'merging_done:merging',
    ]);
  });

  it('stops at a stage, even when polling saw a later status first', async () => {
    mock = mockClient();
    statuses('transcription_done', 'voiceover_started');
    const reached = await mock.client.projects.waitFor(PROJECT_ID, { until: 'translation', intervalMs: 1 });
    expect(reached.status).toBe('voiceover_started');
  });

  it('stops at an exact status', async () => {
    mock = mockClient();
    statuses('translation_started', 'translation_done');
    expect(
      (await mock.client.projects.waitFor(PROJECT_ID, { until: 'translation_done', intervalMs: 1 })).status,
    ).toBe('translation_done');
  });

  it('throws ProjectFailedError on a failure status', async () => {
    mock = mockClient();
    statuses('transcription_started', 'no_words');
    await expect(mock.client.projects.waitFor(PROJECT_ID, { intervalMs: 1 })).rejects.toMatchObject({
      name: 'ProjectFailedError',
      status: 'no_words',
    });
  });

  it('gives up after timeoutMs with the last status', async () => {
    mock = mockClient();
    mock.on('GET', `/v2/projects/${PROJECT_ID}`, 200, project({ status: 'translation_started' }), 'always');
    const error = await mock.client.projects
      .waitFor(PROJECT_ID, { intervalMs: 5, timeoutMs: 60 })
      .catch((e) => e);
    expect(error).toMatchObject({ name: 'WaitTimeoutError', lastStatus: 'translation_started' });
  });

  it('stops waiting when the signal fires', async () => {
    mock = mockClient();
    mock.on('GET', `/v2/projects/${PROJECT_ID}`, 200, project({ status: 'translation_started' }));
    const controller = new AbortController();
    const waiting = mock.client.projects.waitFor(PROJECT_ID, {
      intervalMs: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects an unknown target', async () => {
    mock = mockClient();
    await expect(mock.client.projects.waitFor(PROJECT_ID, { until: 'soon' as never })).rejects.toThrow(
      /until: "soon" is not/,
    );
  });

  it('watches one value per change and ends at a terminal status', async () => {
    mock = mockClient();
    statuses('uploaded', 'uploaded', 'transcription_failed');
    const seen: (string | null | undefined)[] = [];
    for await (const p of mock.client.projects.watch(PROJECT_ID, { intervalMs: 1 })) seen.push(p.status);
    expect(seen).toEqual(['uploaded', 'transcription_failed']);
  });

  it('keeps waiting through a status not known yet (null), as a change like any other', async () => {
    mock = mockClient();
    statuses(null, null, 'created', null, 'merging_done');
    const changes: string[] = [];
    const done = await mock.client.projects.waitFor(PROJECT_ID, {
      intervalMs: 1,
      onStatus: (p, info) => changes.push(`${p.status}:${info.label}`),
    });
    expect(done.status).toBe('merging_done');
    expect(changes).toEqual([
      'null:Not known yet',
      'created:Created',
      'null:Not known yet',
      'merging_done:Done',
    ]);
    statuses(null, 'upload_failed');
    const seen: (string | null | undefined)[] = [];
    for await (const p of mock.client.projects.watch(PROJECT_ID, { intervalMs: 1 })) seen.push(p.status);
    expect(seen).toEqual([null, 'upload_failed']);
  });
});

describe('transcription', () => {
  it('reads selected segments with repeated segment_ids', async () => {
    mock = mockClient();
    mock.on('GET', `/v2/projects/${PROJECT_ID}/transcription?segment_ids=s1&segment_ids=s2`, 200, {
      segments: [segment],
    });
    const result = await mock.client.transcription.get(PROJECT_ID, { segment_ids: ['s1', 's2'] });
    expect(result.segments[0]?.dst?.text).toBe('Hola');
  });

  it('patches segments and deletes one', async () => {
    mock = mockClient();
    mock.on('PATCH', `/v2/projects/${PROJECT_ID}/transcription/segments`, 200, { segments: [segment] });
    mock.on('DELETE', `/v2/projects/${PROJECT_ID}/transcription/segments/s1`, 200, { id: 's1' });
    await mock.client.transcription.updateSegments(PROJECT_ID, [
      { id: 's1', dst: { text: 'Hola', lang: 'es' }, start: '00:00:01,000', end: '00:00:02,500', src: null },
    ]);
    expect(mock.seen[0]?.body).toEqual({
      segments: [{ id: 's1', dst: { text: 'Hola', lang: 'es' }, start: '00:00:01,000', end: '00:00:02,500' }],
    });
    expect(await mock.client.transcription.deleteSegment(PROJECT_ID, 's1')).toEqual({ id: 's1' });
  });

  it('names the bad segment field before sending', async () => {
    mock = mockClient();
    await expect(
      mock.client.transcription.updateSegments(PROJECT_ID, [{ id: 's1', start: '00:00:01,000' }]),
    ).rejects.toThrow(/segments\.0\.end: Timecodes are patched as a pair/);
    // A text object without its language is refused before anything is sent (the service answers 422).
    const noLang = await mock.client.transcription
      .updateSegments(PROJECT_ID, [{ id: 's1', dst: { text: 'Hola' } as never }])
      .catch((e) => e);
    expect(noLang).toBeInstanceOf(RequestValidationError);
    expect(noLang.message).toMatch(/segments\.0\.dst\.lang: Expected lang, the language of the text/);
  });

  it('patches one segment’s speaker among others without one (no all-or-none rule in a patch)', async () => {
    mock = mockClient();
    mock.on('PATCH', `/v2/projects/${PROJECT_ID}/transcription/segments`, 200, { segments: [segment] });
    await mock.client.transcription.updateSegments(PROJECT_ID, [
      { id: 's1', speaker: 'SPEAKER_01' },
      { id: 's2', dst: { text: 'Adiós', lang: 'es' } },
    ]);
    expect(mock.seen[0]?.body).toEqual({
      segments: [
        { id: 's1', speaker: 'SPEAKER_01' },
        { id: 's2', dst: { text: 'Adiós', lang: 'es' } },
      ],
    });
  });

  it('adds segments to a project and refuses one without a text or with end before start', async () => {
    mock = mockClient();
    mock.on('POST', `/v2/projects/${PROJECT_ID}/transcription/segments`, 200, { segments: [segment] });
    const added = await mock.client.transcription.addSegments(PROJECT_ID, [
      { start: '00:00:01,000', end: '00:00:02,500', src: { text: 'Hi', lang: 'en' }, speaker: null },
    ]);
    expect(added.segments[0]?.id).toBe('s1');
    expect(mock.seen[0]?.body).toEqual({
      segments: [{ start: '00:00:01,000', end: '00:00:02,500', src: { text: 'Hi', lang: 'en' } }],
    });
    await expect(
      mock.client.transcription.addSegments(PROJECT_ID, [{ start: '00:00:01,000', end: '00:00:02,000' }]),
    ).rejects.toThrow(/segments\.0\.src: Expected src or dst/);
    await expect(
      mock.client.transcription.addSegments(PROJECT_ID, [
        { start: '00:00:03,000', end: '00:00:02,000', dst: { text: 'x', lang: 'es' } },
      ]),
    ).rejects.toThrow(/segments\.0\.end: Expected end after start/);
  });
});

describe('transcriptions from JSON', () => {
  it('creates one from segments and keeps the all-or-none speaker rule', async () => {
    mock = mockClient();
    mock.on('POST', '/v2/transcriptions', 200, { id: GLOSSARY_ID, segments: [segment] });
    const segments = [
      { start: '00:00:01,000', end: '00:00:02,500', src: { text: 'Hi', lang: 'en' }, speaker: 'SPEAKER_00' },
    ];
    const created = await mock.client.transcriptions.create({ segments });
    expect(created.id).toBe(GLOSSARY_ID);
    expect(mock.seen[0]?.body).toEqual({ segments });
    await expect(
      mock.client.transcriptions.create({
        segments: [
          ...segments,
          { start: '00:00:03,000', end: '00:00:04,000', src: { text: 'x', lang: 'en' } },
        ],
      }),
    ).rejects.toThrow(/segments\.1\.speaker: Either every segment names a speaker or none does/);
  });
});

describe('glossaries, lip-sync and credits', () => {
  it('creates, reads, replaces and deletes a glossary', async () => {
    mock = mockClient();
    mock.on('POST', '/v2/glossaries', 200, glossary);
    mock.on('GET', `/v2/glossaries/${GLOSSARY_ID}`, 200, glossary);
    mock.on('PUT', `/v2/glossaries/${GLOSSARY_ID}`, 200, { ...glossary, version: 2 });
    mock.on('DELETE', `/v2/glossaries/${GLOSSARY_ID}`, 200, { id: GLOSSARY_ID });
    await mock.client.glossaries.create({
      name: 'g',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { Hi: 'Hola' },
    });
    expect(mock.seen[0]?.body).toEqual({
      name: 'g',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { Hi: 'Hola' },
    });
    expect((await mock.client.glossaries.get(GLOSSARY_ID)).entries).toEqual({ Hi: 'Hola' });
    expect(
      (await mock.client.glossaries.update(GLOSSARY_ID, { name: 'g', entries: { Hi: 'Buenas' } })).version,
    ).toBe(2);
    expect((await mock.client.glossaries.delete(GLOSSARY_ID)).id).toBe(GLOSSARY_ID);
  });

  it('rejects bad glossary terms before sending', async () => {
    mock = mockClient();
    await expect(
      mock.client.glossaries.create({
        name: 'g',
        src_lang: 'en',
        dst_lang: 'es',
        entries: { ' Hi': 'Hola' },
      }),
    ).rejects.toThrow(/entries\. Hi: Source term " Hi" has leading or trailing white space/);
  });

  it('checks faces, starts and reads lip-sync', async () => {
    mock = mockClient();
    mock.on('PUT', `/v2/projects/${PROJECT_ID}/check_face`, 200, { check_face_task_status: 'started' });
    mock.on('PUT', `/v2/projects/${PROJECT_ID}/lipsync`, 200, {
      tasks_in_lipsync_queue: 3,
      lipsync_task_status: 'started',
    });
    mock.on('GET', `/v2/projects/${PROJECT_ID}/lipsync`, 200, {
      lipsync_task_status: 'outdated',
      video_has_face: true,
    });
    expect((await mock.client.lipsync.checkFace(PROJECT_ID)).check_face_task_status).toBe('started');
    expect(
      (await mock.client.lipsync.start(PROJECT_ID, { is_multiple_speakers: false, is_free_lipsync: true }))
        .tasks_in_lipsync_queue,
    ).toBe(3);
    expect(mock.seen[1]?.body).toEqual({ is_multiple_speakers: false, is_free_lipsync: true });
    expect((await mock.client.lipsync.get(PROJECT_ID)).lipsync_task_status).toBe('outdated');
  });

  it('asks for the full lip-sync unless the free preview is chosen: both flags always sent', async () => {
    mock = mockClient();
    const started = { tasks_in_lipsync_queue: 0, lipsync_task_status: 'started' };
    mock.on('PUT', `/v2/projects/${PROJECT_ID}/lipsync`, 200, started, 2);
    await mock.client.lipsync.start(PROJECT_ID);
    await mock.client.lipsync.start(PROJECT_ID, { is_multiple_speakers: true, is_free_lipsync: null });
    expect(mock.seen.map((seen) => seen.body)).toEqual([
      { is_multiple_speakers: false, is_free_lipsync: false },
      { is_multiple_speakers: true, is_free_lipsync: false },
    ]);
  });

  it('reads the credit balance', async () => {
    mock = mockClient();
    mock.on('GET', '/v2/credits', 200, { minutes: balance, video: balance, lipsync_free_minutes: balance });
    expect((await mock.client.credits.get()).minutes).toEqual(balance);
    expect(mock.seen[0]?.headers.authorization).toBe('Bearer tok');
  });
});
