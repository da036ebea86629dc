// Contract tests: the real @dubkit/core client against the emulator over HTTP. What one accepts, the other must
// answer in the shapes the client validates; errors must map to the client's error classes.
import { fileURLToPath } from 'node:url';
import {
  ApiValidationError,
  AuthenticationError,
  ConflictError,
  DubbingClient,
  type DubbingClientOptions,
  InsufficientCreditsError,
  MediaCreationError,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '@dubkit/core';
import { buildSrtUpload } from '@dubkit/srt';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../server.ts';
import { harness } from '../test-support/harness.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
const FAST_POLL = { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 10_000 };
const clients: DubbingClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function setup(options: EmulatorOptions = {}, client: DubbingClientOptions = {}) {
  const h = await harness({ speed: 1000, ...options });
  const dubbing = new DubbingClient({
    baseUrl: h.url,
    token: 'test-token',
    retryDelay: { initialMs: 1, maxMs: 5 },
    logLevel: 'error',
    ...client,
  });
  clients.push(dubbing);
  return { h, client: dubbing };
}

describe('contract: @dubkit/core against the emulator', () => {
  it('uploads, dubs, edits, renders again and serves subtitles that follow the edit', async () => {
    const { h, client } = await setup();
    const media = await client.media.upload(fixture('video-with-audio.mp4'), { name: 'Contract clip' });
    expect(media).toMatchObject({ kind: 'video', status: 'processing' });
    const ready = await client.media.waitUntilReady(media.id, FAST_POLL);
    expect(ready.meta).toMatchObject({ duration_seconds: 2, video_frame_width: 160 });

    const created = await client.projects.create({ video_id: media.id, dst_lang: 'es', src_lang: 'en' });
    const seen: (string | null | undefined)[] = [];
    const done = await client.projects.waitFor(created.id, {
      ...FAST_POLL,
      onStatus: (project) => seen.push(project.status),
    });
    expect(done.status).toBe('merging_done');
    expect(seen.at(-1)).toBe('merging_done');
    expect(done.translation_srt_path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);

    const { segments } = await client.transcription.get(created.id);
    expect(segments.length).toBeGreaterThan(0);
    const first = segments[0]!;
    const patched = await client.transcription.updateSegments(created.id, [
      { id: first.id, dst: { text: 'Hola desde el contrato', lang: 'es' } },
    ]);
    expect(patched.segments[0]?.status).toBe('updated');
    expect((await client.projects.get(created.id)).status).toBe('transcript_edited');
    const selected = await client.transcription.get(created.id, { segment_ids: [first.id] });
    expect(selected.segments.map((segment) => segment.id)).toEqual([first.id]);

    // At speed 1 the render is certainly still running when the second generate comes, however loaded the
    // machine; the clock then moves it to the end.
    h.emulator.setSpeed(1);
    await client.projects.generate(created.id);
    await expect(client.projects.generate(created.id)).rejects.toBeInstanceOf(ConflictError);
    h.finish();
    const again = await client.projects.waitFor(created.id, FAST_POLL);
    const srt = await (await fetch(again.translation_srt_path!)).text();
    expect(srt).toContain('Hola desde el contrato');

    const page = await client.projects.list({ limit: 5 });
    expect(page.projects.map((project) => project.id)).toContain(created.id);
  });

  it('creates transcriptions from SRT (the client’s form and @dubkit/srt’s) and dubs from one with a glossary', async () => {
    const { client } = await setup();
    const src = '1\n00:00:00,000 --> 00:00:00,900\nThe world is quiet\n';
    const fromFiles = await client.transcriptions.createFromSrt({ src: { lang: 'en', srt: src } });
    expect(fromFiles.segments[0]?.src?.text).toBe('The world is quiet');
    const pair = buildSrtUpload({
      src: { lang: 'en', srt: src },
      dst: { lang: 'es', srt: '1\n00:00:00,000 --> 00:00:00,900\nEl mundo está tranquilo\n' },
    });
    const fromForm = await client.transcriptions.createFromSrt({ form: pair.form, query: pair.query });
    expect(fromForm.segments[0]?.dst).toMatchObject({ text: 'El mundo está tranquilo', lang: 'es' });

    const glossary = await client.glossaries.create({
      name: 'Contract',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { world: 'mundo' },
    });
    const updated = await client.glossaries.update(glossary.id, {
      name: 'Contract',
      entries: { World: 'Mundo' },
    });
    expect(updated.version).toBe(2);
    expect((await client.glossaries.get(glossary.id)).entries).toEqual({ World: 'Mundo' });

    const media = await client.media.upload(fixture('video-with-audio.mp4'));
    const project = await client.projects.create({
      video_id: media.id,
      dst_lang: 'es',
      transcript_id: fromFiles.id,
      glossary_id: glossary.id,
    });
    await client.projects.waitFor(project.id, FAST_POLL);
    const { segments } = await client.transcription.get(project.id);
    expect(segments[0]?.dst?.text).toBe('[es] Eht Mundo si teiuq');
    expect(await client.glossaries.delete(glossary.id)).toEqual({ id: glossary.id });
    await expect(client.glossaries.get(glossary.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('gives every answer its own request id, which the client keeps on data and errors', async () => {
    const { client } = await setup();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const media = await client.media.upload(fixture('video-with-audio.mp4'));
    const created = await client.projects.create({ video_id: media.id, dst_lang: 'de' }).withResponse();
    // The project GET is answered on the emulator's fast path, the create through its app: both carry an id.
    const read = await client.projects.get(created.data.id).withResponse();
    expect(created.requestId).toMatch(uuid);
    expect(read.requestId).toMatch(uuid);
    expect(read.requestId).not.toBe(created.requestId);
    const missing = await client.glossaries
      .get('00000000-0000-4000-8000-000000000000')
      .catch((error) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).requestId).toMatch(uuid);
    expect((missing as NotFoundError).message).toContain(
      `request id ${(missing as NotFoundError).requestId}`,
    );
  });

  it('lip-syncs a dubbed project and accounts credits', async () => {
    const { client } = await setup();
    const media = await client.media.upload(fixture('video-with-audio.mp4'));
    const project = await client.projects.create({ video_id: media.id, dst_lang: 'de' });
    await client.projects.waitFor(project.id, FAST_POLL);
    expect((await client.lipsync.checkFace(project.id)).check_face_task_status).toBe('started');
    let info = await client.lipsync.get(project.id);
    for (let i = 0; i < 200 && info.check_face_task_status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      info = await client.lipsync.get(project.id);
    }
    expect(info.video_has_face).toBe(true);
    const started = await client.lipsync.start(project.id, {
      is_multiple_speakers: false,
      is_free_lipsync: true,
    });
    expect(started.lipsync_task_status).toBe('started');
    for (let i = 0; i < 200 && info.lipsync_task_status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      info = await client.lipsync.get(project.id);
    }
    expect(info).toMatchObject({ lipsync_task_status: 'done', lipsync_task_progress: 100 });
    const credits = await client.credits.get();
    expect(credits).toMatchObject({
      video: { used: 1 },
      minutes: { used: 1 },
      lipsync_free_minutes: { used: 1 },
    });
  });

  it('maps the emulator’s errors to the client’s error classes', async () => {
    const { h, client } = await setup({ credits: { minutes: 1 } });
    await expect(client.projects.get('6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const rejected = await client.media.upload(fixture('text.txt')).catch((error: unknown) => error);
    expect(rejected).toBeInstanceOf(MediaCreationError);
    expect((rejected as MediaCreationError).mediaStatus).toBe('media_mime_type_non_acceptable');
    const broken = await client.media.upload(fixture('broken.mp4')).catch((error: unknown) => error);
    expect((broken as MediaCreationError).mediaStatus).toBe('media_broken_error');

    const media = await client.media.upload(fixture('video-with-audio.mp4'));
    const glossary = await client.glossaries.create({
      name: 'G',
      src_lang: 'en',
      dst_lang: 'de',
      entries: { a: 'b' },
    });
    const invalid = await client.projects
      .create({ video_id: media.id, dst_lang: 'es', glossary_id: glossary.id })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ApiValidationError);
    expect((invalid as ApiValidationError).detail[0]?.loc).toEqual(['body', 'glossary_id']);

    const first = await client.projects.create({ video_id: media.id, dst_lang: 'es' });
    await expect(client.projects.generate(first.id)).rejects.toBeInstanceOf(ConflictError);
    await expect(client.projects.create({ video_id: media.id, dst_lang: 'es' })).rejects.toBeInstanceOf(
      InsufficientCreditsError,
    );
    const stranger = new DubbingClient({ baseUrl: h.url, token: 'not-a-token', logLevel: 'error' });
    clients.push(stranger);
    await expect(stranger.credits.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('retries through injected 503s, 429s and connection resets on reads', async () => {
    const { h, client } = await setup({}, { maxRetries: 3 });
    h.emulator.faults.set({ errorNext: 2 });
    expect((await client.credits.get()).video.total).toBe(1000);
    h.emulator.faults.set({ rateLimitNext: 1, retryAfterSeconds: 1 });
    expect((await client.credits.get()).video.total).toBe(1000);
    h.emulator.faults.set({ resetNext: 1 });
    expect((await client.credits.get()).video.total).toBe(1000);

    h.emulator.faults.set({ rateLimitNext: 10, retryAfterSeconds: 0 });
    const limited = await client.credits.get().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitError);
    h.emulator.faults.set({ errorNext: 10 });
    await expect(client.credits.get()).rejects.toBeInstanceOf(ServerError);
  });

  it('gets, uses and refreshes client-credentials tokens from /oauth2/token', async () => {
    const h = await harness({
      speed: 1000,
      clients: [{ clientId: 'contract-app', clientSecret: 'shh', account: 'oauth' }],
      tokenTtlSeconds: 120,
    });
    const client = new DubbingClient({
      baseUrl: h.url,
      clientId: 'contract-app',
      clientSecret: 'shh',
      tokenUrl: `${h.url}/oauth2/token`,
      logLevel: 'error',
    });
    clients.push(client);
    expect((await client.credits.get()).minutes.used).toBe(0);
    h.emulator.advanceClock(121_000); // the cached token has expired: the client must get a new one
    expect((await client.credits.get()).minutes.used).toBe(0);
  });
});
