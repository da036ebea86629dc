// Languages given on the command line (--to, --from), checked against the service's list in @dubkit/core
// before anything is read, uploaded or charged; an unknown one is refused with the nearest known codes.
import { checkLanguage, describeLanguages, type LanguageRole } from '@dubkit/core';
import { usageError } from './exit-codes.ts';

/** The code of `input` as the service takes it, or a usage error naming `flag` and the nearest codes. */
export function languageOption(flag: string, input: string, role: LanguageRole): string {
  const checked = checkLanguage(input, role);
  if (checked.ok) return checked.code;
  const hint =
    checked.suggestions.length > 0 ? `did you mean ${describeLanguages(checked.suggestions)}? ` : '';
  return refuse(`${flag}: ${checked.reason}; ${hint}\`dubkit languages\` lists them all`);
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
