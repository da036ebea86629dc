import { describe, expect, it } from 'vitest';
import { type Harness, harness, type Json, TOKEN } from '../test-support/harness.ts';

const SRC =
  '1\n00:00:00,000 --> 00:00:00,800\nHello world\n\n2\n00:00:01,000 --> 00:00:01,800\nGood morning team\n';
const DST =
  '1\n00:00:00,000 --> 00:00:00,800\nHola mundo\n\n2\n00:00:01,000 --> 00:00:01,800\nBuenos días equipo\n';

async function srt(
  h: Harness,
  files: Record<string, string>,
  query = '',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, text] of Object.entries(files)) form.set(name, new Blob([text]), `${name}.srt`);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${h.url}/v2/transcriptions/srt${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('POST /v2/transcriptions/srt', () => {
  it('creates a transcription from src.0 and dst.0 with the languages in the query', async () => {
    const h = await harness();
    const created = await srt(h, { 'src.0': SRC, 'dst.0': DST }, '?src=en&dst=es');
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.segments).toHaveLength(2);
    expect(created.body.segments[1]).toMatchObject({
      start: '00:00:01,000',
      end: '00:00:01,800',
      src: { text: 'Good morning team', lang: 'en' },
      dst: { text: 'Buenos días equipo', lang: 'es' },
      speaker: 'SPEAKER_00',
    });
  });

  it('takes the languages from the form too, and the vendor SDK’s files src/dst with src_lang/dst_lang', async () => {
    const h = await harness();
    const form = await srt(h, { 'src.0': SRC }, '', { src: 'en' });
    expect(form.status).toBe(200);
    expect(form.body.segments[0].src.lang).toBe('en');
    const both = await srt(h, { 'src.0': SRC }, '?src=en', { src: 'en' });
    expect(both.status).toBe(200);
    const sdk = await srt(h, { src: SRC, dst: DST }, '?src_lang=en&dst_lang=es-es');
    expect(sdk.status).toBe(200);
    expect(sdk.body.segments[0].dst).toEqual({ text: 'Hola mundo', lang: 'es-es' });
  });

  it('answers 422 for a file that is not SRT, with the line, and for files that do not align', async () => {
    const h = await harness();
    const notSrt = await srt(h, { 'src.0': 'just some words\nand more\n' }, '?src=en');
    expect(notSrt.status).toBe(422);
    expect(notSrt.body.detail[0].loc).toEqual(['body', 'src.0']);
    expect(notSrt.body.detail[0].msg).toMatch(/line \d+|no subtitle cue/);
    const fewer = await srt(h, { 'src.0': SRC, 'dst.0': DST.split('\n\n')[0]! }, '?src=en&dst=es');
    expect(fewer.status).toBe(422);
    expect(fewer.body.detail[0].msg).toMatch(/2 source cues, 1 translated/);
    const shifted = await srt(
      h,
      { 'src.0': SRC, 'dst.0': DST.replace('00:00:01,800', '00:00:01,900') },
      '?src=en&dst=es',
    );
    expect(shifted.body.detail[0].msg).toMatch(/cue 2/);
  });

  it('answers 422 for a missing language, a language without its file, two different values or no file', async () => {
    const h = await harness();
    expect((await srt(h, { 'src.0': SRC })).body.detail[0]).toMatchObject({
      loc: ['query', 'src'],
      type: 'missing',
    });
    expect((await srt(h, { 'src.0': SRC }, '?src=en&dst=es')).body.detail[0].loc).toEqual(['query', 'dst']);
    expect((await srt(h, { 'src.0': SRC }, '?src=en', { src: 'de' })).status).toBe(422);
    expect((await srt(h, { 'src.0': SRC }, '?src=en-us')).body.detail[0].loc).toEqual(['query', 'src']);
    expect((await srt(h, {}, '?src=en', { note: 'x' })).status).toBe(422);
    expect((await srt(h, { 'src.0': SRC }, '?src=en&lang=en')).body.detail[0].loc).toEqual(['query', 'lang']);
  });
});

describe('project transcription', () => {
  async function dubbed(h: Harness) {
    const project = await h.project();
    h.finish();
    const { segments } = (await h.call('GET', `/v2/projects/${project.id}/transcription`)).body;
    return { id: project.id as string, segments: segments as { id: string; src: { text: string } }[] };
  }

  it('selects segments with repeated segment_ids', async () => {
    const h = await harness();
    const { id, segments } = await dubbed(h);
    const one = await h.call('GET', `/v2/projects/${id}/transcription?segment_ids=${segments[1]!.id}`);
    expect(one.body.segments.map((s: { id: string }) => s.id)).toEqual([segments[1]!.id]);
    const both = await h.call(
      'GET',
      `/v2/projects/${id}/transcription?segment_ids=${segments[0]!.id}&segment_ids=${segments[1]!.id}`,
    );
    expect(both.body.segments).toHaveLength(2);
  });

  it('patches segments into transcript_edited, and the subtitles follow the current segments', async () => {
    const h = await harness();
    const { id, segments } = await dubbed(h);
    const patched = await h.call('PATCH', `/v2/projects/${id}/transcription/segments`, {
      segments: [
        {
          id: segments[0]!.id,
          dst: { text: 'Texto corregido', lang: 'es' },
          start: '00:00:00,100',
          end: '00:00:00,700',
        },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.segments[0]).toMatchObject({
      id: segments[0]!.id,
      start: '00:00:00,100',
      status: 'updated',
      dst: { text: 'Texto corregido', lang: 'es' },
    });
    const project = (await h.call('GET', `/v2/projects/${id}`)).body;
    expect(project.status).toBe('transcript_edited');
    const subtitles = (await (await fetch(project.translation_srt_path)).text()).replaceAll('\r\n', '\n');
    expect(subtitles).toContain('00:00:00,100 --> 00:00:00,700\nTexto corregido');
    const generated = await h.call('POST', `/v2/projects/${id}/generate`);
    expect(generated.body.status).toBe('voiceover_started');
  });

  it('validates segment patches strictly (422) and answers 404 for unknown segments, 409 while processing', async () => {
    const h = await harness();
    const { id, segments } = await dubbed(h);
    const path = `/v2/projects/${id}/transcription/segments`;
    const [a, b] = [segments[0]!.id, segments[1]!.id];
    const noLang = await h.call('PATCH', path, { segments: [{ id: b, src: { text: 'x' } }] });
    expect(noLang.status).toBe(422);
    expect(noLang.body.detail[0]).toMatchObject({
      loc: ['body', 'segments', 0, 'src', 'lang'],
      msg: 'Field required',
    });
    // A malformed field is a 422 naming it, never a 500.
    for (const start of ['1.5', 15, null, ['00:00:01,000']]) {
      const bad = await h.call('PATCH', path, { segments: [{ id: a, start, end: '00:00:01,000' }] });
      expect(bad.status, JSON.stringify(start)).toBe(422);
    }
    expect((await h.call('PATCH', path, { segments: [{ id: a, start: '00:00:00,100' }] })).status).toBe(422);
    expect((await h.call('PATCH', path, { segments: [{ id: a, speaker: 'speaker_1' }] })).status).toBe(422);
    expect((await h.call('PATCH', path, { segments: [{ id: a }] })).status).toBe(422);
    expect((await h.call('PATCH', path, { segments: [{ id: a, text: 'x' }] })).body.detail[0].type).toBe(
      'extra_forbidden',
    );
    const wrongLang = await h.call('PATCH', path, { segments: [{ id: a, dst: { text: 'x', lang: 'fr' } }] });
    expect(wrongLang.body.detail[0].loc).toEqual(['body', 'segments', 0, 'dst', 'lang']);
    expect(
      (await h.call('PATCH', path, { segments: [{ id: 'nope', src: { text: 'x', lang: 'en' } }] })).body,
    ).toEqual({ detail: 'Segment not found' });
    await h.call('POST', `/v2/projects/${id}/generate`);
    expect(
      (await h.call('PATCH', path, { segments: [{ id: a, src: { text: 'x', lang: 'en' } }] })).status,
    ).toBe(409);
  });

  it('deletes a segment ({id}), then answers 404 for it', async () => {
    const h = await harness();
    const { id, segments } = await dubbed(h);
    const path = `/v2/projects/${id}/transcription/segments/${segments[0]!.id}`;
    expect((await h.call('DELETE', path)).body).toEqual({ id: segments[0]!.id });
    expect((await h.call('DELETE', path)).body).toEqual({ detail: 'Segment not found' });
    expect((await h.call('GET', `/v2/projects/${id}/transcription`)).body.segments).toHaveLength(
      segments.length - 1,
    );
    expect((await h.call('GET', `/v2/projects/${id}`)).body.status).toBe('transcript_edited');
  });

  it('translates an uploaded source-only transcription with the project’s glossary', async () => {
    const h = await harness();
    const transcript = await srt(h, { 'src.0': SRC }, '?src=en');
    const glossary = await h.call('POST', '/v2/glossaries', {
      name: 'Terms',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { world: 'mundo', 'good morning': 'buenos días' },
    });
    const project = await h.project({ transcript_id: transcript.body.id, glossary_id: glossary.body.id });
    expect(project).toMatchObject({
      glossary_id: glossary.body.id,
      glossary_version: 1,
      transcript_id: transcript.body.id,
    });
    h.finish();
    const { segments } = (await h.call('GET', `/v2/projects/${project.id}/transcription`)).body;
    expect(segments.map((s: { dst: { text: string } }) => s.dst.text)).toEqual([
      '[es] Olleh mundo',
      '[es] Buenos días maet',
    ]);
  });
});
