// Reads `/dub glossary …`: open the upload dialog, list, show, export, delete, or make a glossary the
// channel's default. Pure; a wrong form gets a problem that names the right one.

export type GlossaryCommand =
  | { kind: 'upload' }
  | { kind: 'list' }
  | { kind: 'show' | 'export' | 'delete' | 'default'; name: string };

export const GLOSSARY_USAGE =
  '`/dub glossary` — upload a .csv/.tsv glossary · `/dub glossary list` · `/dub glossary show <name>` · ' +
  '`/dub glossary export <name>` · `/dub glossary default <name>` · `/dub glossary delete <name>`';

/** `words` are the command's words after `glossary`. */
export function parseGlossaryCommand(
  words: string[],
): { ok: true; value: GlossaryCommand } | { ok: false; problem: string } {
  const [verb = '', ...rest] = words;
  const name = rest
    .join(' ')
    .trim()
    .replace(/^["“](.*)["”]$/, '$1');
  switch (verb.toLowerCase()) {
    case '':
    case 'upload':
    case 'new':
      return { ok: true, value: { kind: 'upload' } };
    case 'list':
      return { ok: true, value: { kind: 'list' } };
    case 'show':
    case 'export':
    case 'delete':
    case 'default': {
      const kind = verb.toLowerCase() as 'show' | 'export' | 'delete' | 'default';
      if (!name) return { ok: false, problem: `Name the glossary: \`/dub glossary ${kind} <name>\`.` };
      return { ok: true, value: { kind, name } };
    }
    default:
      return { ok: false, problem: `I don't know "glossary ${verb}". ${GLOSSARY_USAGE}` };
  }
}
