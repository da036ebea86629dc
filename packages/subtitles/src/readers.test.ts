// What real files hold, and what each reader does with it: kept when the cue model carries it, reported with its
// line when not.
import { describe, expect, it } from 'vitest';
import { readAss } from './ass-read.ts';
import { readSrt } from './srt-format.ts';
import { readTtml } from './ttml-read.ts';
import { readVtt } from './vtt-read.ts';

const codes = (issues: readonly { line: number; code: string }[]) =>
  issues.map(({ line, code }) => `${line}:${code}`);

describe('readVtt', () => {
  it('reads a file with a BOM, CRLF, NOTE and STYLE blocks, identifiers, short times, voices and entities', () => {
    const text =
      '\ufeffWEBVTT - a title\r\nKind: captions\r\n\r\nSTYLE\r\n::cue { color: yellow }\r\n\r\nNOTE a comment\r\nspanning lines\r\n\r\n' +
      'intro\r\n00:01.000 --> 00:04.000 line:0 align:start vertical:rl bogus\r\n<v.loud Ana María>Hola &amp; <i>adiós</i>&nbsp;&lt;3\r\n<b>two</b>\r\n\r\n' +
      '01:00:00.000 --> 01:00:02.500\r\n<c.yellow>Mixed</c> <ruby>漢<rt>かん</rt></ruby> <00:00:01.500>on\r\n';
    const { subtitles, issues, lines } = readVtt(text);
    expect(subtitles.cues).toEqual([
      {
        startMs: 1000,
        endMs: 4000,
        speaker: 'Ana María',
        position: 'top',
        // align:start puts the text's left edge at the left of the frame (position auto is 0%).
        anchor: { x: 0, y: 0, vertical: 'top', horizontal: 'left' },
        lines: [
          [{ text: 'Hola & ' }, { text: 'adiós', italic: true }, { text: '\u00a0<3' }],
          [{ text: 'two', bold: true }],
        ],
      },
      { startMs: 3_600_000, endMs: 3_602_500, lines: [[{ text: 'Mixed 漢 on' }]] },
    ]);
    expect(lines).toEqual([11, 15]);
    expect(codes(issues)).toEqual([
      '4:dropped-style',
      '11:ignored-settings',
      '12:dropped-class',
      '16:dropped-class',
      '16:dropped-ruby',
      '16:dropped-timestamp',
    ]);
    // The settings an anchor holds are kept; the others are named.
    expect(issues[1]!.message).toBe('cue settings not kept: vertical:rl bogus');
  });

  it('reports a cue it cannot time and goes on', () => {
    const { subtitles, issues } = readVtt(
      'WEBVTT\n\n00:01.000 -> 00:02.000\nlost\n\n00:03.000 --> 00:02.000\nback\n\n00:05.000 --> 00:06.000\nkept\n',
    );
    expect(subtitles.cues.map((cue) => cue.startMs)).toEqual([5000]);
    expect(codes(issues)).toEqual(['3:missing-timecode', '6:end-before-start']);
  });
  it('reports cues out of time order and cues without text once each, with a count', () => {
    const read = readVtt(
      'WEBVTT\n\n00:05.000 --> 00:06.000\nlater\n\n00:01.000 --> 00:02.000\nearlier\n\n00:00.500 --> 00:01.000\n<i></i>\n\n00:00.200 --> 00:00.400\nfirst\n',
    );
    expect(read.subtitles.cues.map((cue) => cue.startMs)).toEqual([5000, 1000, 200]);
    expect(read.issues.map(({ line, code, message }) => `${line}:${code}:${message.slice(0, 15)}`)).toEqual([
      '6:out-of-order:2 cues are out ',
      '9:empty-cue:1 cue is withou',
    ]);
  });
});

describe('readTtml', () => {
  const tt = (body: string, head = '', attributes = '') =>
    `<?xml version="1.0"?>\n<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xml:lang="ja" ${attributes}>\n<head>${head}</head>\n<body><div>\n${body}\n</div></body></tt>`;

  it('keeps line breaks as <br/> or, under xml:space="preserve", as new lines; collapses white space otherwise', () => {
    const { subtitles } = readTtml(
      tt(
        '<p begin="1s" end="2s">  one\n   two <br/> three </p>\n<p begin="3s" end="4s" xml:space="preserve">four\nfive</p>',
      ),
    );
    expect(subtitles.cues.map((cue) => cue.lines)).toEqual([
      [[{ text: 'one two' }], [{ text: 'three' }]],
      [[{ text: 'four' }], [{ text: 'five' }]],
    ]);
  });

  it('adds the times of a div and a dur, and reads regions in cells by their position', () => {
    const head =
      '<layout><region xml:id="r1" tts:origin="0c 1c" tts:extent="32c 3c" tts:textAlign="center"/><region xml:id="r2" tts:origin="0c 10c" tts:extent="32c 4c" tts:textAlign="center"/></layout>';
    const { subtitles } = readTtml(
      tt(
        '<div begin="10s"><p begin="1s" dur="500ms" region="r1">a</p><p begin="2s" end="3s" region="r2">b</p></div>',
        head,
        'ttp:cellResolution="32 15"',
      ),
    );
    expect(subtitles.cues).toEqual([
      { startMs: 11_000, endMs: 11_500, lines: [[{ text: 'a' }]], position: 'top' },
      // Text from the top of r2 (row 10 of 15): two thirds down the frame, which top or bottom cannot say.
      {
        startMs: 12_000,
        endMs: 13_000,
        lines: [[{ text: 'b' }]],
        anchor: { x: 50, y: 66.67, vertical: 'top', horizontal: 'center' },
      },
    ]);
  });

  it('reports ruby text, karaoke timing, colours, unknown styles and regions, and cues without an end', () => {
    const head = '<styling><style xml:id="y" tts:color="yellow"/></styling>';
    const body = [
      '<p begin="1s" end="2s"><span tts:ruby="container"><span tts:ruby="base">漢字</span><span tts:ruby="text">かんじ</span></span></p>',
      '<p begin="2s" end="3s"><span begin="0.5s">late</span></p>',
      '<p begin="3s" end="4s" style="y">yellow</p>',
      '<p begin="4s" end="5s" style="nope" region="nowhere">odd</p>',
      '<p begin="5s">endless</p>',
    ].join('\n');
    const { subtitles, issues } = readTtml(tt(body, head));
    expect(subtitles.cues.map((cue) => cue.lines[0]![0]!.text)).toEqual(['漢字', 'late', 'yellow', 'odd']);
    expect(codes(issues)).toEqual([
      '5:dropped-ruby',
      '6:dropped-span-timing',
      '7:dropped-color',
      '8:unknown-style',
      '8:unknown-region',
      '9:missing-end',
    ]);
  });

  it('keeps the cues before broken XML and says where it broke', () => {
    const { subtitles, issues } = readTtml(
      tt('<p begin="1s" end="2s">fine</p>\n<p begin="2s" end="3s">broken <span></p>'),
    );
    expect(subtitles.cues).toHaveLength(1);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 6, severity: 'error', code: 'bad-xml' });
    expect(issues[0]!.message).toMatch(/^the XML cannot be read past here \(unexpected close tag/);
  });

  it('expands no entity a DOCTYPE declares: no file is read, no billion laughs', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE tt [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c SYSTEM "file:///etc/passwd">]><tt xmlns="http://www.w3.org/ns/ttml"><body>' +
      '<p begin="0s" end="1s">&b;&c;</p></body></tt>';
    const { subtitles, issues } = readTtml(xml);
    expect(subtitles.cues).toEqual([]);
    expect(issues).toMatchObject([{ code: 'bad-xml', message: expect.stringContaining('undefined entity') }]);
  });

  it('says when a file is not TTML at all', () => {
    expect(codes(readTtml('<html><body>hi</body></html>').issues)).toEqual(['1:not-ttml']);
  });
});

describe('readSrt', () => {
  it('keeps SRT tags and {\\an8}, drops font tags and other override blocks with their lines', () => {
    const { subtitles, issues } = readSrt(
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<I>one</I>\n<font color="red">two</font>{\\fad(1,1)}\n',
    );
    expect(subtitles.cues).toEqual([
      {
        startMs: 1000,
        endMs: 2000,
        position: 'top',
        lines: [[{ text: 'one', italic: true }], [{ text: 'two' }]],
      },
    ]);
    expect(codes(issues)).toEqual(['4:dropped-font', '4:dropped-override']);
  });
});

describe('readAss', () => {
  it('reads SSA v4 with its own alignment numbers and field order, \\b700, \\r, drawings and WrapStyle 2', () => {
    const text = [
      '[Script Info]',
      'ScriptType: v4.00',
      'WrapStyle: 2',
      '',
      '[V4 Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding',
      'Style: Top,Arial,20,16777215,65535,65535,-2147483640,0,-1,1,1,2,6,30,30,10,0,0',
      '',
      '[Events]',
      'Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: Marked=0,0:00:01.00,0:00:02.50,Top,,0000,0000,0000,,{\\b700}bold{\\r} plain\\nnext',
      'Dialogue: Marked=0,0:00:03.00,0:00:04.00,Missing,,0000,0000,0000,,{\\p1}m 0 0 l 10 10{\\p0}text',
      'Picture: Marked=0,0:00:05.00,0:00:06.00,Top,,0000,0000,0000,,logo.png',
    ].join('\n');
    const { subtitles, issues } = readAss(text);
    expect(subtitles.cues).toEqual([
      {
        startMs: 1000,
        endMs: 2500,
        position: 'top',
        lines: [
          [
            { text: 'bold', bold: true, italic: true },
            { text: ' plain', italic: true },
          ],
          [{ text: 'next', italic: true }],
        ],
      },
      { startMs: 3000, endMs: 4000, lines: [[{ text: 'text' }]] },
    ]);
    expect(codes(issues)).toEqual(['12:unknown-style', '12:dropped-drawing', '13:dropped-event']);
  });

  it('says when a file is not ASS', () => {
    expect(codes(readAss('hello').issues)).toEqual(['1:not-ass']);
  });
});
