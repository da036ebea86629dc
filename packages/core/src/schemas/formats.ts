// Shared value formats from docs/service.md: languages, timecodes, identifiers and integers in query strings.
import { z } from 'zod';
import { describeLanguages, isKnownLanguage, type LanguageRole, suggestLanguages } from '../languages.ts';
import { isTimecode } from '../timecode.ts';

/** A source language, without dialect, from the service's list: `en`, `pt` (not `en-us`). */
export const srcLangSchema = z
  .string()
  .regex(/^[a-z]{2,3}$/, 'Expected a source language without dialect in lower case, like "en" (not "en-us")')
  .refine((code) => isKnownLanguage(code, 'source'), {
    error: (issue) => unknownLanguage(issue.input, 'source'),
  });

/** A destination language from the service's list, optionally with a lower-case dialect: `es`, `en-us`, `pt-br`. */
export const dstLangSchema = z
  .string()
  .regex(
    /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/,
    'Expected a destination language in lower case with an optional dialect, like "es" or "en-us"',
  )
  .refine((code) => isKnownLanguage(code, 'destination'), {
    error: (issue) => unknownLanguage(issue.input, 'destination'),
  });

function unknownLanguage(input: unknown, role: LanguageRole): string {
  const code = String(input);
  const suggestions = suggestLanguages(code, role);
  const hint = suggestions.length > 0 ? `; did you mean ${describeLanguages(suggestions)}?` : '';
  return `Unknown ${role} language "${code}"${hint}`;
}

/** `HH:MM:SS,mmm`, comma before the milliseconds. */
export const timecodeSchema = z
  .string()
  .refine(isTimecode, 'Expected a timecode HH:MM:SS,mmm (for example 00:01:02,345)');

/** Identifiers the client sends (project, media, transcript, glossary ids): 8-4-4-4-12 hex. */
export const idSchema = z.guid('Expected an id in UUID form (8-4-4-4-12 hex digits)');

/** A non-negative whole number given either as a number (client) or as a query-string digit run (server). */
export const queryIntSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'Expected a whole number').transform(Number)])
  .pipe(z.int('Expected a whole number').min(0, 'Expected a number of 0 or more'));

/**
 * An optional request field. The vendor's SDK builds bodies with pydantic's `model_dump`, which sends every
 * unset optional field as `null`, and the hosted service (FastAPI) reads that `null` as not given; so does this
 * schema: `null` and `undefined` both come out as `undefined` (and JSON then leaves the field out).
 */
export function optionalField<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined);
}

export type SrcLang = z.infer<typeof srcLangSchema>;
export type DstLang = z.infer<typeof dstLangSchema>;
export type Timecode = z.infer<typeof timecodeSchema>;
