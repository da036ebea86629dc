// `dubkit languages`: the languages the service takes (the list in @dubkit/core), with their English and
// native names and whether each can be a source (--from) or only a destination (--to).
import { LANGUAGES } from '@dubkit/core';
import type { Context } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { displayWidth, padColumns } from '../format.ts';

export function languages(context: Context): number {
  context.result({ languages: LANGUAGES });
  // The native name comes last: a right-to-left name (العربية) would carry the columns after it along, and a
  // wide one (日本語) needs no padding there. The others are padded by the columns they take on screen.
  const rows = [
    ['CODE', 'NAME', 'SOURCE', 'NATIVE NAME'],
    ...LANGUAGES.map((l) => [l.code, l.name, l.source ? 'yes' : 'no', l.nativeName]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => displayWidth(row[column]!))));
  for (const row of rows) {
    context.say(
      row.map((cell, column) => (column < 3 ? padColumns(cell, widths[column]!) : cell)).join('  '),
    );
  }
  return EXIT.ok;
}
