import { describe, expect, it } from 'vitest';
import { harness, type Json } from '../test-support/harness.ts';

describe('POST /v2/projects/{id}/transcription/segments', () => {
  it('adds segments, answers them with their ids, translates a missing dst and keeps the order by time', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    const path = `/v2/projects/${id}/transcription/segments`;
    const added = await h.call('POST', path, {
      segments: [
        {
          start: '00:00:00,910',
          end: '00:00:00,990',
          src: { text: 'Hello world', lang: 'en' },
          speaker: null,
        },
        {
          start: '00:00:01,920',
          end: '00:00:01,990',
          dst: { text: 'Adiós', lang: 'es' },
          speaker: 'SPEAKER_01',
        },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.segments).toHaveLength(2);
    expect(added.body.segments[0]).toMatchObject({
      start: '00:00:00,910',
      src: { text: 'Hello world', lang: 'en' },
      dst: { text: '[es] Olleh dlrow', lang: 'es' },
      speaker: 'SPEAKER_00',
      status: 'updated',
    });
    expect(added.body.segments[1]).toMatchObject({
      src: { text: '' },
      dst: { text: 'Adiós' },
      speaker: 'SPEAKER_01',
    });
    const all = (await h.call('GET', `/v2/projects/${id}/transcription`)).body.segments as Json[];
    expect(all).toHaveLength(segments.length + 2);
    expect(all.map((segment) => segment.id)).toEqual([
      segments[0].id,
      added.body.segments[0].id,
      segments[1].id,
      added.body.segments[1].id,
    ]);
    expect((await h.call('GET', `/v2/projects/${id}`)).body.status).toBe('transcript_edited');
  });

  it('refuses a text without lang, another language, a segment past the video, no text, and edits while processing', async () => {
    const h = await harness();
    const { id } = await h.dubbed();
    const path = `/v2/projects/${id}/transcription/segments`;
    const post = (segment: Json) => h.call('POST', path, { segments: [segment] });
    const span = { start: '00:00:00,100', end: '00:00:00,200' };
    const noLang = await post({ ...span, src: { text: 'x' } });
    expect(noLang.body.detail[0]).toMatchObject({
      loc: ['body', 'segments', 0, 'src', 'lang'],
      msg: 'Field required',
    });
    const french = await post({ ...span, dst: { text: 'x', lang: 'fr' } });
    expect(french.body.detail[0].loc).toEqual(['body', 'segments', 0, 'dst', 'lang']);
    const late = await post({ start: '00:00:01,000', end: '00:05:00,000', src: { text: 'x', lang: 'en' } });
    expect(late.body.detail[0].loc).toEqual(['body', 'segments', 0, 'end']);
    expect((await post(span)).body.detail[0].msg).toBe('Expected src or dst (or both): {text, lang}');
    expect((await h.call('POST', path, { segments: [] })).status).toBe(422);
    expect((await h.call('GET', `/v2/projects/${id}`)).body.status).toBe('merging_done');
    await h.call('POST', `/v2/projects/${id}/generate`);
    expect((await post({ ...span, src: { text: 'x', lang: 'en' } })).status).toBe(409);
  });
});

describe('POST /v2/transcriptions', () => {
  const text = (value: string, lang: string) => ({ text: value, lang });

  it('creates a transcription from JSON that a project then dubs without translating', async () => {
    const h = await harness();
    const created = await h.call('POST', '/v2/transcriptions', {
      segments: [
        {
          start: '00:00:01,000',
          end: '00:00:01,800',
          src: text('Good bye', 'en'),
          dst: text('Adiós', 'es'),
          speaker: 'SPEAKER_01',
        },
        {
          start: '00:00:00,000',
          end: '00:00:00,800',
          src: text('Hello', 'en'),
          dst: text('Hola', 'es'),
          speaker: 'SPEAKER_00',
        },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.segments.map((segment: Json) => segment.dst.text)).toEqual(['Hola', 'Adiós']);
    const project = await h.project({ transcript_id: created.body.id });
    h.finish();
    const { segments } = (await h.call('GET', `/v2/projects/${project.id}/transcription`)).body;
    expect(segments.map((segment: Json) => [segment.speaker, segment.dst.text])).toEqual([
      ['SPEAKER_00', 'Hola'],
      ['SPEAKER_01', 'Adiós'],
    ]);
  });

  it('wants every segment or none to name a speaker, one language per side, and languages as the service takes them', async () => {
    const h = await harness();
    const one = { start: '00:00:00,000', end: '00:00:00,800', src: text('Hello', 'en') };
    const mixed = await h.call('POST', '/v2/transcriptions', {
      segments: [{ ...one, speaker: 'SPEAKER_00' }, one],
    });
    expect(mixed.body.detail[0].loc).toEqual(['body', 'segments', 1, 'speaker']);
    const twoLanguages = await h.call('POST', '/v2/transcriptions', {
      segments: [one, { ...one, src: text('Hallo', 'de') }],
    });
    expect(twoLanguages.body.detail[0]).toMatchObject({ loc: ['body', 'segments', 1, 'src', 'lang'] });
    const dialect = await h.call('POST', '/v2/transcriptions', {
      segments: [{ ...one, src: text('Hi', 'en-us') }],
    });
    expect(dialect.body.detail[0].msg).toMatch(/without dialect/);
    const none = await h.call('POST', '/v2/transcriptions', { segments: [one, one] });
    expect(none.body.segments.map((segment: Json) => segment.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_00']);
  });
});
