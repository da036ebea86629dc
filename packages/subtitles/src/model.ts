// The cue model every format is read into and written from: timed lines of styled text, a speaker, a position.
import type { SrtIssue } from '@dubkit/srt';

/** A run of text with one style. Flags are present only when set. */
export interface Span {
  text: string;
  italic?: true;
  bold?: true;
  underline?: true;
  /** Struck through (SRT `<s>`, TTML `lineThrough`, ASS `\s1`); WebVTT has no such markup. */
  strike?: true;
}

/** One line of a cue: its spans, in order. */
export type CueLine = Span[];

/** Where a cue is shown; `bottom` when absent (every format's default). */
export type CuePlacement = 'top' | 'bottom';

/**
 * A cue placed elsewhere than every format's bottom or top: a point of the frame and which edge of the block of
 * lines is on it (ASS `\an` with `\pos`, WebVTT `line`/`position` with their alignments, the edge of a TTML
 * region that its displayAlign names).
 */
export interface CueAnchor {
  /** The point, in percent of the frame's width from its left edge and of its height from its top edge. */
  x: number;
  y: number;
  /** Which edge of the block of lines is at the point: its top, middle or bottom... */
  vertical: 'top' | 'middle' | 'bottom';
  /** ...and its left edge, centre or right edge. */
  horizontal: 'left' | 'center' | 'right';
  /** The width the lines may take, in percent of the frame, where the file gives one (TTML extent, WebVTT size). */
  width?: number;
}

export interface SubtitleCue {
  startMs: number;
  endMs: number;
  lines: CueLine[];
  speaker?: string;
  /** Top or bottom; with an anchor, the half of the frame the anchor is in (what formats without one write). */
  position?: CuePlacement;
  anchor?: CueAnchor;
}

/** A subtitle file as the cue model holds it: its cues and, when known, its language (BCP 47). */
export interface Subtitles {
  lang?: string;
  cues: SubtitleCue[];
}

/**
 * Subtitles as the writers' inner functions take them: cues as cuesToWrite gives them (with text, and in order of
 * start for the formats that need it), checked once by whoever calls (writeSubtitles, or each format's writeX).
 */
export interface WritableSubtitles {
  readonly lang?: string;
  readonly cues: readonly SubtitleCue[];
}

/** What a reader reports: the same shape as the SRT reader's issues (1-based line, error or warning, code). */
export type SubtitleIssue = SrtIssue;

export interface ReadResult {
  subtitles: Subtitles;
  /** The line in the file where each cue begins (as `subtitles.cues`). */
  lines: number[];
  issues: SubtitleIssue[];
}

function sameStyle(a: Span, b: Span): boolean {
  return a.italic === b.italic && a.bold === b.bold && a.underline === b.underline && a.strike === b.strike;
}

/** A span with exactly the flags that are set (no `italic: undefined`), so that cues compare equal. */
export function span(text: string, italic: boolean, bold: boolean, underline: boolean, strike = false): Span {
  const out: Span = { text };
  if (italic) out.italic = true;
  if (bold) out.bold = true;
  if (underline) out.underline = true;
  if (strike) out.strike = true;
  return out;
}

/** The line with empty spans left out and neighbours of one style joined: the one form readers return. */
export function normalizeLine(line: readonly Span[]): CueLine {
  let normal = true;
  for (let i = 0; i < line.length && normal; i++) {
    normal = line[i]!.text !== '' && (i === 0 || !sameStyle(line[i - 1]!, line[i]!));
  }
  // Most lines are one span, or spans of differing styles: returned as they are, with nothing allocated.
  if (normal) return line as CueLine;
  const out: CueLine = [];
  for (const part of line) {
    if (part.text === '') continue;
    const last = out[out.length - 1];
    if (last !== undefined && sameStyle(last, part))
      out[out.length - 1] = { ...last, text: last.text + part.text };
    else out.push(part);
  }
  return out;
}

/** The text of a line without styles. */
export function lineText(line: readonly Span[]): string {
  let text = '';
  for (const part of line) text += part.text;
  return text;
}

/** The cue's text without styles, lines joined with `\n`. */
export function cueText(cue: SubtitleCue): string {
  return cue.lines.map(lineText).join('\n');
}

/** A line already in the form writers need: no empty span, no two neighbours of one style, no line break. */
function isWritable(line: readonly Span[]): boolean {
  for (let i = 0; i < line.length; i++) {
    const text = line[i]!.text;
    if (text === '' || text.includes('\n') || text.includes('\r')) return false;
    if (i > 0 && sameStyle(line[i - 1]!, line[i]!)) return false;
  }
  return line.length > 0;
}

/**
 * Lines as writers put them out: normalized, and none empty (an empty line would end a cue in SRT and WebVTT).
 * Lines already in that form are returned as they are (the common case, and no allocation).
 */
export function writtenLines(cue: SubtitleCue): readonly CueLine[] {
  const { lines } = cue;
  let ready = true;
  for (let i = 0; i < lines.length && ready; i++) ready = isWritable(lines[i]!);
  if (ready) return lines;
  const out: CueLine[] = [];
  for (const line of lines) {
    // A line break inside a span would start a line no reader sees as such; it is a space.
    const normal = normalizeLine(
      line.map((part) =>
        /[\r\n]/.test(part.text) ? { ...part, text: part.text.replace(/\r\n|[\r\n]/g, ' ') } : part,
      ),
    );
    if (normal.length > 0) out.push(normal);
  }
  return out;
}

/** In hundredths of a percent, inside the frame (an anchor outside it would show nothing). */
const percent = (n: number) => Math.min(100, Math.max(0, Math.round(n * 100) / 100));

/**
 * What every format's bottom (top) already says: a block centred across the frame with its bottom (top) edge, or
 * its middle, in the outer fifth of the frame, where players put subtitles. Such a place is no anchor.
 */
function isPlainPlacement(anchor: CueAnchor): boolean {
  if (anchor.horizontal !== 'center' || Math.abs(anchor.x - 50) > 1) return false;
  const nearTop = anchor.y <= 20;
  const nearBottom = anchor.y >= 80;
  if (anchor.vertical === 'top') return nearTop;
  if (anchor.vertical === 'bottom') return nearBottom;
  return nearTop || nearBottom;
}

/**
 * Places a cue at an anchor as every reader does: top when the anchor is in the upper half, and the anchor kept
 * (in hundredths of a percent, inside the frame) unless it is a plain bottom or top.
 */
export function placeCue(cue: SubtitleCue, anchor: CueAnchor): void {
  if (anchor.y < 50) cue.position = 'top';
  else delete cue.position;
  if (isPlainPlacement(anchor)) {
    delete cue.anchor;
    return;
  }
  const kept: CueAnchor = {
    x: percent(anchor.x),
    y: percent(anchor.y),
    vertical: anchor.vertical,
    horizontal: anchor.horizontal,
  };
  // The whole frame's width is every format's default: no width to say.
  if (anchor.width !== undefined && anchor.width < 100) kept.width = percent(anchor.width);
  cue.anchor = kept;
}

/** How many cues have an anchor, which formats without one (SRT) write as their top or bottom. */
export function anchoredCount(cues: readonly SubtitleCue[]): number {
  let count = 0;
  for (const cue of cues) if (cue.anchor) count++;
  return count;
}

/** Plain cues from text: each `\n` starts a line, no styles. */
export function plainCue(startMs: number, endMs: number, text: string): SubtitleCue {
  return { startMs, endMs, lines: text.split('\n').map((line) => (line === '' ? [] : [{ text: line }])) };
}

/**
 * The cues a writer puts out: those with text (a cue with none is no subtitle, and SRT and WebVTT readers take
 * its blank as the end of the cue), and when the format needs it (WebVTT, SRT) in order of start, stable for
 * equal starts. Cues already so are returned as they are.
 */
export function cuesToWrite(cues: readonly SubtitleCue[], sorted: boolean): readonly SubtitleCue[] {
  let ready = true;
  for (let i = 0; i < cues.length && ready; i++) {
    ready =
      writtenLines(cues[i]!).length > 0 && (!sorted || i === 0 || cues[i - 1]!.startMs <= cues[i]!.startMs);
  }
  if (ready) return cues;
  const out = cues.filter((cue) => writtenLines(cue).length > 0);
  return sorted ? out.sort((a, b) => a.startMs - b.startMs) : out;
}
