// @dubkit/subtitles: IMSC 1.1 (TTML), EBU-TT-D, WebVTT, ASS/SSA and SRT on one cue model, out and in; SRT itself
// through @dubkit/srt.
export { readAss } from './ass-read.ts';
export { writeAss } from './ass-write.ts';
export {
  detectFormat,
  FORMAT_EXTENSIONS,
  parseFormatName,
  readSubtitles,
  SUBTITLE_FORMATS,
  type SubtitleFormat,
  snapToFrames,
  type WriteOptions,
  writeSubtitles,
} from './formats.ts';
export {
  FRAME_RATES,
  type FrameRate,
  formatSmpteTimecode,
  frameAt,
  msAtFrame,
  parseFrameRate,
} from './frame-rate.ts';
export {
  anchoredCount,
  type CueAnchor,
  type CueLine,
  type CuePlacement,
  cueText,
  lineText,
  normalizeLine,
  plainCue,
  type ReadResult,
  type Span,
  type SubtitleCue,
  type SubtitleIssue,
  type Subtitles,
  type WritableSubtitles,
} from './model.ts';
export { type SpeakerSegment, subtitlesFromSegments } from './segments.ts';
export { readSrt, toSrtCues, writeSrt } from './srt-format.ts';
export { readTtml } from './ttml-read.ts';
export { type TtmlOptions, type TtmlProfile, writeTtml } from './ttml-write.ts';
export { buildSubtitlesUpload, type SubtitleSideInput } from './upload.ts';
export { readVtt } from './vtt-read.ts';
export { writeVtt } from './vtt-write.ts';
