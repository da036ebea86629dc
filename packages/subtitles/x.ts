import { createRequire } from 'node:module';
import { writeSubtitles } from './src/index.ts';

const require = createRequire(import.meta.url);
const imsc = { ...require('imsc/src/main/js/doc.js'), ...require('imsc/src/main/js/isd.js') };
const subs = {
  lang: 'en',
  cues: [
    {
      startMs: 1000,
      endMs: 3500,
      lines: [
        [{ text: 'Hello ' }, { text: 'there', italic: true }],
        [{ text: 'A & B <c>', bold: true, underline: true }],
      ],
      speaker: 'Ana',
    },
    { startMs: 4000, endMs: 5000, lines: [[{ text: 'Top line', underline: true }]], position: 'top' },
  ],
} as any;
for (const f of ['ttml', 'ebu-tt-d']) {
  const doc = imsc.fromXML(writeSubtitles(subs, f as any, { frameRate: '23.976' }), {
    error: (m: string) => {
      throw new Error(m);
    },
    fatal: (m: string) => {
      throw new Error(m);
    },
    warn: (m: string) => console.log('warn', m),
    info: () => {},
  });
  console.log(doc.getMediaTimeEvents());
  const isd = imsc.generateISD(doc, 1.5);

  const S = 'http://www.w3.org/ns/ttml#styling ';
  const walk = (n: any, d: number) => {
    console.log(
      ' '.repeat(d) +
        n.kind +
        ' ' +
        (n.id ?? '') +
        ' ' +
        JSON.stringify(n.text ?? '') +
        ' ' +
        n.styleAttrs?.[S + 'fontStyle'] +
        ' ' +
        n.styleAttrs?.[S + 'fontWeight'] +
        ' ' +
        JSON.stringify(n.styleAttrs?.[S + 'textDecoration']),
    );
    for (const c of n.contents ?? []) walk(c, d + 1);
  };
  walk(isd, 0);
}
