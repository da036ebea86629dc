// The one escaping rule for values in mrkdwn, the prose rule for app sentences that quote values, and cutting
// mrkdwn to a limit without breaking its formatting.
import { describe, expect, it } from 'vitest';
import { escapeProse, escapeText, truncateMrkdwn } from './blocks.ts';

describe('escapeText', () => {
  it('turns the characters that open or close formatting into look-alikes Slack does not read', () => {
    expect(escapeText('*bold* _it_ ~gone~ `code`')).toBe('∗bold∗ ˍitˍ ∼gone∼ ˋcodeˋ');
    expect(escapeText('a title with * alone and ends_')).toBe('a title with ∗ alone and endsˍ');
  });

  it('leaves a marker between two letters or digits as typed: Slack does not read it there', () => {
    expect(escapeText('SPEAKER_01 my_talk_v2.mp4 2*3')).toBe('SPEAKER_01 my_talk_v2.mp4 2*3');
  });

  it('escapes mentions and links, and caps a long value without cutting an entity', () => {
    expect(escapeText('<!here> & <https://evil.example|x>')).toBe(
      '&lt;!here&gt; &amp; &lt;https://evil.example|x&gt;',
    );
    const long = escapeText('&'.repeat(5000));
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long.endsWith('&amp;…')).toBe(true);
  });
});

describe('escapeProse', () => {
  it('keeps the sentence’s code spans and escapes the rest as values', () => {
    expect(escapeProse('"*x*" is not a link: `/dub list` shows <!here> ids')).toBe(
      '"∗x∗" is not a link: `/dub list` shows &lt;!here&gt; ids',
    );
    expect(escapeProse('an id `<!channel>` and one ` alone')).toBe(
      'an id `&lt;!channel&gt;` and one ˋ alone',
    );
  });
});

describe('truncateMrkdwn', () => {
  it('closes the bold and code span the cut left open, innermost first', () => {
    const cut = truncateMrkdwn(`*Title ${'a'.repeat(50)}* and \`code ${'b'.repeat(50)}\``, 40);
    expect(cut).toMatch(/…\*$/);
    expect(cut.length).toBeLessThanOrEqual(40);
    const inCode = truncateMrkdwn(`*Bold \`code ${'b'.repeat(50)}\`*`, 30);
    expect(inCode).toMatch(/…`\*$/);
  });

  it('never leaves half an entity or half a link', () => {
    expect(truncateMrkdwn(`${'x'.repeat(15)}&amp; more text here`, 20)).toBe(`${'x'.repeat(15)}…`);
    const link = truncateMrkdwn(`see <https://x.example/${'p'.repeat(40)}|the page>`, 30);
    expect(link).toBe('see …');
  });

  it('leaves text within the limit alone', () => {
    expect(truncateMrkdwn('*short*', 3000)).toBe('*short*');
  });
});
