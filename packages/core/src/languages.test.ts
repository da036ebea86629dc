import { describe, expect, it } from 'vitest';
import { checkLanguage, findLanguage, LANGUAGES, suggestLanguages } from './languages.ts';
import { dstLangSchema, srcLangSchema } from './schemas/formats.ts';

describe('the service languages', () => {
  it('lists each code once, with English and native names, dialects as destinations only', () => {
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(findLanguage('es')).toEqual({ code: 'es', name: 'Spanish', nativeName: 'español', source: true });
    expect(findLanguage('pt-br')).toMatchObject({ name: 'Brazilian Portuguese', source: false });
    expect(findLanguage('ja')?.nativeName).toBe('日本語');
    expect(findLanguage('xx')).toBeUndefined();
  });

  it('takes codes as people type them, and refuses unknown ones with the nearest known codes', () => {
    expect(checkLanguage(' PT_BR ', 'destination')).toEqual({ ok: true, code: 'pt-br' });
    expect(checkLanguage('sp', 'destination')).toMatchObject({ ok: false, suggestions: ['es'] });
    expect(suggestLanguages('jp', 'destination')).toEqual(['ja']);
    expect(suggestLanguages('german', 'source')).toEqual(['de']);
    expect(suggestLanguages('es-ar', 'destination')).toEqual(['es', 'es-es', 'es-mx']);
    expect(suggestLanguages('xx', 'destination')).toEqual([]);
    expect(suggestLanguages('zz-zz', 'destination')).toEqual([]);
    // A source never has a dialect: `en-us` is the destination `en-us` but the source `en`.
    expect(checkLanguage('en-us', 'destination').ok).toBe(true);
    expect(checkLanguage('en-us', 'source')).toMatchObject({
      ok: false,
      suggestions: ['en'],
      reason: 'a source language is given without its dialect',
    });
  });

  it('is what the request schemas accept', () => {
    expect(dstLangSchema.safeParse('es').success).toBe(true);
    const refused = dstLangSchema.safeParse('sp');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Unknown destination language "sp"; did you mean es (Spanish)?',
    );
    expect(srcLangSchema.safeParse('xx').error?.issues[0]?.message).toBe('Unknown source language "xx"');
  });
});
