import { describe, expect, it } from 'vitest';
import { harness } from './test-support/harness.ts';

describe('glossaries', () => {
  it('creates, reads, updates (version + 1) and deletes a glossary', async () => {
    const h = await harness();
    const created = await h.call('POST', '/v2/glossaries', {
      name: 'Brand',
      src_lang: 'en',
      dst_lang: 'pt-br',
      entries: { dubkit: 'dubkit', 'voice over': 'locução' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Brand', version: 1, src_lang: 'en', dst_lang: 'pt-br' });
    const id = created.body.id;
    expect((await h.call('GET', `/v2/glossaries/${id}`)).body).toEqual(created.body);
    const updated = await h.call('PUT', `/v2/glossaries/${id}`, {
      name: 'Brand 2',
      entries: { hello: 'olá' },
    });
    expect(updated.body).toMatchObject({ name: 'Brand 2', version: 2, entries: { hello: 'olá' } });
    expect(
      (await h.call('PUT', `/v2/glossaries/${id}`, { name: 'Brand 3', entries: { a: 'b' } })).body.version,
    ).toBe(3);
    expect((await h.call('DELETE', `/v2/glossaries/${id}`)).body).toEqual({ id });
    expect((await h.call('GET', `/v2/glossaries/${id}`)).body).toEqual({ detail: 'Glossary not found' });
    expect((await h.call('DELETE', `/v2/glossaries/${id}`)).status).toBe(404);
  });

  it('refuses entries that break the rules, takes those the documents allow, and refuses create-only fields in an update', async () => {
    const h = await harness();
    const base = { name: 'G', src_lang: 'en', dst_lang: 'es' };
    const cases: [Record<string, unknown>, unknown[]][] = [
      [{ ' padded': 'x' }, ['body', 'entries', ' padded']],
      [{ 'tab\there': 'x' }, ['body', 'entries', 'tab\there']],
      [{ ok: '' }, ['body', 'entries', 'ok']],
      [{ long: 'x'.repeat(1025) }, ['body', 'entries', 'long']],
      [{ 'line\nbreak': 'x' }, ['body', 'entries', 'line\nbreak']],
      [{ number: 5 }, ['body', 'entries', 'number']],
    ];
    for (const [entries, loc] of cases) {
      const answer = await h.call('POST', '/v2/glossaries', { ...base, entries });
      expect(answer.status, JSON.stringify(entries)).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(loc);
    }
    expect(
      (await h.call('POST', '/v2/glossaries', { ...base, src_lang: 'en-gb', entries: { a: 'b' } })).status,
    ).toBe(422);
    const created = await h.call('POST', '/v2/glossaries', { ...base, entries: { a: 'b' } });
    // The documents accept what a client may find useless: no entries at all, and a carriage return inside a term.
    for (const entries of [{}, { 'a\rb': 'c' }, { ['é'.repeat(512)]: 'x' }]) {
      const answer = await h.call('POST', '/v2/glossaries', { ...base, entries });
      expect(answer.status, JSON.stringify(entries)).toBe(200);
      expect(answer.body.entries).toEqual(entries);
    }
    const update = await h.call('PUT', `/v2/glossaries/${created.body.id}`, {
      name: 'G',
      src_lang: 'en',
      entries: { a: 'c' },
    });
    expect(update.body.detail[0]).toMatchObject({ loc: ['body', 'src_lang'], type: 'extra_forbidden' });
  });

  it('checks that a project’s languages match its glossary', async () => {
    const h = await harness();
    const glossary = await h.call('POST', '/v2/glossaries', {
      name: 'G',
      src_lang: 'en',
      dst_lang: 'de',
      entries: { a: 'b' },
    });
    const media = (await h.upload('video-with-audio.mp4')).body.id;
    const answer = await h.call('POST', '/v2/projects', {
      video_id: media,
      dst_lang: 'es',
      glossary_id: glossary.body.id,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', 'glossary_id']);
  });
});
