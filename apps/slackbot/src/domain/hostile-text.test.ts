// Message text is anyone's: the readers of links and glossary requests must stay linear in its length. Each
// is compared with the regular expression it replaced (fine on short inputs, which is all fast-check makes),
// and run on the hostile shapes that made those expressions backtrack, at Slack's full 40,000 characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { glossaryRequest } from '../features/glossary/service.ts';
import { MAX_MESSAGE_CHARS } from './limits.ts';
import { findLink, type StepMeter, unwrapSlackLink } from './requests.ts';

/** The old readers, kept here as the reference for what the answer should be. */
function oldFindLink(text: string): string | undefined {
  for (const match of text.matchAll(/<([^>|]+)(?:\|[^>]*)?>/g)) {
    const target = match[1] ?? '';
    if (/^https?:\/\//i.test(target)) return target;
  }
  return text.match(/https?:\/\/\S+/i)?.[0];
}
/**
 * The plain reader with the link length limit, as it was before it was made linear: every `http` tried in
 * turn, each read on to the next space (quadratic on a long run of `http://`, right on everything).
 */
function plainFindLink(text: string, maxLink: number): string | undefined {
  let open = text.indexOf('<');
  while (open >= 0) {
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    const inner = text.slice(text.lastIndexOf('<', close) + 1, close);
    const target = inner.split('|')[0]!;
    if (target.length > 0 && target.length <= maxLink && /^https?:\/\//i.test(target)) return target;
    open = text.indexOf('<', close + 1);
  }
  for (let from = 0; from < text.length; from++) {
    const scheme = /^https?:\/\//i.exec(text.slice(from, from + 8))?.[0];
    if (!scheme) continue;
    let end = from + scheme.length;
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    if (end > from + scheme.length && end - from <= maxLink) return text.slice(from, end);
  }
  return undefined;
}
function oldGlossaryRequest(text: string): string | undefined {
  const match = /(?:^|\s)glossary\b[:\s]*(.*)$/is.exec(text.replace(/<@[^>]+>/g, ' ').trim());
  return match ? (match[1] ?? '').trim().slice(0, 100) : undefined;
}

// Text made of the pieces that matter to the parsers, so that random strings hit their edge cases often.
const piece = fc.constantFrom(
  '<',
  '>',
  '|',
  '@',
  '<@U1>',
  '<#C1|general>',
  'https://a.example/v',
  'http://b',
  'HTTPS://C',
  'glossary',
  'Glossary:',
  'glossaryx',
  ' ',
  '\n',
  ':',
  'x',
  'name',
  // Lowercases to two code units: a reader that lowercased the whole text would lose its indexes.
  'İ',
);
const messageText = fc.array(piece, { maxLength: 25 }).map((parts) => parts.join(''));

const hostile: Record<string, string> = {
  'only <': '<'.repeat(MAX_MESSAGE_CHARS),
  '<@ without >': '<@'.repeat(MAX_MESSAGE_CHARS / 2),
  '<http without >': '<http'.repeat(MAX_MESSAGE_CHARS / 5),
  '< then one > at the end': `${'<'.repeat(MAX_MESSAGE_CHARS - 1)}>`,
  '<| pairs': '<|'.repeat(MAX_MESSAGE_CHARS / 2),
  'http without //': 'http:'.repeat(MAX_MESSAGE_CHARS / 5),
  'glossaryx repeated': 'glossaryx '.repeat(MAX_MESSAGE_CHARS / 10),
  'a mention then colons': `glossary${':'.repeat(MAX_MESSAGE_CHARS)}`,
  'over the limit': '<'.repeat(MAX_MESSAGE_CHARS * 10),
};

describe('reading hostile message text', () => {
  it('finds the same link as the old pattern', () => {
    fc.assert(
      fc.property(messageText, (text) => {
        const found = findLink(text);
        // The new reader takes the innermost bracket (`<<https://x>` → https://x), where the old one
        // fell through to the bare link with its `>`: both are links; elsewhere they agree.
        if (text.includes('<<') || /<[^>]*<[^>]*>/.test(text)) {
          if (found !== undefined) expect(found).toMatch(/^https?:\/\//i);
          return;
        }
        expect(found).toBe(oldFindLink(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds the same link as the plain reader, link length limit included', () => {
    const linkish = fc.constantFrom('http://', 'https://', 'HTTP://', 'http', 'x', 'ab', ' ', '<', '>', '|');
    const text = fc.array(fc.oneof(piece, linkish), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 8, max: 30 }), (t, maxLinkChars) => {
        expect(findLink(t, { maxLinkChars })).toBe(plainFindLink(t, maxLinkChars));
      }),
      { numRuns: 5_000 },
    );
  });

  it('looks at each character at most 20 times, on every hostile shape', () => {
    const shapes = {
      ...hostile,
      '40 KB of http://': 'http://'.repeat(MAX_MESSAGE_CHARS / 7),
      '40 KB of https:// then a space': `${'https://'.repeat(MAX_MESSAGE_CHARS / 8 - 1)} x`,
      'long words with a scheme at the start': `http://${'a'.repeat(5_000)} `.repeat(7),
    };
    for (const [shape, text] of Object.entries(shapes)) {
      const meter: StepMeter = { steps: 0 };
      findLink(text, { meter });
      expect(meter.steps / Math.min(text.length, MAX_MESSAGE_CHARS), shape).toBeLessThanOrEqual(20);
    }
    // The last 4,096 characters of a run of `http://` are a link.
    const run = 'http://'.repeat(MAX_MESSAGE_CHARS / 7);
    expect(findLink(run)).toBe(run.slice(run.length - 4_095));
  });

  it('reads the same glossary request as the old pattern', () => {
    fc.assert(
      fc.property(messageText, (text) => {
        expect(glossaryRequest(text)).toBe(oldGlossaryRequest(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('unwraps a Slack link word and leaves anything else as it is', () => {
    expect(unwrapSlackLink('<https://x.example/v|x.example/v>')).toBe('https://x.example/v');
    expect(unwrapSlackLink('<https://x.example/v>')).toBe('https://x.example/v');
    expect(unwrapSlackLink('<>')).toBe('<>');
    expect(unwrapSlackLink('<<<')).toBe('<<<');
    expect(unwrapSlackLink('https://x.example')).toBe('https://x.example');
  });

  it('reads each hostile shape of 40,000 characters in linear time', () => {
    for (const [shape, text] of Object.entries(hostile)) {
      const started = performance.now();
      findLink(text);
      glossaryRequest(text);
      unwrapSlackLink(text);
      const ms = performance.now() - started;
      // Linear work here is a few milliseconds; the backtracking patterns took over a second on the first.
      expect(ms, shape).toBeLessThan(250);
    }
    expect(findLink(`${'<'.repeat(1000)}<https://ok.example/v>`)).toBe('https://ok.example/v');
    expect(glossaryRequest(`${'<@'.repeat(1000)}<@U1> glossary terms`)).toBe('terms');
  });
});
