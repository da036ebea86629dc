// The shapes this package reads and writes: cues, issues, and the service's transcription segments (structurally).

/** Pixel coordinates some SRT writers put after the timecodes (`X1:100 X2:600 Y1:50 Y2:100`). */
export interface CuePosition {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** One subtitle: its number as read, its times in milliseconds, and its text (lines joined with `\n`). */
export interface Cue {
  index: number;
  startMs: number;
  endMs: number;
  text: string;
  position?: CuePosition;
}

/**
 * Something in the input a person should know about. `error`: the cue it concerns is not used;
 * `warning`: the cue is used as read. `line` is 1-based in the file (0 when the cues did not come from a file).
 */
export interface SrtIssue {
  line: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** Which file of a source/translation pair the issue is about, when there is a pair. */
  side?: SegmentSide;
}

export interface ParseResult {
  cues: Cue[];
  issues: SrtIssue[];
}

export type SegmentSide = 'src' | 'dst';

/** A text and its language, as in a transcription segment. */
export interface SegmentText {
  text: string;
  lang: string;
}

/** A transcription segment as the dubbing service returns it (timecodes as `HH:MM:SS,mmm`). */
export interface Segment {
  id?: string;
  start: string;
  end: string;
  speaker?: string;
  src: SegmentText;
  dst: SegmentText;
}

/**
 * What segmentsToSrt reads from a segment: only the timecodes and the chosen side's text,
 * so that any segment type with these fields (the client's, the emulator's) can be passed as it is.
 */
export interface SegmentLike {
  start: string;
  end: string;
  src?: { text: string } | null;
  dst?: { text: string } | null;
}

/**
 * One file of a source/translation pair: its language and either the SRT (text or bytes) or cues, with, for cues
 * read from another file, the line each begins on (so that pairing issues name it).
 */
export type SrtSideInput = { lang: string } & (
  | { srt: string | Uint8Array }
  | { cues: readonly Cue[]; lines?: readonly number[] }
);
