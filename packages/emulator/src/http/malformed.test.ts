// Whatever a client sends, the answer is a 4xx naming the problem, never a 500; and the vendor SDK's way of
// leaving things out (`null` in a body, an empty query value) reads as not given.
import { describe, expect, it } from 'vitest';
import { harness, type Json, TOKEN } from '../test-support/harness.ts';

const WRONG: unknown[] = [null, 1.5, -1, 0, 'x', '', '1.5', [], [1], {}, { text: 1 }, true, 'é'.repeat(3000)];

describe('malformed requests', () => {
  it('answers every wrong value of every body field with a 4xx, never a 500', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    const media = (await h.upload('video-with-audio.mp4')).body.id;
    const glossary = (
      await h.call('POST', '/v2/glossaries', {
        name: 'g',
        src_lang: 'en',
        dst_lang: 'es',
        entries: { a: 'b' },
      })
    ).body.id;
    const text = { text: 'Hola', lang: 'es' };
    const segment = { start: '00:00:00,100', end: '00:00:00,200', dst: text, speaker: 'SPEAKER_00' };
    const cases: [string, string, Record<string, unknown>][] = [
      [
        'POST',
        '/v2/projects',
        { video_id: media, dst_lang: 'es', name: 'n', src_lang: 'en', num_speakers: 1 },
      ],
      ['PATCH', `/v2/projects/${id}`, { name: 'n', num_speakers: 1, voice: { SPEAKER_00: media } }],
      [
        'PATCH',
        `/v2/projects/${id}/transcription/segments`,
        { segments: [{ id: segments[0].id, ...segment }] },
      ],
      ['POST', `/v2/projects/${id}/transcription/segments`, { segments: [segment] }],
      ['POST', '/v2/transcriptions', { segments: [segment] }],
      ['PUT', `/v2/projects/${id}/lipsync`, { is_multiple_speakers: false, is_free_lipsync: false }],
      ['POST', '/v2/glossaries', { name: 'g', src_lang: 'en', dst_lang: 'es', entries: { a: 'b' } }],
      ['PUT', `/v2/glossaries/${glossary}`, { name: 'g', entries: { a: 'b' } }],
      ['POST', '/api/library/v1/media/link', { link: 'https://youtu.be/x', name: 'n', kind: 'video' }],
    ];
    const seen = new Set<number>();
    for (const [method, path, body] of cases) {
      const variants: unknown[] = [null, [], 'x', 1, {}];
      for (const [key, value] of Object.entries(body)) {
        for (const wrong of WRONG) variants.push({ ...body, [key]: wrong });
        // One level down too: the fields of a segment inside `segments`.
        if (key === 'segments') {
          const inner = (value as Json[])[0] as Record<string, unknown>;
          for (const innerKey of Object.keys(inner)) {
            for (const wrong of WRONG)
              variants.push({ ...body, segments: [{ ...inner, [innerKey]: wrong }] });
          }
        }
      }
      for (const variant of variants) {
        const answer = await h.call(method, path, variant);
        seen.add(answer.status);
        expect(answer.status, `${method} ${path} ${JSON.stringify(variant).slice(0, 200)}`).toBeLessThan(500);
      }
    }
    expect([...seen].every((status) => status >= 200 && status < 500)).toBe(true);
    expect(seen).toContain(422);
    const notJson = await fetch(`${h.url}/v2/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{"video_id": ',
    });
    expect(notJson.status).toBe(422);
  });

  it('reads null in optional body fields and empty query values as not given', async () => {
    const h = await harness();
    const upload = await fetch(`${h.url}/api/library/v1/media?kind=`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: await (async () => {
        const form = new FormData();
        const { readFile } = await import('node:fs/promises');
        const bytes = await readFile(new URL('../../fixtures/video-with-audio.mp4', import.meta.url));
        form.set('data', new Blob([bytes]), 'clip.mp4');
        return form;
      })(),
    });
    expect(upload.status).toBe(200);
    const media = (await upload.json()) as Json;
    expect(media.meta).toEqual({});
    const project = await h.call('POST', '/v2/projects', {
      video_id: media.id,
      dst_lang: 'es',
      name: null,
      src_lang: null,
      num_speakers: null,
      transcript_id: null,
      glossary_id: null,
    });
    expect(project.status).toBe(200);
    expect(project.body.name).toBe('clip');
    const list = await h.call('GET', '/v2/projects?offset=0&limit=10&name=');
    expect(list.body.projects.map((p: Json) => p.id)).toEqual([project.body.id]);
    // An empty value of a parameter the endpoint does not take is not given either; a real value is refused.
    expect((await h.call('GET', '/v2/projects?color=')).status).toBe(200);
    expect((await h.call('GET', '/v2/projects?color=red')).status).toBe(422);
    const link = await h.call('POST', '/api/library/v1/media/link', {
      link: 'https://youtu.be/n',
      kind: null,
      name: null,
    });
    expect(link.status).toBe(200);
    // The SDK requires a name string: a link given without one is named by the link.
    expect(link.body.name).toBe('https://youtu.be/n');
  });
});
