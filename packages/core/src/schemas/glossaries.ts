// Glossaries: term pairs that keep wording consistent in translation, with the entry rules of docs/service.md.
import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { dstLangSchema, srcLangSchema } from './formats.ts';

export const GLOSSARY_TERM_MAX_BYTES = 1024;
/** The bytes of every key and value together must stay under this many (docs/service.md). */
export const GLOSSARY_MAX_BYTES = 10_485_760;

/** Why a term breaks the rules, or undefined when it is fine. */
function termProblem(term: string): string | undefined {
  if (term.length === 0) return 'is empty';
  // A carriage return may appear inside a term (docs/service.md); a tab or a newline may not.
  if (/[\t\n]/.test(term)) return 'contains a tab or a line break';
  if (term.trim() !== term) return 'has leading or trailing white space';
  const bytes = Buffer.byteLength(term, 'utf8');
  if (bytes > GLOSSARY_TERM_MAX_BYTES)
    return `is ${bytes} bytes long (at most ${GLOSSARY_TERM_MAX_BYTES} UTF-8 bytes)`;
  return undefined;
}

/** Source term → target term, every key and value checked; the whole object under 10,485,760 bytes. */
export const glossaryEntriesSchema = z.record(z.string(), z.string()).superRefine((entries, ctx) => {
  const keys = Object.keys(entries);
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', path: [], message: 'Expected at least one term pair' });
    return;
  }
  let total = 0;
  for (const key of keys) {
    const keyProblem = termProblem(key);
    if (keyProblem)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Source term ${JSON.stringify(key)} ${keyProblem}`,
      });
    const value = entries[key] ?? '';
    total += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
    const valueProblem = termProblem(value);
    if (valueProblem) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Target term ${JSON.stringify(value)} for ${JSON.stringify(key)} ${valueProblem}`,
      });
    }
  }
  if (total >= GLOSSARY_MAX_BYTES) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `The terms come to ${total} bytes; a glossary must be under ${GLOSSARY_MAX_BYTES} bytes`,
    });
  }
});

export const glossarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  version: z.number(),
  src_lang: z.string(),
  dst_lang: z.string(),
  entries: z.record(z.string(), z.string()),
});

/** Body of `POST /v2/glossaries`. */
export const glossaryCreateBodySchema = z.strictObject({
  name: z.string().min(1, 'Expected a non-empty name'),
  src_lang: srcLangSchema,
  dst_lang: dstLangSchema,
  entries: glossaryEntriesSchema,
});

/** Body of `PUT /v2/glossaries/{id}`: replaces the name and every entry. */
export const glossaryUpdateBodySchema = z.strictObject({
  name: z.string().min(1, 'Expected a non-empty name'),
  entries: glossaryEntriesSchema,
});

export type GlossaryEntries = z.infer<typeof glossaryEntriesSchema>;
export type Glossary = z.infer<typeof glossarySchema>;
export type GlossaryCreateBody = z.input<typeof glossaryCreateBodySchema>;
export type GlossaryUpdateBody = z.input<typeof glossaryUpdateBodySchema>;
