import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS } from '../../domain/limits.ts';
import { checkVideoLink } from '../../domain/requests.ts';
import { asksToStop, threadOfLink } from './stop.ts';

describe('stopping without the card', () => {
  it('hears “stop” or “cancel” in a mention, never in one that holds a link', () => {
    expect(asksToStop('<@UDUBKIT> cancel this please')).toBe(true);
    expect(asksToStop('<@UDUBKIT> STOP')).toBe(true);
    expect(asksToStop('<@UDUBKIT> please stop following it')).toBe(true);
    expect(asksToStop('<@UDUBKIT> nonstop talk <https://vimeo.com/1|vimeo.com/1>')).toBe(false);
    expect(asksToStop('<@UDUBKIT> stop <https://vimeo.com/1|vimeo.com/1>')).toBe(false);
    expect(asksToStop('<@UDUBKIT> can we have German too?')).toBe(false);
    // The word inside a mention's id or another word is not the word.
    expect(asksToStop('<@USTOP> unstoppable')).toBe(false);
  });

  it('reads the thread a Slack message link points at', () => {
    expect(threadOfLink('<https://acme.slack.com/archives/C0123ABC/p1700000000123456>')).toEqual({
      channel: 'C0123ABC',
      threadTs: '1700000000.123456',
    });
    // A reply's link names its thread.
    expect(
      threadOfLink(
        'https://acme.slack.com/archives/C0123ABC/p1700000099000001?thread_ts=1700000000.123456&cid=C0123ABC',
      ),
    ).toEqual({ channel: 'C0123ABC', threadTs: '1700000000.123456' });
    expect(threadOfLink('https://vimeo.com/1')).toBeUndefined();
  });

  it('never calls a command word “not a link”', () => {
    const answer = checkVideoLink('cancel');
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.problem).toBe(
      '`/dub cancel` is not one of my commands, and I dub video links.',
    );
    expect(!checkVideoLink('not-a-link').ok && checkVideoLink('not-a-link')).toMatchObject({
      problem: '"not-a-link" is not a link.',
    });
  });
});

/** The detector as it was (backtracking on `<` without `>`), the reference for what it answers. */
function oldAsksToStop(text: string): boolean {
  const words = text.replace(/<[^>]*>/g, ' ');
  return !/https?:\/\//i.test(text) && /\b(stop|cancel)\b/i.test(words);
}

/** Milliseconds per call: `read` called until 5 ms have passed. */
function msPerCall(read: () => unknown): number {
  const started = performance.now();
  let calls = 0;
  let elapsed = 0;
  do {
    read();
    calls += 1;
    elapsed = performance.now() - started;
  } while (elapsed < 5);
  return elapsed / calls;
}

/**
 * How much longer the large text takes than the small one: both timed side by side in seven rounds, each size's
 * fastest round compared (the machine is shared: a round the neighbours slowed says nothing of the reader).
 */
function growth(small: () => unknown, large: () => unknown): number {
  // Warmed up first, so that neither size pays for compiling the reader or its patterns.
  msPerCall(small);
  msPerCall(large);
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    smallMs = Math.min(smallMs, msPerCall(small));
    largeMs = Math.min(largeMs, msPerCall(large));
  }
  return largeMs / smallMs;
}

/** Mention text of about `n` characters in each shape that made a pattern read on to the end. */
const HOSTILE: Record<string, (n: number) => string> = {
  '< after a mention': (n) => `<@UDUBKIT> ${'<'.repeat(n)}`,
  '<@ without >': (n) => `<@UDUBKIT> stop ${'<@'.repeat(n / 2)}`,
  '<#C1| without >': (n) => `${'<#C1|'.repeat(n / 5)} cancel`,
  'thread links without an end': (n) => '/archives/C1/p1700000000123456?x'.repeat(n / 32),
  'thread_ts without digits': (n) => `/archives/C1/p1700000000123456?${'thread_ts=1&'.repeat(n / 12)}`,
};

describe('reading hostile mentions', () => {
  it('answers as the old pattern did on any mix of brackets, links and words', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '|',
      '<@U1>',
      '<#C1|stop>',
      'stop',
      'cancel',
      'Stop',
      ' ',
      'x',
      'https://a',
      '<https://a|stop>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        expect(asksToStop(text)).toBe(oldAsksToStop(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes time in proportion to the text on every hostile shape: 4x the text, at most 6x the time', () => {
    for (const [shape, make] of Object.entries(HOSTILE)) {
      // As a payload delivers it: parsed from JSON, one flat string (a string built by joining is read
      // piece by piece, which no message text is).
      const read = (built: string) => {
        const text = JSON.parse(JSON.stringify(built)) as string;
        return () => {
          asksToStop(text);
          threadOfLink(text);
        };
      };
      // A backtracking pattern grows 16x here (3.1 s at 40,000 `<`, 0.2 s at 10,000); a linear reader about 4x.
      // Sizes that both fit the processor's caches, so that growth measures the reader, not the memory.
      const small = read(make(MAX_MESSAGE_CHARS / 16));
      const large = read(make(MAX_MESSAGE_CHARS / 4));
      // Measured again (twice at most) when over: a neighbour's burst can inflate one measure, never three in a
      // row; a backtracking reader is over every time.
      let ratio = growth(small, large);
      for (let again = 0; again < 2 && ratio > 6; again++) ratio = Math.min(ratio, growth(small, large));
      expect(ratio, shape).toBeLessThanOrEqual(6);
    }
    expect(asksToStop(`<@UDUBKIT> stop ${'<'.repeat(MAX_MESSAGE_CHARS)}`)).toBe(true);
    expect(threadOfLink(`/archives/C1/p1700000000123456?${'thread_ts=1&'.repeat(100)}`)).toEqual({
      channel: 'C1',
      threadTs: '1700000000.123456',
    });
  });
});
