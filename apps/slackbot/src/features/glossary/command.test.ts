import { describe, expect, it } from 'vitest';
import { classifySubtitle, classifySubtitles, isSubtitleName } from '../subtitles/classify.ts';
import { parseGlossaryCommand } from './command.ts';

describe('parseGlossaryCommand', () => {
  it('reads every form', () => {
    expect(parseGlossaryCommand([])).toEqual({ ok: true, value: { kind: 'upload' } });
    expect(parseGlossaryCommand(['LIST'])).toEqual({ ok: true, value: { kind: 'list' } });
    expect(parseGlossaryCommand(['show', 'Brand', 'terms'])).toEqual({
      ok: true,
      value: { kind: 'show', name: 'Brand terms' },
    });
    expect(parseGlossaryCommand(['export', '“Brand', 'terms”'])).toEqual({
      ok: true,
      value: { kind: 'export', name: 'Brand terms' },
    });
    expect(parseGlossaryCommand(['delete', 'x'])).toEqual({ ok: true, value: { kind: 'delete', name: 'x' } });
    expect(parseGlossaryCommand(['default', 'x'])).toEqual({
      ok: true,
      value: { kind: 'default', name: 'x' },
    });
  });

  it('names the right form when something is missing or unknown', () => {
    expect(parseGlossaryCommand(['show'])).toEqual({
      ok: false,
      problem: 'Name the glossary: `/dub glossary show <name>`.',
    });
    const unknown = parseGlossaryCommand(['rename', 'x']);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.problem).toMatch(
      /^I don't know "glossary rename"\. `\/dub glossary` — upload/,
    );
  });
});

describe('classifySrt', () => {
  it('tells the source from a translation by the language in the name', () => {
    expect(isSubtitleName('a.SRT')).toBe(true);
    expect(isSubtitleName('a.vtt')).toBe(true);
    expect(isSubtitleName('a.csv')).toBe(false);
    expect(classifySubtitle('talk.de.ass', 'en')).toEqual({ side: 'dst', lang: 'de' });
    expect(classifySubtitle('talk.fr.ebu-tt-d.xml', 'en')).toEqual({ side: 'dst', lang: 'fr' });
    expect(classifySubtitle('talk.srt', 'en')).toEqual({ side: 'src', lang: 'en' });
    expect(classifySubtitle('talk.srt', null)).toEqual({ side: 'src', lang: null });
    expect(classifySubtitle('talk.en.srt', 'en')).toEqual({ side: 'src', lang: 'en' });
    expect(classifySubtitle('talk.es.srt', 'en')).toEqual({ side: 'dst', lang: 'es' });
    expect(classifySubtitle('talk.pt-BR.srt', null)).toEqual({ side: 'dst', lang: 'pt-br' });
    expect(classifySubtitle('talk.final.srt', 'de')).toEqual({ side: 'src', lang: 'de' });
  });

  it('takes the first file named in a language as the source while the job has none and its language is unknown', () => {
    expect(classifySubtitles(['talk.en.srt'], null, false)).toEqual([{ side: 'src', lang: 'en' }]);
    expect(classifySubtitles(['talk.en.srt', 'talk.es.srt'], null, false)).toEqual([
      { side: 'src', lang: 'en' },
      { side: 'dst', lang: 'es' },
    ]);
    // A source already kept, dropped beside, or a known source language: names decide as before.
    expect(classifySubtitles(['talk.en.srt'], null, true)).toEqual([{ side: 'dst', lang: 'en' }]);
    expect(classifySubtitles(['talk.srt', 'talk.en.srt'], null, false)).toEqual([
      { side: 'src', lang: null },
      { side: 'dst', lang: 'en' },
    ]);
    expect(classifySubtitles(['talk.en.srt'], 'de', false)).toEqual([{ side: 'dst', lang: 'en' }]);
  });
});
