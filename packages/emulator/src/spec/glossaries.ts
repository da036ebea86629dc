// Request shapes of the glossary endpoints with the rules of docs/service.md, Glossary entries: each term
// non-empty, at most 1024 UTF-8 bytes, no tab or newline (`\r` may appear), no white space at either end; the
// bytes of every key and value together under 10,485,760; an empty `entries` object is accepted.
import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { destinationLanguage, sourceLanguage } from './formats.ts';

const TERM_BYTES = 1024;
const GLOSSARY_BYTES = 10_485_760;

/** What is wrong with a term, or undefined. */
function termFault(term: string): string | undefined {
  if (term === '') return 'is empty';
  if (term.includes('\t') || term.includes('\n')) return 'contains a tab or a newline';
  if (/^\s|\s$/.test(term)) return 'begins or ends with white space';
  const bytes = Buffer.byteLength(term);
  return bytes > TERM_BYTES ? `is ${bytes} bytes of UTF-8; a term is at most ${TERM_BYTES}` : undefined;
}

const entries = z.record(z.string(), z.string()).superRefine((terms, ctx) => {
  let bytes = 0;
  for (const [source, target] of Object.entries(terms)) {
    bytes += Buffer.byteLength(source) + Buffer.byteLength(target);
    const sourceFault = termFault(source);
    if (sourceFault) {
      ctx.addIssue({
        code: 'custom',
        path: [source],
        message: `Source term ${JSON.stringify(source)} ${sourceFault}`,
      });
    }
    const targetFault = termFault(target);
    if (targetFault) {
      ctx.addIssue({
        code: 'custom',
        path: [source],
        message: `Target term ${JSON.stringify(target)} of ${JSON.stringify(source)} ${targetFault}`,
      });
    }
  }
  if (bytes >= GLOSSARY_BYTES) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `The terms come to ${bytes} bytes; a glossary must stay under ${GLOSSARY_BYTES}`,
    });
  }
});

const name = z.string().min(1, 'Expected a non-empty name');

/** Body of `POST /v2/glossaries`: `{name, src_lang, dst_lang, entries}`. */
export const glossaryCreateBody = z.strictObject({
  name,
  src_lang: sourceLanguage,
  dst_lang: destinationLanguage,
  entries,
});

/** Body of `PUT /v2/glossaries/{id}`: `{name, entries}`, replacing both. */
export const glossaryUpdateBody = z.strictObject({ name, entries });
