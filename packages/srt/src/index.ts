// @dubkit/srt: SRT ⇄ cues ⇄ the dubbing service's segments, and the src.0/dst.0 upload. WebVTT and the other
// formats are @dubkit/subtitles' (one writer per format).
export { type CliIo, formatIssue, looksBinary, processIo, readCliInput } from './cli-format.ts';
export { decodeSrtBytes, decodeWindows1252 } from './decode.ts';
export { SrtParseError, SrtUploadError, TimecodeError } from './errors.ts';
export {
  type LintIssue,
  type LintOptions,
  type LintResult,
  type LintRule,
  lintSubtitles,
} from './lint.ts';
export {
  DEFAULT_FRAME_RATE,
  LINT_PRESETS,
  type LimitOptions,
  type LintLimits,
  type LintPreset,
  resolveLimits,
} from './lint-presets.ts';
export { tagEnd } from './markup.ts';
export { type LocatedParseResult, type ParseOptions, parseSrt, parseSrtLocated } from './parse.ts';
export {
  type CuePair,
  cuesToSegments,
  type SegmentsResult,
  segmentsToCues,
  segmentsToSrt,
} from './segments.ts';
export { type SerializeOptions, serializeSrt } from './serialize.ts';
export { normalizeCueText } from './text.ts';
export { formatTimecode, formatVttTimestamp, parseTimecode } from './timecode.ts';
export type {
  Cue,
  CuePosition,
  ParseResult,
  Segment,
  SegmentLike,
  SegmentSide,
  SegmentText,
  SrtIssue,
  SrtSideInput,
} from './types.ts';
export { buildSrtUpload, type SrtUpload } from './upload.ts';
