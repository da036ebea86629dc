import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESTINATION_CODES } from './language-names.ts';
import { languageQuestion, languagesInText } from './language-words.ts';
import { DIALECTS, LANGUAGES, POPULAR_DESTINATIONS } from './languages.ts';
import { MAX_MESSAGE_CHARS } from './limits.ts';

const codesOf = (text: string, codes?: readonly string[]) => languagesInText(text, codes).languages;

describe('languagesInText: phrasings people write', () => {
  // [what the person wrote, the codes it names in order]
  const phrasings: [string, string[]][] = [
    // English
    ['…could you dub this in Japanese and Brazilian Portuguese?', ['ja', 'pt-br']],
    ['<@U0APP> dub this in Spanish, German and French please', ['es', 'de', 'fr']],
    ['Mandarin please', ['zh']],
    ['Spanish (Mexico)', ['es-mx']],
    ['Mexican Spanish and Canadian French', ['es-mx', 'fr-ca']],
    ['we need european portuguese and castilian', ['pt-pt', 'es-es']],
    ['Traditional Chinese and Simplified Chinese', ['zh-tw', 'zh-cn']],
    ['Chinese (Taiwan) first, then Korean', ['zh-tw', 'ko']],
    ['in Farsi and Tagalog', ['fa', 'fil']],
    ['Brazilian only', ['pt-br']],
    ['Swiss German, Flemish and British English', ['de-ch', 'nl-be', 'en-gb']],
    ['English (UK), US English and Portuguese-Brazil', ['en-gb', 'en-us', 'pt-br']],
    ['HINDI AND ARABIC', ['hi', 'ar']],
    ['Polish and Czech subtitles too', ['pl', 'cs']],
    ['Japanese, japanese and JAPANESE', ['ja']],
    // Codes
    ['pt-BR', ['pt-br']],
    ['es, de-de', ['es', 'de-de']],
    ['to es,de', ['es', 'de']],
    ['<https://youtu.be/abc> to ja,ko,zh-TW', ['ja', 'ko', 'zh-tw']],
    ['es de fr', ['es', 'de', 'fr']],
    ['es, it, fr', ['es', 'it', 'fr']],
    ['es, de and fr', ['es', 'de', 'fr']],
    ['pt_BR and es-419', ['pt-br', 'es']],
    ['dub this into ja', ['ja']],
    ['FYI the EN master is final, need DE FR IT ES', ['de', 'fr', 'it', 'es']],
    ['please dub in DE', ['de']],
    ['please do it, pt-BR', ['it', 'pt-br']],
    // Spanish
    ['en español y francés', ['es', 'fr']],
    ['¿Puedes doblarlo al alemán y al japonés?', ['de', 'ja']],
    ['en espanol y frances', ['es', 'fr']],
    ['portugués de Brasil y chino', ['pt-br', 'zh']],
    ['español de México', ['es-mx']],
    // German
    ['auf Deutsch und Französisch', ['de', 'fr']],
    ['Bitte ins Deutsche und ins Italienische', ['de', 'it']],
    ['Spanisch (Mexiko) und Brasilianisch', ['es-mx', 'pt-br']],
    ['Kannst du das auf Englisch und Türkisch vertonen?', ['en', 'tr']],
    // French
    ['en anglais et en espagnol', ['en', 'es']],
    ['Portugais brésilien et espagnol du Mexique', ['pt-br', 'es-mx']],
    ['Pouvez-vous le doubler en allemand, en italien et en néerlandais ?', ['de', 'it', 'nl']],
    ['chinois traditionnel', ['zh-tw']],
    ['anglais (R.-U.) et anglais américain', ['en', 'en-us']],
    // Portuguese
    ['em português e inglês', ['pt', 'en']],
    ['pode dublar em espanhol e japonês?', ['es', 'ja']],
    ['português brasileiro', ['pt-br']],
    // Italian, Dutch
    ['in inglese e tedesco', ['en', 'de']],
    ['in het Engels en Pools', ['en', 'pl']],
    // Japanese, Chinese, Korean (no spaces between words)
    ['日本語と韓国語で', ['ja', 'ko']],
    ['ブラジルポルトガル語とスペイン語でお願いします', ['pt-br', 'es']],
    ['ポルトガル語（ブラジル）', ['pt-br']],
    ['中文和日语', ['zh', 'ja']],
    ['请配成繁體中文和英语', ['zh-tw', 'en']],
    ['普通话', ['zh']],
    ['일본어와 한국어로 더빙해 주세요', ['ja', 'ko']],
    // Native names
    ['Deutsch', ['de']],
    ['Nederlands, Svenska, Suomi, Türkçe', ['nl', 'sv', 'fi', 'tr']],
    ['Tiếng Việt và ภาษาไทย', ['vi', 'th']],
    ['Русский и Українська', ['ru', 'uk']],
    ['العربية', ['ar']],
  ];
  it.each(phrasings)('%s', (text, codes) => {
    expect(codesOf(text)).toEqual(codes);
  });

  it('covers at least forty phrasings', () => {
    expect(phrasings.length).toBeGreaterThanOrEqual(40);
  });
});

describe('languagesInText: every offered language by its CLDR names', () => {
  // The exceptions are the names NOT_NAMES drops as ordinary words: Indonesian's own name is the country,
  // Dutch "Lets" (Latvian) is the English "lets", Spanish "flamenco" (Flemish) is the dance.
  const dropped = new Set(['Indonesia', 'Lets', 'flamenco']);
  const locales = ['en', 'es', 'de', 'fr', 'pt', 'it', 'nl', 'ja', 'ko', 'zh', 'zh-Hant', 'ru'];
  const tag = (code: string) => code.replace(/-(\w+)$/, (region) => region.toUpperCase());

  it.each(locales)('in %s, as a name alone and within a sentence', (locale) => {
    for (const languageDisplay of ['dialect', 'standard'] as const) {
      const names = new Intl.DisplayNames([locale], { type: 'language', languageDisplay });
      for (const code of DESTINATION_CODES) {
        const name = names.of(tag(code))!;
        if (dropped.has(name)) continue;
        expect(codesOf(name), `${locale} ${name}`).toEqual([code]);
        expect(codesOf(`<@U0APP> please: ${name}, thanks`), `${locale} ${name}`).toEqual([code]);
      }
    }
  });

  it('in each language’s own name', () => {
    for (const code of DESTINATION_CODES) {
      const name = new Intl.DisplayNames([code.split('-')[0]!], { type: 'language' }).of(tag(code))!;
      if (!dropped.has(name)) expect(codesOf(name), name).toEqual([code]);
    }
  });
});

describe('languagesInText: the video’s own language is not a destination', () => {
  it.each([
    ['dub it from English into German', 'en', ['de']],
    ['the video is in English, dub it into Spanish', 'en', ['es']],
    ['aus dem Englischen ins Deutsche', 'en', ['de']],
    ['del inglés al español', 'en', ['es']],
    ['英語から日本語へ', 'en', ['ja']],
    ['to es,de from en', 'en', ['es', 'de']],
    ['from Brazilian Portuguese to Japanese', 'pt', ['ja']],
  ])('%s', (text, source, codes) => {
    const found = languagesInText(text);
    expect(found.source).toBe(source);
    expect(found.languages).toEqual(codes);
  });
});

describe('languagesInText: ordinary sentences name nothing', () => {
  it.each([
    'Hi, is this ok?',
    'I will do it, no problem',
    'So it is in the queue, am I right?',
    'Can you switch to it?',
    'Please polish the intro before Friday',
    'lets go to the pools',
    'Si, es de Madrid',
    'no',
    'it',
    'hi',
    'The ID is in the HR doc, ask MT or PA',
    'be there at 10 am, my ETA is 5 min',
    'https://www.example.it/es/video.mp4 is the link',
    'https://www.google.com/search?q=dub+in+spanish+and+german',
    '<https://youtu.be/x?lang=de|de> and <@U123|es> and <#C1|fr>',
    'site.it/es, mail me at jo@example.de',
    'in de stad, ik ben er zo',
    'gl hf, fr fr',
    'Our Indonesia team asked for it',
    'The file is report-so-so.pdf',
    '1 pt, 2 pl, 3 ko',
    'ask IT HR or PA about it',
    'Can you make it shorter? It is too long for IG',
  ])('%s', (text) => {
    expect(languagesInText(text)).toEqual({ languages: [], ambiguous: [], unavailable: [] });
  });
});

describe('languagesInText: ambiguous and unavailable', () => {
  const noBare = ['es', 'de', 'zh-cn', 'zh-tw', 'pt-br', 'pt-pt', 'fr-ca'];

  it('maps a language to its bare code when the service has it', () => {
    expect(codesOf('Chinese and Portuguese')).toEqual(['zh', 'pt']);
  });

  it('asks when several dialects are offered and no bare language', () => {
    const found = languagesInText('Chinese and Portuguese, and German', noBare);
    expect(found.languages).toEqual(['de']);
    expect(found.ambiguous).toEqual([
      { word: 'Chinese', codes: ['zh-cn', 'zh-tw'] },
      { word: 'Portuguese', codes: ['pt-br', 'pt-pt'] },
    ]);
  });

  it('takes the only dialect offered for a bare language', () => {
    expect(codesOf('French', noBare)).toEqual(['fr-ca']);
    expect(codesOf('fr, es', noBare)).toEqual(['fr-ca', 'es']);
  });

  it('maps a dialect that is not offered to its language', () => {
    expect(codesOf('Latin American Spanish and Spanish (Argentina)')).toEqual(['es']);
    expect(codesOf('Mexican Spanish', ['es', 'de'])).toEqual(['es']);
  });

  it('asks about a word that names two languages', () => {
    expect(languagesInText('Bahasa').ambiguous).toEqual([{ word: 'Bahasa', codes: ['id', 'ms'] }]);
    expect(codesOf('Bahasa Indonesia')).toEqual(['id']);
  });

  it('reports a language the service does not offer instead of ignoring it', () => {
    expect(languagesInText('Cantonese and Mandarin')).toMatchObject({
      languages: ['zh'],
      unavailable: [{ word: 'Cantonese', tag: 'yue' }],
    });
    expect(languagesInText('Japanese and Korean', ['ja']).unavailable).toEqual([
      { word: 'Korean', tag: 'ko' },
    ]);
    expect(languagesInText('Brazilian Portuguese', ['pt-pt']).unavailable).toEqual([
      { word: 'Brazilian Portuguese', tag: 'pt-br' },
    ]);
  });

  it('answers with the codes as the caller spells them', () => {
    expect(codesOf('Brazilian Portuguese, to es', ['pt-BR', 'ES'])).toEqual(['pt-BR', 'ES']);
  });

  it('knows the names of codes beyond the default list', () => {
    expect(codesOf('Tamil (India) and Yoruba', ['ta-IN', 'yo'])).toEqual(['ta-IN', 'yo']);
  });

  it('ignores words it does not know', () => {
    expect(codesOf('Klingon, Elvish and Japanese')).toEqual(['ja']);
  });
});

describe('languageQuestion', () => {
  it('asks which dialect was meant', () => {
    const found = languagesInText('Chinese', ['zh-cn', 'zh-tw']);
    expect(languageQuestion(found)).toBe('Did you mean Chinese (China) or Chinese (Taiwan)?');
  });

  it('lists three choices and says what is not offered', () => {
    const found = languagesInText('Spanish and Cantonese', ['es-es', 'es-mx', 'es-419']);
    expect(languageQuestion(found)).toBe(
      'Did you mean European Spanish, Mexican Spanish or Latin American Spanish?\n' +
        'Cantonese is not among the languages I dub into.',
    );
  });

  it('asks one question a line', () => {
    const found = languagesInText('Portuguese, Chinese, Cantonese and Korean', [
      'pt-br',
      'pt-pt',
      'zh-cn',
      'zh-tw',
    ]);
    expect(languageQuestion(found)).toBe(
      'Did you mean Brazilian Portuguese or European Portuguese?\n' +
        'Did you mean Chinese (China) or Chinese (Taiwan)?\n' +
        'Cantonese and Korean are not among the languages I dub into.',
    );
  });

  it('has nothing to ask when the text was clear', () => {
    expect(languageQuestion(languagesInText('Japanese'))).toBeUndefined();
    expect(languageQuestion(languagesInText('nothing here'))).toBeUndefined();
  });
});

describe('languagesInText: any text', () => {
  const piece = fc.constantFrom(
    ' ',
    ',',
    '-',
    '_',
    '<',
    '>',
    '|',
    '.',
    'to',
    'in',
    'from',
    'and',
    'es',
    'it',
    'no',
    'pt',
    'BR',
    'de',
    'Japanese',
    'Brazilian',
    'Portuguese',
    'Chinese',
    '日本語',
    'と',
    'から',
    'ä',
    '\u0301',
    '&amp;',
    'https://x.de/es',
    '<@U1>',
    '\uD800',
  );
  const text = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
  );
  const codes = fc.oneof(
    fc.constant(DESTINATION_CODES),
    fc.subarray([...LANGUAGES, ...DIALECTS]),
    fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('ES', 'pt-BR', 'zh-TW', 'ZH-cn')), {
      maxLength: 5,
    }),
  );

  it('never throws, and answers only with the codes it was given', () => {
    fc.assert(
      fc.property(text, codes, (input, offered) => {
        const found = languagesInText(input, offered);
        for (const code of found.languages) expect(offered).toContain(code);
        for (const choice of found.ambiguous) {
          expect(choice.codes.length).toBeGreaterThan(1);
          for (const code of choice.codes) expect(offered).toContain(code);
        }
        expect(new Set(found.languages).size).toBe(found.languages.length);
        expect(() => languageQuestion(found)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('reads Slack-sized hostile text', () => {
    for (const hostile of [
      '<'.repeat(MAX_MESSAGE_CHARS * 2),
      '<a'.repeat(MAX_MESSAGE_CHARS) + '>',
      'es,'.repeat(MAX_MESSAGE_CHARS),
      '日本語'.repeat(MAX_MESSAGE_CHARS),
      'Brazilian '.repeat(MAX_MESSAGE_CHARS),
      'a.'.repeat(MAX_MESSAGE_CHARS),
    ]) {
      expect(() => languagesInText(hostile)).not.toThrow();
    }
    expect(codesOf(`${'x '.repeat(MAX_MESSAGE_CHARS)} Japanese`)).toEqual([]);
    expect(codesOf('es,'.repeat(MAX_MESSAGE_CHARS / 4))).toEqual(['es']);
  });

  it('defaults to every destination the picker offers', () => {
    expect(new Set(DESTINATION_CODES)).toEqual(new Set([...POPULAR_DESTINATIONS, ...LANGUAGES, ...DIALECTS]));
  });
});
