// `dubkit glossary push <file.csv> --name … --from en --to es` and `dubkit glossary pull <id> > file.csv`.
import { basename, extname } from 'node:path';
import { formatGlossaryCsv, parseGlossaryCsv } from '@dubkit/glossary-csv';
import type { Context } from '../context.ts';
import { inputError, usageError } from '../exit-codes.ts';
import { formatIssue, plural } from '../format.ts';
import { readTextFile } from '../input.ts';

export interface PushOptions {
  name?: string;
  from?: string;
  to?: string;
  /** Update this glossary instead of creating one. */
  id?: string;
}

export async function glossaryPush(context: Context, file: string, options: PushOptions): Promise<number> {
  const bytes = await readTextFile(file, context.io.cwd);
  const parsed = parseGlossaryCsv(bytes, {
    ...(options.from ? { srcLang: options.from } : {}),
    ...(options.to ? { dstLang: options.to } : {}),
  });
  for (const issue of parsed.issues) context.note(formatIssue(file, issue));
  const errors = parsed.issues.filter((issue) => issue.severity === 'error').length;
  if (errors > 0) throw inputError(`${file}: ${plural(errors, 'error')}; nothing was sent`);
  const name = options.name ?? basename(file, extname(file));
  const count = Object.keys(parsed.entries).length;
  const glossary = options.id
    ? await context.client.glossaries.update(options.id, { name, entries: parsed.entries })
    : await context.client.glossaries.create({
        name,
        src_lang: requireLanguage(parsed.srcLang, '--from'),
        dst_lang: requireLanguage(parsed.dstLang, '--to'),
        entries: parsed.entries,
      });
  context.result(glossary);
  context.say(glossary.id);
  if (!context.json) {
    context.note(
      `${options.id ? 'Updated' : 'Created'} glossary "${glossary.name}" (${glossary.src_lang} → ${glossary.dst_lang}), ` +
        `${plural(count, 'entry', 'entries')}, version ${glossary.version}`,
    );
  }
  return 0;
}

function requireLanguage(lang: string | undefined, flag: string): string {
  if (!lang) throw usageError(`the file does not name its languages in a header row: pass ${flag}`);
  return lang;
}

export async function glossaryPull(
  context: Context,
  id: string,
  options: { tsv?: boolean },
): Promise<number> {
  const glossary = await context.client.glossaries.get(id);
  if (context.json) context.result(glossary);
  else context.io.stdout.write(formatGlossaryCsv(glossary, { format: options.tsv ? 'tsv' : 'csv' }));
  return 0;
}
