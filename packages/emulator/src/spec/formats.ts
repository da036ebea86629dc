// Value formats as docs/service.md states them (the service's documents in the project's words), written here
// rather than taken from @dubkit/core: the emulator is the other side of the contract, so a mistake in the
// client's schemas must not pass on both sides. The one thing taken from core is the list of language codes,
// which the service's documents do not give; docs/service.md, Languages, keeps it once there.

import {
  describeLanguages,
  isKnownLanguage,
  type LanguageRole,
  suggestLanguages,
} from '@dubkit/core/languages';
import { parseTimecode } from '@dubkit/srt';
import { z } from 'zod';
import { UUID } from '../http/params.ts';

/**
 * An optional request field. The vendor's SDK sends every unset optional field as `null` and the hosted service
 * reads that as not given (docs/service.md, Errors), so `null` comes out
 * `undefined` here.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined);
}

/** Ids are UUIDs; FastAPI's message for anything else. */
export const uuid = z.string().regex(UUID, 'Input should be a valid UUID');

/** docs/service.md, Languages: "a source language is given without a dialect (`en`, never `en-us`)". */
const SOURCE_FORM = /^[a-z]{2,3}$/;
/** Languages: a destination "may carry one, in lower case (`es-es`, `pt-br`, `zh-cn`)", or none (`es`). */
const DESTINATION_FORM = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/;

function language(role: LanguageRole) {
  return z.string().superRefine((code, ctx) => {
    const form = role === 'source' ? SOURCE_FORM : DESTINATION_FORM;
    if (!form.test(code)) {
      ctx.addIssue({
        code: 'custom',
        message:
          role === 'source'
            ? `Expected a source language without dialect, in lower case like "en" (not "en-us"); got "${code}"`
            : `Expected a destination language in lower case with an optional dialect, like "es" or "pt-br"; got "${code}"`,
      });
      return;
    }
    if (isKnownLanguage(code, role)) return;
    const near = suggestLanguages(code, role);
    ctx.addIssue({
      code: 'custom',
      message: `Unknown ${role} language "${code}"${near.length > 0 ? `; did you mean ${describeLanguages(near)}?` : ''}`,
    });
  });
}

export const sourceLanguage = language('source');
export const destinationLanguage = language('destination');

/** docs/service.md, Formats: `HH:MM:SS,mmm`, a comma before the milliseconds (as @dubkit/srt reads it). */
export const timecode = z.string().transform((value, ctx) => {
  try {
    return parseTimecode(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Expected a timecode HH:MM:SS,mmm (for example 00:01:02,345)' });
    return z.NEVER;
  }
});

/** docs/service.md, Formats: speakers are named `SPEAKER_00`, `SPEAKER_01`, … */
export const speaker = z
  .string()
  .regex(/^SPEAKER_\d{2,}$/, 'Expected a speaker like SPEAKER_00 (upper case, zero-padded number)');

/**
 * A text object sent to the service: `{text, lang}` with both members; `{text}` alone is a 422 (docs/service.md,
 * Formats). Whether `lang` is the right language is the endpoint's business.
 */
export const textInput = z.strictObject({
  text: z.string(),
  lang: z.string().min(1, 'Expected lang, the language of the text: a text object is {text, lang}'),
});

/** A whole number from a query string, 0 or more. */
export const queryCount = z.string().regex(/^\d+$/, 'Expected a whole number of 0 or more').transform(Number);
