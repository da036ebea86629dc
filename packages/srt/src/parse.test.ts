import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SrtParseError } from './errors.ts';
import { parseSrt, parseSrtLocated } from './parse.ts';
import { brief, crlf, cue } from './test-support/vectors.ts';

const TWO_CUES = crlf(
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Hello',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  'World',
  '',
);

describe('parseSrt: line endings and layout', () => {
  const expected = [cue(1, 1000, 2500, 'Hello'), cue(2, 3000, 4000, 'World')];

  it('reads CRLF, LF and CR-only files alike', () => {
    for (const text of [TWO_CUES, TWO_CUES.replaceAll('\r\n', '\n'), TWO_CUES.replaceAll('\r\n', '\r')]) {
      expect(parseSrt(text)).toEqual({ cues: expected, issues: [] });
    }
  });

  it('tolerates a missing final newline, extra blank lines and blank lines holding spaces', () => {
    const text = crlf(
      '',
      '',
      '1',
      '00:00:01,000 --> 00:00:02,500',
      'Hello',
      '   ',
      '',
      '\t',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'World',
    );
    expect(parseSrt(text)).toEqual({ cues: expected, issues: [] });
  });

  it('removes trailing spaces from number, timecode and text lines, and keeps leading ones in text', () => {
    const text = crlf('1  ', '00:00:01,000 --> 00:00:02,500 \t', '  Hello  ', 'there ', '');
    expect(parseSrt(text)).toEqual({ cues: [cue(1, 1000, 2500, '  Hello\nthere')], issues: [] });
  });

  it('joins multi-line text with LF whatever the file used', () => {
    const text = crlf('1', '00:00:01,000 --> 00:00:02,000', 'one', 'two', 'three', '');
    expect(parseSrt(text).cues).toEqual([cue(1, 1000, 2000, 'one\ntwo\nthree')]);
  });

  it('gives nothing, and no issue, for an empty file', () => {
    expect(parseSrt('')).toEqual({ cues: [], issues: [] });
    expect(parseSrt('\r\n\r\n')).toEqual({ cues: [], issues: [] });
  });
});

describe('parseSrt: timecodes', () => {
  const one = (timing: string) => parseSrt(crlf('1', timing, 'Text', ''));

  it('reads hours of 100 and more without an issue', () => {
    expect(one('100:00:01,000 --> 123:04:05,678')).toEqual({
      cues: [cue(1, 360_001_000, 443_045_678, 'Text')],
      issues: [],
    });
  });

  it('reads one-digit hours, a dot separator and no spaces around --> without an issue', () => {
    expect(one('0:00:01.000-->0:00:02.000')).toEqual({ cues: [cue(1, 1000, 2000, 'Text')], issues: [] });
  });

  it('reads a dot separator in a file that otherwise uses commas', () => {
    const text = TWO_CUES.replace('00:00:03,000 --> 00:00:04,000', '00:00:03.000 --> 00:00:04.000');
    expect(parseSrt(text)).toEqual({
      cues: [cue(1, 1000, 2500, 'Hello'), cue(2, 3000, 4000, 'World')],
      issues: [],
    });
  });

  it('reads one and two millisecond digits as a decimal fraction, without an issue', () => {
    expect(one('00:00:01,5 --> 00:00:02,25')).toEqual({ cues: [cue(1, 1500, 2250, 'Text')], issues: [] });
  });

  it('reads a single-digit minute, with a warning', () => {
    const result = one('00:1:02,000 --> 00:1:03,000');
    expect(result.cues).toEqual([cue(1, 62_000, 63_000, 'Text')]);
    expect(result.issues).toEqual([
      {
        line: 2,
        severity: 'warning',
        code: 'nonstandard-timecode',
        message:
          'the timecodes of cue 1 are not in the HH:MM:SS,mmm form (single-digit minutes); read as 00:01:02,000 --> 00:01:03,000',
      },
    ]);
  });

  it('rounds four millisecond digits to milliseconds, with a warning', () => {
    const result = one('00:00:01,5005 --> 00:00:02,9670');
    expect(result.cues).toEqual([cue(1, 1501, 2967, 'Text')]);
    expect(brief(result.issues)).toEqual(['2 warning nonstandard-timecode']);
    expect(result.issues[0]!.message).toContain('more than three digits');
  });

  it('reads a time without milliseconds, with a warning', () => {
    const result = one('00:00:01 --> 00:00:02');
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'Text')]);
    expect(result.issues[0]!.message).toContain('(no milliseconds)');
  });

  it('reports a minus sign as an error and does not use the cue', () => {
    const text = crlf(
      '1',
      '-00:00:01,000 --> 00:00:02,000',
      'Before zero',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'After',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(2, 3000, 4000, 'After')]);
    expect(brief(result.issues)).toEqual(['2 error negative-timecode']);
  });

  it('reports a timecode it cannot read, says why, skips that cue and reads the next', () => {
    const text = crlf(
      '1',
      '00:00:0x,000 --> 00:00:02,000',
      'Lost?',
      'No: reported',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Next',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(2, 3000, 4000, 'Next')]);
    expect(result.issues).toEqual([
      {
        line: 2,
        severity: 'error',
        code: 'bad-timecode',
        message:
          'cannot read the timecodes of cue 1 in "00:00:0x,000 --> 00:00:02,000": the start time is followed by "x", which is not part of a time; expected 00:00:01,000 --> 00:00:04,000. The cue is not used',
      },
    ]);
  });

  it('reports minutes past 59', () => {
    const result = one('00:75:00,000 --> 00:76:00,000');
    expect(result.cues).toEqual([]);
    expect(brief(result.issues)).toEqual(['2 error bad-timecode']);
    expect(result.issues[0]!.message).toContain('the start time has 75 minutes; minutes go from 00 to 59');
  });

  it('reports a cue number with no timecode line', () => {
    const text = crlf('1', 'Hello', '', '2', '00:00:03,000 --> 00:00:04,000', 'Next', '');
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(2, 3000, 4000, 'Next')]);
    expect(brief(result.issues)).toEqual(['2 error missing-timecode']);
  });

  it('reports an end before the start, and an end equal to the start, and uses neither cue', () => {
    const text = crlf(
      '1',
      '00:00:05,000 --> 00:00:04,000',
      'Backwards',
      '',
      '2',
      '00:00:06,000 --> 00:00:06,000',
      'Instant',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([]);
    expect(brief(result.issues)).toEqual(['2 error end-before-start', '6 error zero-duration']);
    expect(result.issues[0]!.message).toBe(
      'cue 1 ends (00:00:04,000) before it starts (00:00:05,000); it is not used',
    );
  });
});

describe('parseSrt: what follows the timecodes', () => {
  it('strips X1/X2/Y1/Y2 coordinates into the cue', () => {
    const result = parseSrt(
      crlf('1', '00:00:01,000 --> 00:00:02,000  X1:100 X2:600 Y1:50 Y2:100', 'Placed', ''),
    );
    expect(result).toEqual({
      cues: [{ ...cue(1, 1000, 2000, 'Placed'), position: { x1: 100, x2: 600, y1: 50, y2: 100 } }],
      issues: [],
    });
  });

  it('ignores other text after the timecodes, with a warning quoting it', () => {
    const result = parseSrt(crlf('1', '00:00:01,000 --> 00:00:02,000 align:start', 'Text', ''));
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'Text')]);
    expect(brief(result.issues)).toEqual(['2 warning ignored-settings']);
    expect(result.issues[0]!.message).toContain('"align:start"');
  });
});

describe('parseSrt: text', () => {
  it('keeps formatting tags', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '{\\an8}<i>Top</i>',
      '<font color="#ff0000">Red</font> <b>bold</b>',
      '',
    );
    expect(parseSrt(text)).toEqual({
      cues: [cue(1, 1000, 2000, '{\\an8}<i>Top</i>\n<font color="#ff0000">Red</font> <b>bold</b>')],
      issues: [],
    });
  });

  it('keeps a text line that is only a number', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '1999',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'The year',
      '1999',
      '',
    );
    expect(parseSrt(text)).toEqual({
      cues: [cue(1, 1000, 2000, '1999'), cue(2, 3000, 4000, 'The year\n1999')],
      issues: [],
    });
  });

  it('keeps dialogue containing --> as text', () => {
    const text = crlf('1', '00:00:01,000 --> 00:00:02,000', 'He said --> go', '- Then --> left', '');
    expect(parseSrt(text)).toEqual({
      cues: [cue(1, 1000, 2000, 'He said --> go\n- Then --> left')],
      issues: [],
    });
  });

  it('keeps a text line that looks like a broken timecode, with a warning', () => {
    const text = crlf('1', '00:00:01,000 --> 00:00:02,000', 'Text', '00:00:03,000 --> 00:00:0x,000', '');
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'Text\n00:00:03,000 --> 00:00:0x,000')]);
    expect(brief(result.issues)).toEqual(['4 warning timecode-in-text']);
  });

  it('reports a cue with no text and still uses it', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Next',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, ''), cue(2, 3000, 4000, 'Next')]);
    expect(result.issues).toEqual([
      { line: 2, severity: 'warning', code: 'empty-text', message: 'cue 1 has no text' },
    ]);
  });

  it('adds text after a blank line to the cue above, with a warning', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'First',
      '',
      'Second',
      '',
      '42',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Next',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'First\nSecond\n42'), cue(2, 3000, 4000, 'Next')]);
    expect(brief(result.issues)).toEqual([
      '5 warning text-after-blank-line',
      '7 warning text-after-blank-line',
    ]);
  });

  it('reports text before the first cue', () => {
    const text = crlf('Subtitles by someone', '', '1', '00:00:01,000 --> 00:00:02,000', 'Text', '');
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'Text')]);
    expect(brief(result.issues)).toEqual(['1 error stray-text']);
  });
});

describe('parseSrt: cue numbers and missing blank lines', () => {
  it('keeps numbers out of order as read, in file order, with a warning each', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'a',
      '',
      '3',
      '00:00:03,000 --> 00:00:04,000',
      'b',
      '',
      '2',
      '00:00:05,000 --> 00:00:06,000',
      'c',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'a'), cue(3, 3000, 4000, 'b'), cue(2, 5000, 6000, 'c')]);
    expect(brief(result.issues)).toEqual(['5 warning unexpected-index', '9 warning unexpected-index']);
  });

  it('numbers a cue that has no number line, with a warning', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'a',
      '',
      '00:00:03,000 --> 00:00:04,000',
      'b',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'a'), cue(2, 3000, 4000, 'b')]);
    expect(brief(result.issues)).toEqual(['5 warning missing-index']);
  });

  it('reads the next number before a timecode line as that cue number when the blank line is missing', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'The year was',
      '1999',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Next',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'The year was\n1999'), cue(2, 3000, 4000, 'Next')]);
    expect(brief(result.issues)).toEqual(['5 warning missing-blank-line']);
  });

  it('keeps a number-only text line followed by a timecode line in the text when it is not the next number', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '1999',
      '00:00:03,000 --> 00:00:04,000',
      'Next',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 2000, '1999'), cue(2, 3000, 4000, 'Next')]);
    expect(brief(result.issues)).toEqual(['4 warning missing-blank-line']);
    expect(result.issues[0]!.message).toContain('the line 1999 above stays in cue 1');
  });
});

describe('parseSrt: overlaps and order', () => {
  it('warns about a cue that starts before the one above ends, and one that starts before it starts', () => {
    const text = crlf(
      '1',
      '00:00:01,000 --> 00:00:03,000',
      'a',
      '',
      '2',
      '00:00:02,000 --> 00:00:04,000',
      'b',
      '',
      '3',
      '00:00:00,500 --> 00:00:00,900',
      'c',
      '',
    );
    const result = parseSrt(text);
    expect(result.cues).toEqual([cue(1, 1000, 3000, 'a'), cue(2, 2000, 4000, 'b'), cue(3, 500, 900, 'c')]);
    expect(brief(result.issues)).toEqual(['6 warning overlap', '10 warning out-of-order']);
    expect(result.issues[0]!.message).toBe('cue 2 starts (00:00:02,000) before cue 1 ends (00:00:03,000)');
  });
});

describe('parseSrt: encodings', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const utf16 = (text: string, littleEndian: boolean, bom: boolean) => {
    const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
    const view = new DataView(out.buffer);
    const units = bom ? `\ufeff${text}` : text;
    for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian);
    return out;
  };
  const expected = [cue(1, 1000, 2500, 'Hello'), cue(2, 3000, 4000, 'World')];

  it('reads UTF-8 with and without a BOM, as bytes and as a string', () => {
    expect(parseSrt(bytes(TWO_CUES))).toEqual({ cues: expected, issues: [] });
    expect(parseSrt(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(TWO_CUES)]))).toEqual({
      cues: expected,
      issues: [],
    });
    expect(parseSrt(`\ufeff${TWO_CUES}`)).toEqual({ cues: expected, issues: [] });
  });

  it('reads UTF-16 LE and BE by their BOM, and LE without one', () => {
    const text = TWO_CUES.replace('World', 'Wörld ✓');
    const cues = [expected[0], cue(2, 3000, 4000, 'Wörld ✓')];
    expect(parseSrt(utf16(text, true, true))).toEqual({ cues, issues: [] });
    expect(parseSrt(utf16(text, false, true))).toEqual({ cues, issues: [] });
    expect(parseSrt(utf16(text, true, false))).toEqual({ cues, issues: [] });
  });

  it('reads Windows-1252 (0x80 is €, 0x93/0x94 are quotes) with a warning at the first such byte', () => {
    const text = crlf('1', '00:00:01,000 --> 00:00:02,000', 'Price: 5 \x80', '\x93Quoted\x94 caf\xe9', '');
    const file = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const result = parseSrt(file);
    expect(result.cues).toEqual([cue(1, 1000, 2000, 'Price: 5 €\n“Quoted” café')]);
    expect(result.issues).toEqual([
      {
        line: 3,
        severity: 'warning',
        code: 'not-utf8',
        message: 'the file is not valid UTF-8 (byte 0x80); read it as Windows-1252',
      },
    ]);
  });
});

describe('parseSrt: strict mode', () => {
  it('throws one error listing every issue', () => {
    const text = crlf(
      '1',
      '00:00:05,000 --> 00:00:04,000',
      'a',
      '',
      '2',
      '00:00:06,000 --> 00:00:07,000',
      '',
      '',
    );
    expect(() => parseSrt(text, { strict: true })).toThrow(SrtParseError);
    try {
      parseSrt(text, { strict: true });
    } catch (error) {
      expect(brief((error as SrtParseError).issues)).toEqual([
        '2 error end-before-start',
        '6 warning empty-text',
      ]);
      expect((error as Error).message).toContain('line 2: error end-before-start');
      expect((error as Error).message).toContain('line 6: warning empty-text');
    }
  });

  it('returns as usual when there is no issue', () => {
    expect(parseSrt(TWO_CUES, { strict: true }).cues).toHaveLength(2);
  });
});

describe('parseSrt: nothing is lost', () => {
  // Timing lines a file may hold: readable ones and broken ones of each kind the parser knows.
  const timings = [
    '00:00:01,000 --> 00:00:02,000',
    '0:0:1.5-->0:0:2.25',
    '100:00:01,000 --> 100:00:02,000',
    '00:00:01 --> 00:00:02',
    '-00:00:01,000 --> 00:00:02,000',
    '00:00:02,000 --> 00:00:01,000',
    '00:00:01,000 --> 00:00:01,000',
    '00:00:0x,000 --> 00:00:02,000',
    '00:61:00,000 --> 00:62:00,000',
    '00:00:01,000 --> 00:00:02,000 X1:1 X2:2 Y1:3 Y2:4',
  ];
  const block = fc.record({
    timing: fc.constantFrom(...timings),
    text: fc.array(fc.constantFrom('Hello', '1999', '<i>x</i>', 'a --> b', '42'), {
      minLength: 0,
      maxLength: 3,
    }),
    numbered: fc.boolean(),
  });

  it('turns every cue block into a cue or an issue on its lines', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r'), (blocks, eol) => {
        const lines: string[] = [];
        const timingLines: number[] = [];
        blocks.forEach((b, i) => {
          if (b.numbered) lines.push(String(i + 1));
          lines.push(b.timing);
          timingLines.push(lines.length);
          lines.push(...b.text, '');
        });
        const result = parseSrtLocated(lines.join(eol));
        for (const line of timingLines) {
          const used = result.lines.includes(line);
          const reported = result.issues.some((issue) => issue.line === line || issue.line === line - 1);
          expect(used || reported).toBe(true);
        }
        expect(result.cues.length).toBeLessThanOrEqual(blocks.length);
      }),
    );
  });
});
