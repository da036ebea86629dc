// Languages given on the command line (--to, --from), checked against the service's list in @dubkit/core
// before anything is read, uploaded or charged; an unknown one is refused with the nearest known codes.
import { checkLanguage, describeLanguages, type LanguageRole } from '@dubkit/core';
import { usageError } from './exit-codes.ts';

/** The code of `input` as the service takes it, or a usage error naming `flag` and the nearest codes. */
export function languageOption(flag: string, input: string, role: LanguageRole): string {
  const checked = checkLanguage(input, role);
  if (checked.ok) return checked.code;
  // A dialect such as de-de is a language the service dubs into, never one it listens to: said that way round.
  const reason =
    role === 'source' && checkLanguage(input, 'destination').ok
      ? `"${input.trim()}" is a dialect, and the language spoken is given without one`
      : checked.reason;
  const hint =
    checked.suggestions.length > 0 ? `did you mean ${describeLanguages(checked.suggestions)}? ` : '';
  return refuse(`${flag}: ${reason}; ${hint}\`dubkit languages\` lists them all`);
}

function refuse(message: string): never {
  throw usageError(message);
}

/** `--to es,de_DE,es` → `['es', 'de-de']`: each checked, repeats dropped. */
export function parseLanguages(list: string): string[] {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0)
    refuse('--to takes languages such as es,de-de,pt-br; `dubkit languages` lists them');
  return [...new Set(items.map((item) => languageOption('--to', item, 'destination')))];
}
