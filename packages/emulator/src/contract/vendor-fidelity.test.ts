// Contract tests for what the vendor's SDK showed beyond the description: voices and the voice map, added
// segments, transcriptions from JSON, re-dub charging, and the full lip-sync by default; the real @dubkit/core
// client against the emulator over HTTP.
import { fileURLToPath } from 'node:url';
import {
  DubbingClient,
  InsufficientCreditsError,
  RequestValidationError,
  redubMinutes,
  timecodeToMs,
} from '@dubkit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test-support/harness.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
const FAST_POLL = { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 10_000 };
const clients: DubbingClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function setup() {
  const h = await harness({ speed: 1000 });
  const client = new DubbingClient({ baseUrl: h.url, token: 'test-token', logLevel: 'error' });
  clients.push(client);
  const media = await client.media.upload(fixture('video-with-audio.mp4'));
  const project = await client.projects.create({ video_id: media.id, dst_lang: 'es', num_speakers: 2 });
  const done = await client.projects.waitFor(project.id, FAST_POLL);
  return { h, client, project: done };
}

describe('contract: the vendor SDK’s endpoints and rules through @dubkit/core', () => {
  it('lists voices, replaces the voice map whole, and charges the re-dub of that speaker’s segments', async () => {
    const { client, project } = await setup();
    const voices = await client.projects.voices(project.id);
    expect(voices.every((voice) => typeof voice.id === 'string' && typeof voice.label === 'string')).toBe(
      true,
    );
    const ids = new Set(voices.map((voice) => voice.id));
    expect(Object.values(project.voice ?? {}).every((id) => id !== null && ids.has(id))).toBe(true);

    const preset = voices.find((voice) => voice.sample_src && voice.id !== project.voice?.SPEAKER_01)!;
    const updated = await client.projects.update(project.id, {
      voice: { SPEAKER_00: project.voice!.SPEAKER_00!, SPEAKER_01: preset.id },
    });
    expect(updated.voice).toEqual({ SPEAKER_00: project.voice!.SPEAKER_00, SPEAKER_01: preset.id });
    const { segments } = await client.transcription.get(project.id);
    const speech = segments
      .filter((segment) => segment.speaker === 'SPEAKER_01')
      .reduce((sum, segment) => sum + timecodeToMs(segment.end) - timecodeToMs(segment.start), 0);
    const before = (await client.credits.get()).minutes.used;
    await client.projects.generate(project.id);
    expect((await client.credits.get()).minutes.used - before).toBe(redubMinutes(speech));
  });

  it('adds segments (typed {text, lang}), and refuses a text without lang before sending', async () => {
    const { client, project } = await setup();
    const added = await client.transcription.addSegments(project.id, [
      { start: '00:00:01,910', end: '00:00:01,990', src: { text: 'One more line', lang: 'en' } },
    ]);
    expect(added.segments[0]?.dst?.text).toBe('[es] Eno erom enil');
    expect((await client.projects.get(project.id)).status).toBe('transcript_edited');
    const refused = await client.transcription
      .updateSegments(project.id, [{ id: added.segments[0]!.id, dst: { text: 'x' } as never }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestValidationError);
  });

  it('creates a transcription from JSON and dubs a project from it', async () => {
    const { client } = await setup();
    const created = await client.transcriptions.create({
      segments: [
        {
          start: '00:00:00,000',
          end: '00:00:00,800',
          src: { text: 'Hello', lang: 'en' },
          dst: { text: 'Hola', lang: 'es' },
        },
      ],
    });
    const media = await client.media.upload(fixture('video-with-audio.mp4'));
    const project = await client.projects.create({
      video_id: media.id,
      dst_lang: 'es',
      transcript_id: created.id,
    });
    await client.projects.waitFor(project.id, FAST_POLL);
    expect((await client.transcription.get(project.id)).segments.map((s) => s.dst?.text)).toEqual(['Hola']);
  });

  it('asks for the full lip-sync by default (paid minutes), and maps a short balance to InsufficientCreditsError', async () => {
    const { h, client, project } = await setup();
    const info = await client.lipsync.get(project.id);
    expect(info).toHaveProperty('lipsync_result_path', null);
    for (
      let i = 0;
      i < 200 && (await client.lipsync.get(project.id)).check_face_task_status !== 'done';
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const before = await client.credits.get();
    await client.lipsync.start(project.id);
    const after = await client.credits.get();
    expect(after.minutes.used).toBe(before.minutes.used + 1);
    expect(after.lipsync_free_minutes.used).toBe(before.lipsync_free_minutes.used);

    const { segments } = await client.transcription.get(project.id);
    await client.transcription.updateSegments(project.id, [
      { id: segments[0]!.id, dst: { text: 'Hola', lang: 'es' } },
    ]);
    h.emulator.setCredits('default', { minutes: after.minutes.used });
    await expect(client.projects.generate(project.id)).rejects.toBeInstanceOf(InsufficientCreditsError);
  });
});
