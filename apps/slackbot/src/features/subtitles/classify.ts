// Which side of a job a dropped subtitle file (.srt, .vtt, .ttml/.dfxp/.xml, .ass/.ssa) is: the translation into
// a language when its name ends in that language (`talk.es.srt`, `talk.pt-br.vtt`) and that is not the job's
// source language; otherwise the source (`talk.srt`, or `talk.en.srt` for a job from English). While the job has no source subtitles and its source
// language is not known, the first file named in a language is the source in that language: the subtitles
// dropped with a video are its own before they are anyone's translation. Pure.

import { normalizeDestination, normalizeSource } from '../../domain/languages.ts';
import type { JobSubtitle } from '../../store/store.ts';

/** The file extensions taken as subtitles: every format @dubkit/subtitles reads (EBU-TT-D comes as .xml). */
const SUBTITLE_EXTENSION = '(?:srt|vtt|ttml|dfxp|xml|ass|ssa)';

const SUBTITLE_NAME = new RegExp(`\\.${SUBTITLE_EXTENSION}$`, 'i');
/** The language a name ends in: "talk.pt-br.vtt", "talk.de.ebu-tt-d.xml". */
const LANGUAGE_SUFFIX = new RegExp(
  `\\.([a-z]{2,3}(?:[-_][a-z]{2,4})?)(?:\\.ebu-tt-d)?\\.${SUBTITLE_EXTENSION}$`,
  'i',
);

export function isSubtitleName(name: string): boolean {
  return SUBTITLE_NAME.test(name);
}

export function classifySubtitle(name: string, srcLang: string | null): Pick<JobSubtitle, 'side' | 'lang'> {
  const code = LANGUAGE_SUFFIX.exec(name)?.[1];
  if (!code) return { side: 'src', lang: srcLang };
  if (srcLang !== null && normalizeSource(code) === srcLang) return { side: 'src', lang: srcLang };
  const dst = normalizeDestination(code);
  return dst ? { side: 'dst', lang: dst } : { side: 'src', lang: srcLang };
}

/** The sides of files dropped together, in their order; `hasSource`: the job keeps source subtitles already. */
export function classifySubtitles(
  names: readonly string[],
  srcLang: string | null,
  hasSource: boolean,
): Pick<JobSubtitle, 'side' | 'lang'>[] {
  const sides = names.map((name) => classifySubtitle(name, srcLang));
  if (srcLang !== null || hasSource || sides.some((s) => s.side === 'src')) return sides;
  const first = sides.findIndex((s) => s.lang !== null && normalizeSource(s.lang) !== undefined);
  if (first < 0) return sides;
  const lang = normalizeSource(sides[first]!.lang!)!;
  return sides.map((s, i) => (i === first ? { side: 'src', lang } : s));
}
