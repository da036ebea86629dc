import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ComplianceSegment, checkGlossaryCompliance, GlossaryMatcher } from './compliance.ts';
import { wordKeyer, words } from './term-tokens.ts';

const segment = (id: string, src: string, dst: string): ComplianceSegment => ({
  id,
  src: { text: src },
  dst: { text: dst },
});
/** Segment id → the source terms reported missing. */
const missing = (
  segments: ComplianceSegment[],
  entries: Record<string, string>,
  srcLang: string,
  dstLang: string,
) =>
  Object.fromEntries(
    checkGlossaryCompliance(segments, entries, { srcLang, dstLang }).map((finding) => [
      finding.id,
      finding.missing.map((term) => term.source),
    ]),
  );

describe('checkGlossaryCompliance', () => {
  it('reports a segment whose source has the term and whose translation lacks its target, with where', () => {
    const findings = checkGlossaryCompliance(
      [
        segment('a', 'Open the Dashboard now.', 'Abre el panel ahora.'),
        segment('b', 'The dashboard is ready.', 'El tablero está listo.'),
        segment('c', 'Nothing here.', 'Nada aquí.'),
      ],
      { Dashboard: 'tablero' },
      { srcLang: 'en', dstLang: 'es' },
    );
    expect(findings).toEqual([
      { segment: 0, id: 'a', missing: [{ source: 'Dashboard', target: 'tablero', start: 9, end: 18 }] },
    ]);
  });

  it('matches whole words only, in any case, with punctuation around', () => {
    const entries = { cat: 'gato' };
    expect(
      missing(
        [
          segment('inside', 'A catalogue and a concatenation.', 'Un catálogo.'),
          segment('caps', 'CAT!', 'Perro.'),
          segment('quoted', '"cat", she said.', '"GATO", dijo.'),
        ],
        entries,
        'en',
        'es',
      ),
    ).toEqual({ caps: ['cat'] });
  });

  it('Latin with diacritics: composed and decomposed forms match, and accents matter', () => {
    const entries = { 'Café Crème': 'Milchkaffee', naïve: 'naiv' };
    expect(
      missing(
        [
          segment('decomposed', 'Un cafe\u0301 cre\u0300me, s’il vous plaît.', 'Ein Kaffee.'),
          segment('no-accent', 'Un cafe creme.', 'Ein Kaffee.'),
          segment('ok', 'Il est NAÏVE.', 'Er ist NAIV.'),
        ],
        entries,
        'fr',
        'de',
      ),
    ).toEqual({ decomposed: ['Café Crème'] });
  });

  it('Cyrillic and Greek, with case', () => {
    expect(
      missing(
        [segment('ru', 'Откройте ПАНЕЛЬ управления.', 'Open the control board.')],
        { 'панель управления': 'dashboard' },
        'ru',
        'en',
      ),
    ).toEqual({ ru: ['панель управления'] });
    expect(
      missing(
        [
          segment('el-miss', 'Η ΑΘΗΝΑ είναι ωραία.', 'Athens is nice.'),
          segment('el-ok', 'Στην Αθήνα.', 'In Athína.'),
        ],
        { Αθήνα: 'Athína' },
        'el',
        'en',
      ),
    ).toEqual({ 'el-miss': ['Αθήνα'] });
  });

  it('Arabic: whole words between spaces and Arabic punctuation', () => {
    expect(
      missing(
        [
          segment('ar-miss', 'افتح لوحة التحكم، الآن.', 'Open the panel now.'),
          segment('ar-ok', 'لوحة التحكم جاهزة', 'The dashboard is ready'),
        ],
        { 'لوحة التحكم': 'dashboard' },
        'ar',
        'en',
      ),
    ).toEqual({ 'ar-miss': ['لوحة التحكم'] });
  });

  it('Japanese and Chinese: no spaces, so a term is found wherever its characters stand in a row', () => {
    expect(
      missing(
        [
          segment('ja-miss', '東京都に行きます。', 'I am going to the capital.'),
          segment('ja-ok', '東京に行きます', 'I am going to Tokyo'),
          segment('ja-kana', 'コーヒーをください', 'A coffee please'),
        ],
        { 東京: 'Tokyo', コーヒー: 'coffee' },
        'ja',
        'en',
      ),
    ).toEqual({ 'ja-miss': ['東京'] });
    // Target side in Chinese: the target is found inside a longer run of characters.
    expect(
      missing(
        [
          segment('zh-ok', 'Open the dashboard.', '打开仪表板。'),
          segment('zh-miss', 'Open the dashboard.', '打开面板。'),
        ],
        { dashboard: '仪表板' },
        'en',
        'zh-Hans',
      ),
    ).toEqual({ 'zh-miss': ['dashboard'] });
  });

  it('Korean: a noun is found with its particle attached', () => {
    expect(
      missing([segment('ko', '서울에서 만나요', 'See you in Busan')], { 서울: 'Seoul' }, 'ko', 'en'),
    ).toEqual({ ko: ['서울'] });
  });

  it('Turkish lower case: İ matches i, I matches ı', () => {
    expect(
      missing(
        [segment('tr', 'İSTANBUL çok güzel', 'Istanbul is beautiful')],
        { istanbul: 'Istanbul' },
        'tr',
        'en',
      ),
    ).toEqual({});
    expect(missing([segment('tr', 'ISTANBUL', 'x')], { istanbul: 'Istanbul' }, 'tr', 'en')).toEqual({});
  });

  it('checks the longest term where terms overlap, each term once per segment', () => {
    const entries = { Cloud: 'Nube', 'Acme Cloud': 'AcmeCloud' };
    const findings = checkGlossaryCompliance(
      [
        segment('long', 'Acme Cloud is a cloud.', 'AcmeCloud es una nube.'),
        segment('twice', 'Cloud, cloud, CLOUD.', 'Algo.'),
      ],
      entries,
      { srcLang: 'en', dstLang: 'es' },
    );
    expect(findings).toEqual([
      { segment: 1, id: 'twice', missing: [{ source: 'Cloud', target: 'Nube', start: 0, end: 5 }] },
    ]);
  });

  it('takes the longer term where a shorter one is its beginning', () => {
    const entries = { Acme: 'Acmé', 'Acme Cloud': 'NubeAcme' };
    expect(missing([segment('s', 'Acme Cloud', 'NubeAcme')], entries, 'en', 'es')).toEqual({});
    expect(missing([segment('s', 'ACME-cloud', 'NubeAcme')], entries, 'en', 'es')).toEqual({});
    expect(missing([segment('s', 'Acme alone', 'NubeAcme')], entries, 'en', 'es')).toEqual({ s: ['Acme'] });
  });

  it('settles a segment holding many terms (past the few looked for one by one) the same way', () => {
    const entries = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`term${i}`, `ziel ${i}`]));
    const src = Object.keys(entries).join(', ');
    const dst = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? `ziel ${i}` : `other ${i}`)).join(' ');
    const [finding] = checkGlossaryCompliance([segment('many', src, dst)], entries, {
      srcLang: 'en',
      dstLang: 'de',
    });
    expect(finding?.missing.map((term) => term.source)).toEqual([
      'term1',
      'term3',
      'term5',
      'term7',
      'term9',
      'term11',
    ]);
    const few = checkGlossaryCompliance([segment('few', 'term1 term2', 'ziel 2')], entries, {
      srcLang: 'en',
      dstLang: 'de',
    });
    expect(few[0]?.missing.map((term) => term.source)).toEqual(['term1']);
  });

  it('reports an untranslated segment, and reads segments without texts or ids', () => {
    const findings = checkGlossaryCompliance(
      [{ src: { text: 'Dashboard' }, dst: null }, { src: null }, {}],
      { Dashboard: 'Panel' },
      { srcLang: 'en', dstLang: 'de' },
    );
    expect(findings).toEqual([
      { segment: 0, missing: [{ source: 'Dashboard', target: 'Panel', start: 0, end: 9 }] },
    ]);
  });

  it('skips terms with no letter or digit, and says which', () => {
    const matcher = new GlossaryMatcher(
      { '!!!': 'x', ok: '...', fine: 'bien' },
      { srcLang: 'en', dstLang: 'es' },
    );
    expect(matcher.skipped).toEqual(['!!!', 'ok']);
    expect(checkGlossaryCompliance([segment('s', 'ok!!! fine', 'nada')], matcher)).toEqual([
      { segment: 0, id: 's', missing: [{ source: 'fine', target: 'bien', start: 6, end: 10 }] },
    ]);
  });

  it('refuses a language that is not a code, and missing languages', () => {
    expect(() => checkGlossaryCompliance([], { a: 'b' }, { srcLang: 'en', dstLang: 'not a code!' })).toThrow(
      'dstLang "not a code!" is not a language code (such as en, pt-br, zh-hant)',
    );
    expect(() => checkGlossaryCompliance([], { a: 'b' })).toThrow('needs { srcLang, dstLang }');
  });

  it('agrees with a plain search of every term in every segment (whole words, ASCII)', () => {
    const word = fc.constantFrom('acme', 'cloud', 'panel', 'data', 'x', 'y');
    const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    const text = fc
      .array(fc.oneof(word, fc.constantFrom(' ', ', ', '. ', '-')), { maxLength: 12 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.dictionary(phrase, phrase, { maxKeys: 4 }),
        fc.array(fc.tuple(text, text), { maxLength: 5 }),
        (entries, pairs) => {
          const segments = pairs.map(([src, dst], i) => segment(String(i), src, dst));
          const ids = checkGlossaryCompliance(segments, entries, { srcLang: 'en', dstLang: 'en' }).map(
            (f) => f.id,
          );
          // Oracle: words joined by single spaces, then a padded substring search (no overlap rule, so only
          // glossaries where no term's words lie inside another's are compared).
          const norm = (s: string) =>
            ` ${s
              .toLowerCase()
              .split(/[^a-z]+/)
              .filter(Boolean)
              .join(' ')} `;
          const keys = Object.keys(entries);
          const nested = keys.some((a) => keys.some((b) => a !== b && norm(b).includes(norm(a))));
          if (nested) return;
          const expected = segments
            .filter(({ src, dst }) =>
              keys.some(
                (term) =>
                  norm(src!.text).includes(norm(term)) && !norm(dst!.text).includes(norm(entries[term]!)),
              ),
            )
            .map((s) => s.id);
          expect(ids).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('words', () => {
  const SCRIPTS =
    '[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}\\p{scx=Hang}\\p{scx=Thai}\\p{scx=Laoo}\\p{scx=Khmr}\\p{scx=Mymr}]';
  /** What words() does with its ASCII shortcut, as one global match. */
  const ORACLE = new RegExp(`[${SCRIPTS}&&[\\p{L}\\p{N}]]\\p{M}*|[[\\p{L}\\p{M}\\p{N}]--${SCRIPTS}]+`, 'gv');
  const piece = fc.constantFrom(
    'a',
    'Z',
    '9',
    ' ',
    '-',
    "'",
    'é',
    'e\u0301',
    '\u0301',
    'ß',
    'İ',
    'я',
    'Ω',
    'ά',
    'ب',
    '東',
    'ー',
    'カ',
    '한',
    'ภ',
    'ª',
    '×',
    '²',
    'ゕ',
    '\u3099',
    '\u302a',
    '。',
    'Ａ',
    'ั',
    '、',
    '😀',
    '\ud800',
    '２',
  );
  it('finds the words a plain global match of the pattern finds, at the same places', () => {
    const key = wordKeyer('en');
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 2, unit: 'binary' })), { maxLength: 30 }),
        (parts) => {
          const text = parts.join('');
          const expected = [...text.matchAll(ORACLE)];
          const found = words(text, key);
          expect(found.keys).toEqual(expected.map((m) => key(m[0])));
          expect(found.starts).toEqual(expected.map((m) => m.index));
          expect(found.ends).toEqual(expected.map((m) => m.index + m[0].length));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
