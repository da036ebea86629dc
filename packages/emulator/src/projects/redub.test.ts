import { timecodeToMs } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import { type Harness, harness, type Json } from '../test-support/harness.ts';

/** A dubbed project on a synthetic link video of at least `seconds` (the duration comes from the link). */
async function longProject(h: Harness, seconds: number) {
  for (let i = 0; ; i++) {
    const media = await h.call('POST', '/api/library/v1/media/link', { link: `https://youtu.be/redub-${i}` });
    if (media.body.meta?.duration_seconds !== undefined) throw new Error('a new record shows no meta yet');
    h.finish();
    const ready = (await h.call('GET', `/api/library/v1/media/${media.body.id}`)).body;
    if (ready.meta.duration_seconds < seconds) continue;
    const project = await h.call('POST', '/v2/projects', {
      video_id: ready.id,
      dst_lang: 'es',
      num_speakers: 2,
    });
    h.finish();
    const { segments } = (await h.call('GET', `/v2/projects/${project.body.id}/transcription`)).body;
    return { id: project.body.id as string, segments: segments as Json[] };
  }
}

async function minutesUsed(h: Harness): Promise<number> {
  return (await h.call('GET', '/v2/credits')).body.minutes.used;
}

/** Renders again and returns the minutes that cost. */
async function generate(h: Harness, id: string): Promise<number> {
  const before = await minutesUsed(h);
  const answer = await h.call('POST', `/v2/projects/${id}/generate`);
  expect(answer.status).toBe(200);
  h.finish();
  return (await minutesUsed(h)) - before;
}

describe('re-dub charging', () => {
  it('charges nothing for a render without changes, a minute for a short change', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    expect(await generate(h, id)).toBe(0);
    await h.call('PATCH', `/v2/projects/${id}/transcription/segments`, {
      segments: [{ id: segments[0].id, dst: { text: 'Hola', lang: 'es' } }],
    });
    expect(await generate(h, id)).toBe(1); // 0.9 s of changed speech: 1 s–59 s is one minute
    expect(await generate(h, id)).toBe(0); // charged once: the next render has nothing new
  });

  it('charges nothing for a corrected source alone: the translation said is the same', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    const fixed = await h.call('PATCH', `/v2/projects/${id}/transcription/segments`, {
      segments: [{ id: segments[0].id, src: { text: 'Hello again', lang: segments[0].src.lang } }],
    });
    expect(fixed.status).toBe(200);
    expect(await generate(h, id)).toBe(0);
  });

  it('rounds the combined length to the nearest minute past the first: 1:29 → 1, 1:30 → 2', async () => {
    const h = await harness();
    const { id, segments } = await longProject(h, 100);
    const path = `/v2/projects/${id}/transcription/segments`;
    const spanTo = async (end: string) => {
      // One segment stretched over the others' time: its length alone is what changed.
      await h.call('PATCH', path, { segments: [{ id: segments[0].id, start: '00:00:00,000', end }] });
      return generate(h, id);
    };
    expect(await spanTo('00:01:29,000')).toBe(1);
    expect(await spanTo('00:01:30,000')).toBe(2);
  });

  it('charges added segments and every segment of a speaker whose voice changed', async () => {
    const h = await harness();
    const { id, segments } = await longProject(h, 100);
    const added = await h.call('POST', `/v2/projects/${id}/transcription/segments`, {
      segments: [
        { start: '00:00:00,000', end: '00:01:30,000', src: { text: 'A long new line', lang: 'en' } },
      ],
    });
    expect(added.status).toBe(200);
    expect(await generate(h, id)).toBe(2);

    const project = (await h.call('GET', `/v2/projects/${id}`)).body;
    const voices = (await h.call('GET', `/v2/projects/${id}/voices`)).body as Json[];
    const other = voices.find((voice) => voice.id !== project.voice.SPEAKER_01)!.id;
    await h.call('PATCH', `/v2/projects/${id}`, { voice: { ...project.voice, SPEAKER_01: other } });
    const speech = segments
      .filter((segment) => segment.speaker === 'SPEAKER_01')
      .reduce((sum, segment) => sum + timecodeToMs(segment.end) - timecodeToMs(segment.start), 0);
    const expected = speech < 60_000 ? 1 : Math.round(speech / 60_000);
    expect(await generate(h, id)).toBe(expected);
  });

  it('answers 402 when the minutes do not cover the re-dub, and spends nothing', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    const used = await minutesUsed(h);
    h.emulator.setCredits('default', { minutes: used });
    await h.call('PATCH', `/v2/projects/${id}/transcription/segments`, {
      segments: [{ id: segments[0].id, dst: { text: 'Hola', lang: 'es' } }],
    });
    const refused = await h.call('POST', `/v2/projects/${id}/generate`);
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe('Not enough minutes: the re-dub needs 1, 0 left');
    expect(await minutesUsed(h)).toBe(used);
    expect((await h.call('GET', `/v2/projects/${id}`)).body.status).toBe('transcript_edited');
    // A deleted segment is not rendered, so it is not charged either.
    await h.call('DELETE', `/v2/projects/${id}/transcription/segments/${segments[0].id}`);
    expect((await h.call('POST', `/v2/projects/${id}/generate`)).status).toBe(200);
  });
});
