// The translated subtitles delivered into the thread, in the channel's formats: every file written by
// @dubkit/subtitles from one cue model made from the project's segments (with the language and the speakers), so
// every file carries the same cues and a translation's text can never become a cue of its own.
import {
  FORMAT_EXTENSIONS,
  SUBTITLE_FORMATS,
  type SubtitleFormat,
  subtitlesFromSegments,
  writeSubtitles,
} from '@dubkit/subtitles';
import type { SegmentText } from '../dubbing/service.ts';

/** What a channel that chose nothing gets. */
export const DEFAULT_FORMATS: readonly SubtitleFormat[] = ['srt', 'vtt'];

/** How each format is named to people. */
export const FORMAT_LABELS: Record<SubtitleFormat, string> = {
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'IMSC 1.1 (TTML)',
  'ebu-tt-d': 'EBU-TT-D',
  ass: 'ASS',
};

/** The file name of a language's subtitles in a format: "keynote.es.srt", "keynote.es.ebu-tt-d.xml". */
export function subtitleFileName(baseName: string, format: SubtitleFormat): string {
  return `${baseName}${FORMAT_EXTENSIONS[format]}`;
}

/** The formats in the one order they are offered and attached, without repeats or unknown names. */
export function orderedFormats(formats: readonly string[]): SubtitleFormat[] {
  return SUBTITLE_FORMATS.filter((format) => formats.includes(format));
}

/**
 * A language's subtitle files in `formats`, from its segments that have text; none when no line has any (an
 * empty file says nothing, and Slack refuses it).
 */
export function segmentsToSubtitles(
  segments: SegmentText[],
  lang: string,
  baseName: string,
  formats: readonly SubtitleFormat[],
): { filename: string; content: string }[] {
  // A segment whose line was removed is no cue: an empty cue shows nothing, and some formats refuse one.
  const spoken = segments.filter((segment) => (segment.dst?.text ?? '').trim() !== '');
  if (spoken.length === 0) return [];
  const subtitles = subtitlesFromSegments(spoken, 'dst', { lang, speakers: true });
  return orderedFormats(formats).map((format) => ({
    filename: subtitleFileName(baseName, format),
    content: writeSubtitles(subtitles, format),
  }));
}
