// Which side of a job a dropped .srt file is: the translation into a language when its name ends in that
// language (`talk.es.srt`, `talk.pt-br.srt`) and that is not the job's source language; otherwise the source
// (`talk.srt`, or `talk.en.srt` for a job from English). Pure.

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
