import { describe, expect, it } from 'vitest';
import { type Harness, harness, type Json } from './test-support/harness.ts';

const SRC = '1\n00:00:00,000 --> 00:00:00,900\nThe world and the river\n';

/** A project dubbed from a source-only SRT with a two-term glossary; returns its translated text. */
async function translated(h: Harness, name: string, before?: (projectId: string) => Promise<void>) {
  const form = new FormData();
  form.set('src.0', new Blob([SRC]), 'src.srt');
  const transcript = (await (
    await fetch(`${h.url}/v2/transcriptions/srt?src=en`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-token' },
      body: form,
    })
  ).json()) as Json;
  const glossary = await h.call('POST', '/v2/glossaries', {
    name: 'Terms',
    src_lang: 'en',
    dst_lang: 'es',
    entries: { world: 'mundo', river: 'río' },
  });
  const project = await h.project({ name, transcript_id: transcript.id, glossary_id: glossary.body.id });
  await before?.(project.id);
  h.finish();
  return (await h.call('GET', `/v2/projects/${project.id}/transcription`)).body.segments[0].dst
    .text as string;
}

describe('dropping a glossary term on demand (localization QA)', () => {
  it('keeps every term when nothing is dropped', async () => {
    const h = await harness();
    expect(await translated(h, 'Plain')).toBe('[es] Eht mundo dna eht río');
  });

  it('drops a term for a project named in the options, and only for it', async () => {
    const h = await harness({ dropGlossaryTerms: [{ project: 'QA target', term: 'World' }] });
    expect(await translated(h, 'QA target')).toBe('[es] Eht dlrow dna eht río');
    expect(await translated(h, 'Another')).toBe('[es] Eht mundo dna eht río');
  });

  it('drops a term for a project by id, with the emulator control or the admin endpoint', async () => {
    const h = await harness();
    const byMethod = await translated(h, 'A', async (id) => h.emulator.dropGlossaryTerm(id, 'river'));
    expect(byMethod).toBe('[es] Eht mundo dna eht revir');
    const byAdmin = await translated(h, 'B', async (id) => {
      const answer = await h.call('POST', '/_admin/glossary-drops', { project: id, term: 'world' });
      expect(answer.body).toContainEqual({ project: id, term: 'world' });
    });
    expect(byAdmin).toBe('[es] Eht dlrow dna eht río');
    expect((await h.call('DELETE', '/_admin/glossary-drops')).body).toEqual([]);
    expect((await h.call('POST', '/_admin/glossary-drops', { project: 'x' })).status).toBe(422);
  });
});
