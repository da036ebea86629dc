// Every format by name: read any of them (told or recognised), write any of them, with one set of options.
import type { SerializeOptions } from '@dubkit/srt';
import { readAss } from './ass-read.ts';
import { assOfWritable } from './ass-write.ts';
import { type FrameRate, frameAt, msAtFrame } from './frame-rate.ts';
import type { ReadResult, Subtitles, WritableSubtitles } from './model.ts';
import { cuesToWrite } from './model.ts';
import { quantize } from './quantize.ts';
import { readSrt, srtOfWritable } from './srt-format.ts';
import { readTtml } from './ttml-read.ts';
import { ttmlOfWritable } from './ttml-write.ts';
import { readVtt } from './vtt-read.ts';
import { vttOfWritable } from './vtt-write.ts';

export type SubtitleFormat = 'srt' | 'vtt' | 'ttml' | 'ebu-tt-d' | 'ass';

export const SUBTITLE_FORMATS: readonly SubtitleFormat[] = ['srt', 'vtt', 'ttml', 'ebu-tt-d', 'ass'];

/** The file name extension each format is written with. */
export const FORMAT_EXTENSIONS: Record<SubtitleFormat, string> = {
  srt: '.srt',
  vtt: '.vtt',
  ttml: '.ttml',
  'ebu-tt-d': '.ebu-tt-d.xml',
  ass: '.ass',
};

/** The format a person named (`webvtt`, `imsc`, `ssa`... as well as the names above), or undefined. */
export function parseFormatName(name: string): SubtitleFormat | undefined {
  const lower = name.trim().toLowerCase();
  const aliases: Record<string, SubtitleFormat> = {
    srt: 'srt',
    subrip: 'srt',
    vtt: 'vtt',
    webvtt: 'vtt',
    ttml: 'ttml',
    imsc: 'ttml',
    'imsc1.1': 'ttml',
    dfxp: 'ttml',
    'ebu-tt-d': 'ebu-tt-d',
    ebuttd: 'ebu-tt-d',
    'ebu-tt': 'ebu-tt-d',
    ass: 'ass',
    ssa: 'ass',
  };
  return aliases[lower];
}

/**
 * The format of a file: by its name's extension when it has a known one, otherwise by its first characters
 * (WEBVTT, `<`, `[Script Info]`); SRT when nothing else fits.
 */
export function detectFormat(content: string | Uint8Array, fileName?: string): SubtitleFormat {
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
  const byName: Record<string, SubtitleFormat> = {
    srt: 'srt',
    vtt: 'vtt',
    ttml: 'ttml',
    dfxp: 'ttml',
    ass: 'ass',
    ssa: 'ass',
  };
  if (extension && byName[extension]) return byName[extension];
  const head =
    typeof content === 'string'
      ? content.slice(0, 2048)
      : new TextDecoder('utf-8').decode(content.subarray(0, 2048)).replace(/\u0000/g, '');
  const start = head.replace(/^[\ufeff\s]+/, '');
  if (start.startsWith('WEBVTT')) return 'vtt';
  if (start.startsWith('<')) return head.includes('urn:ebu:tt') ? 'ebu-tt-d' : 'ttml';
  if (/^\[(Script Info|V4\+? Styles|Events)\]/i.test(start)) return 'ass';
  return 'srt';
}

/** Reads a file in the format given, or the one detectFormat finds. EBU-TT-D is read by the TTML reader. */
export function readSubtitles(
  input: string | Uint8Array,
  options: { format?: SubtitleFormat; fileName?: string } = {},
): ReadResult & { format: SubtitleFormat } {
  const format = options.format ?? detectFormat(input, options.fileName);
  const read =
    format === 'srt'
      ? readSrt(input)
      : format === 'vtt'
        ? readVtt(input)
        : format === 'ass'
          ? readAss(input)
          : readTtml(input);
  return { ...read, format };
}

export interface WriteOptions {
  /** Snap every time to this frame rate (see frame-rate.ts for the rounding); IMSC also writes frames. */
  frameRate?: FrameRate;
  /** SRT's line ending (default CRLF). */
  eol?: SerializeOptions['eol'];
}

/** The cues with their times on frames (see quantize.ts: no overlap appears). */
export function snapToFrames(subtitles: WritableSubtitles, frameRate: FrameRate): Subtitles {
  const frames = quantize(subtitles.cues, (ms) => frameAt(ms, frameRate));
  return {
    ...subtitles,
    cues: subtitles.cues.map((cue, i) => ({
      ...cue,
      startMs: msAtFrame(frames[i]!.start, frameRate),
      endMs: msAtFrame(frames[i]!.end, frameRate),
    })),
  };
}

/** Writes the cues in a format. */
export function writeSubtitles(
  subtitles: Subtitles,
  format: SubtitleFormat,
  options: WriteOptions = {},
): string {
  // Cues without text left out and, for the formats that need it, sorted before any snapping to frames; once:
  // the writers' inner functions take them as they are.
  const kept = { ...subtitles, cues: cuesToWrite(subtitles.cues, format === 'srt' || format === 'vtt') };
  if (format === 'ttml' || format === 'ebu-tt-d') {
    return ttmlOfWritable(
      kept,
      format === 'ttml' ? 'imsc' : 'ebu-tt-d',
      options.frameRate ? { frameRate: options.frameRate } : {},
    );
  }
  const timed = options.frameRate ? snapToFrames(kept, options.frameRate) : kept;
  if (format === 'srt') return srtOfWritable(timed, options.eol ? { eol: options.eol } : {});
  if (format === 'vtt') return vttOfWritable(timed);
  return assOfWritable(timed);
}
