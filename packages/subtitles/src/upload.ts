// A human translation as the script: subtitle files in any format become the service's `src.0`/`dst.0`
// transcription upload, through @dubkit/srt's upload and its pairing checks (cue for cue, by timecodes).
import { buildSrtUpload, type SegmentSide, type SrtUpload, SrtUploadError } from '@dubkit/srt';
import { readSubtitles, type SubtitleFormat } from './formats.ts';
import type { SubtitleIssue } from './model.ts';
import { srtSide } from './srt-format.ts';

/** One file of the pair: its language, its content, and its format (or a file name to tell it by). */
export interface SubtitleSideInput {
  lang: string;
  file: string | Uint8Array;
  format?: SubtitleFormat;
  fileName?: string;
}

/**
 * Builds the upload for `POST /v2/transcriptions/srt` from a source and/or translation file in any format. Each
 * file is read (its issues tagged with its side and line), its cues sent as clean SRT. Throws an SrtUploadError
 * listing every issue when a cue cannot be read, the files do not pair up cue for cue, or a language is malformed.
 */
export function buildSubtitlesUpload(pair: { src?: SubtitleSideInput; dst?: SubtitleSideInput }): SrtUpload {
  const readIssues: SubtitleIssue[] = [];
  const side = (input: SubtitleSideInput | undefined, name: SegmentSide) => {
    if (!input) return undefined;
    const options: { format?: SubtitleFormat; fileName?: string } = {};
    if (input.format) options.format = input.format;
    if (input.fileName) options.fileName = input.fileName;
    const read = readSubtitles(input.file, options);
    for (const issue of read.issues) readIssues.push({ ...issue, side: name });
    if (read.subtitles.cues.length === 0) {
      readIssues.push({
        line: 0,
        severity: 'error',
        code: 'no-cues',
        message: `the ${name === 'src' ? 'source' : 'translation'} file has no subtitle that can be used`,
        side: name,
      });
    }
    return srtSide(input.lang, read);
  };
  const src = side(pair.src, 'src');
  const dst = side(pair.dst, 'dst');
  let upload: SrtUpload;
  try {
    upload = buildSrtUpload({ ...(src ? { src } : {}), ...(dst ? { dst } : {}) });
  } catch (error) {
    if (error instanceof SrtUploadError) throw new SrtUploadError([...readIssues, ...error.issues]);
    throw error;
  }
  const issues = [...readIssues, ...upload.issues];
  if (readIssues.some((issue) => issue.severity === 'error')) throw new SrtUploadError(issues);
  return { ...upload, issues };
}
