import { describe, expect, it } from 'vitest';
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
