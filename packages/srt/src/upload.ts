// buildSrtUpload: the multipart body and query for `POST /v2/transcriptions/srt`, refused when the service would refuse it.
import { SrtUploadError } from './errors.ts';
import { type CuePair, pairSides, type ReadSide, readSide } from './segments.ts';
import { serializeSrt } from './serialize.ts';
import type { SegmentSide, SrtIssue } from './types.ts';

export interface SrtUpload {
  /** Files `src.0`/`dst.0` (`application/x-subrip`) and fields `src`/`dst` holding the languages. */
  form: FormData;
  /** The same languages as query parameters (the service's description names both places). */
  query: URLSearchParams;
  /** Warnings about the files (overlaps, tolerated forms); the upload goes ahead with them. */
  issues: SrtIssue[];
}

const SOURCE_LANGUAGE = /^[a-z]{2,3}$/;
const TARGET_LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

function checkLanguage(lang: string, side: SegmentSide): SrtIssue | undefined {
  const issue = (code: string, message: string): SrtIssue => ({
    line: 0,
    severity: 'error',
    code,
    message,
    side,
  });
  if (side === 'src') {
    if (SOURCE_LANGUAGE.test(lang)) return undefined;
    const base = /^([a-zA-Z]{2,3})[-_]/.exec(lang)?.[1];
    if (base) {
      return issue(
        'source-dialect',
        `the source language ${JSON.stringify(lang)} has a dialect; the service takes it without one: ${JSON.stringify(base.toLowerCase())}`,
      );
    }
    return issue(
      'bad-language',
      `the source language ${JSON.stringify(lang)} should be a lower-case code such as "en"`,
    );
  }
  if (TARGET_LANGUAGE.test(lang)) return undefined;
  return issue(
    'bad-language',
    `the translation language ${JSON.stringify(lang)} should be a lower-case code, with a dialect or without: "es", "pt-br"`,
  );
}

function attach(form: FormData, query: URLSearchParams, side: SegmentSide, read: ReadSide): void {
  const srt = serializeSrt(read.cues);
  form.append(`${side}.0`, new Blob([srt], { type: 'application/x-subrip' }), `${side}.srt`);
  form.append(side, read.lang);
  query.set(side, read.lang);
}

/**
 * Builds the upload for `POST /v2/transcriptions/srt` from a source and/or translation file (SRT text, bytes or
 * cues). The files are sent re-written in clean SRT. Throws an SrtUploadError listing the issues when a cue
 * cannot be read, the two files do not pair up cue for cue, or a language is malformed (the source language
 * must have no dialect).
 */
export function buildSrtUpload(pair: CuePair): SrtUpload {
  if (!pair.src && !pair.dst) {
    throw new SrtUploadError([
      {
        line: 0,
        severity: 'error',
        code: 'no-file',
        message: 'give a source file (src), a translation file (dst), or both',
      },
    ]);
  }
  const src = pair.src && readSide(pair.src, 'src');
  const dst = pair.dst && readSide(pair.dst, 'dst');
  const { issues } = pairSides(src, dst);
  const languageIssues = [src && checkLanguage(src.lang, 'src'), dst && checkLanguage(dst.lang, 'dst')];
  const all = [...languageIssues.filter((issue) => issue !== undefined), ...issues];
  if (all.some((issue) => issue.severity === 'error')) throw new SrtUploadError(all);
  const form = new FormData();
  const query = new URLSearchParams();
  if (src) attach(form, query, 'src', src);
  if (dst) attach(form, query, 'dst', dst);
  return { form, query, issues: all };
}
