// `dubkit languages`: the languages the service takes (the list in @dubkit/core), with their English and
// native names and whether each can be a source (--from) or only a destination (--to).
import { LANGUAGES } from '@dubkit/core';
import type { Context } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

export function languages(context: Context): number {
  context.result({ languages: LANGUAGES });
  const rows = [
    ['CODE', 'NAME', 'NATIVE NAME', 'SOURCE'],
    ...LANGUAGES.map((l) => [l.code, l.name, l.nativeName, l.source ? 'yes' : 'no']),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) {
    context.say(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  '));
  }
  return EXIT.ok;
}
