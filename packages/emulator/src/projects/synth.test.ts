import { describe, expect, it } from 'vitest';
import { compileGlossary, segmentTimes, sentence, translate } from './synth.ts';

describe('synthetic content', () => {
  it('makes the same sentence for the same fingerprint and index, and different ones otherwise', () => {
    expect(sentence('a1b2c3d4', 0)).toBe(sentence('a1b2c3d4', 0));
    expect(sentence('a1b2c3d4', 0)).not.toBe(sentence('a1b2c3d4', 1));
    expect(sentence('a1b2c3d4', 0)).toMatch(/^[A-Z][a-z ]+\.$/);
  });

  it('times about one segment per 2.5 s, inside the media', () => {
    expect(segmentTimes(2)).toEqual([
      { startMs: 0, endMs: 900 },
      { startMs: 1000, endMs: 1900 },
    ]);
    const long = segmentTimes(100);
    expect(long).toHaveLength(40);
    expect(long.at(-1)!.endMs).toBeLessThanOrEqual(100_000);
  });

  it('pseudo-translates tagged with the language and applies glossary terms whole-word, case-aware', () => {
    const glossary = compileGlossary({ world: 'mundo', 'New York': 'Nueva York', api: 'API' });
    expect(translate('Hello world', 'es', glossary)).toBe('[es] Olleh mundo');
    expect(translate('World peace', 'es', glossary)).toBe('[es] Mundo ecaep');
    expect(translate('WORLD', 'es', glossary)).toBe('[es] MUNDO');
    expect(translate('worldwide new york', 'es', glossary)).toBe('[es] ediwdlrow Nueva York');
    expect(translate('the api, the apis', 'es', glossary)).toBe('[es] eht API, eht sipa');
    expect(translate('Hello', 'de', undefined)).toBe('[de] Olleh');
  });
});
