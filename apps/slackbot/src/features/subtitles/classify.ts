// Which side of a job a dropped .srt file is: the translation into a language when its name ends in that
// language (`talk.es.srt`, `talk.pt-br.srt`) and that is not the job's source language; otherwise the source
// (`talk.srt`, or `talk.en.srt` for a job from English). While the job has no source subtitles and its source
// language is not known, the first file named in a language is the source in that language: the subtitles
// dropped with a video are its own before they are anyone's translation. Pure.

import { normalizeDestination, normalizeSource } from '../../domain/languages.ts';
import type { JobSubtitle } from '../../store/store.ts';

export function isSrtName(name: string): boolean {
  return /\.srt$/i.test(name);
}

export function classifySrt(name: string, srcLang: string | null): Pick<JobSubtitle, 'side' | 'lang'> {
  const code = /\.([a-z]{2,3}(?:[-_][a-z]{2,4})?)\.srt$/i.exec(name)?.[1];
  if (!code) return { side: 'src', lang: srcLang };
  if (srcLang !== null && normalizeSource(code) === srcLang) return { side: 'src', lang: srcLang };
  const dst = normalizeDestination(code);
  return dst ? { side: 'dst', lang: dst } : { side: 'src', lang: srcLang };
}

/** The sides of files dropped together, in their order; `hasSource`: the job keeps source subtitles already. */
export function classifySrts(
  names: readonly string[],
  srcLang: string | null,
  hasSource: boolean,
): Pick<JobSubtitle, 'side' | 'lang'>[] {
  const sides = names.map((name) => classifySrt(name, srcLang));
  if (srcLang !== null || hasSource || sides.some((s) => s.side === 'src')) return sides;
  const first = sides.findIndex((s) => s.lang !== null && normalizeSource(s.lang) !== undefined);
  if (first < 0) return sides;
  const lang = normalizeSource(sides[first]!.lang!)!;
  return sides.map((s, i) => (i === first ? { side: 'src', lang } : s));
}
