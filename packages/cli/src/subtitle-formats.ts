// `--formats` and `--frame-rate` of dub, wait, render and download: which subtitle files each language gets.
// SRT and WebVTT are the service's own files; IMSC 1.1 (ttml), EBU-TT-D and ASS are written here from the
// service's SRT through @dubkit/subtitles, with the project's language as xml:lang.
import {
  FORMAT_EXTENSIONS,
  FRAME_RATES,
  type FrameRate,
  parseFormatName,
  parseFrameRate,
  readSubtitles,
  SUBTITLE_FORMATS,
  type SubtitleFormat,
  writeSubtitles,
} from '@dubkit/subtitles';
import { usageError } from './exit-codes.ts';

export type { SubtitleFormat };

/** The formats the service delivers itself; the others are converted from its SRT. */
export const SERVICE_FORMATS: readonly SubtitleFormat[] = ['srt', 'vtt'];

export interface SubtitleChoice {
  formats: readonly SubtitleFormat[];
  frameRate?: FrameRate;
}

export const DEFAULT_FORMATS = 'srt,vtt';

/** Reads `--formats` and `--frame-rate` as typed; a name or rate that is not known is refused with the list. */
export function subtitleChoice(options: { formats?: string; frameRate?: string }): SubtitleChoice {
  const formats: SubtitleFormat[] = [];
  for (const word of (options.formats ?? DEFAULT_FORMATS).split(',')) {
    const name = word.trim();
    if (name === '') continue;
    const format = parseFormatName(name);
    if (!format) {
      throw usageError(
        `--formats: ${JSON.stringify(name)} is no subtitle format dubkit writes; use any of ` +
          `${SUBTITLE_FORMATS.join(', ')} (ttml is IMSC 1.1), comma-separated: --formats srt,ttml`,
      );
    }
    if (!formats.includes(format)) formats.push(format);
  }
  if (formats.length === 0) {
    throw usageError(`--formats needs at least one of ${SUBTITLE_FORMATS.join(', ')}`);
  }
  if (options.frameRate === undefined) return { formats };
  const frameRate = parseFrameRate(options.frameRate);
  if (!frameRate) {
    throw usageError(
      `--frame-rate: ${JSON.stringify(options.frameRate)} is not one dubkit knows; use one of ${FRAME_RATES.join(', ')}`,
    );
  }
  return { formats, frameRate };
}

/** The flags that repeat a choice in a resume hint; nothing for the defaults. */
export function subtitleFlags(choice: SubtitleChoice): string[] {
  const formats = choice.formats.join(',');
  return [
    ...(formats === DEFAULT_FORMATS ? [] : ['--formats', formats]),
    ...(choice.frameRate ? ['--frame-rate', choice.frameRate] : []),
  ];
}

/** The formats written here rather than downloaded. */
export const convertedFormats = (choice: SubtitleChoice): SubtitleFormat[] =>
  choice.formats.filter((format) => !SERVICE_FORMATS.includes(format));

/** The file name ending of a format: `.ttml`, `.ebu-tt-d.xml`, `.ass`. */
export const extensionOf = (format: SubtitleFormat): string => FORMAT_EXTENSIONS[format];

/** The service's SRT written as `format`, in `lang`. */
export function convertSrt(
  srt: Uint8Array,
  format: SubtitleFormat,
  lang: string | undefined,
  frameRate: FrameRate | undefined,
): string {
  const { subtitles } = readSubtitles(srt, { format: 'srt' });
  return writeSubtitles({ ...subtitles, ...(lang ? { lang } : {}) }, format, frameRate ? { frameRate } : {});
}
