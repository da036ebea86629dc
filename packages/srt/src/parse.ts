// parseSrt: a line-oriented SRT reader that turns every cue of the input into a cue or an issue.
import { decodeSrtBytes } from './decode.ts';
import { SrtParseError } from './errors.ts';
import { isBlankChar } from './text.ts';
import { formatTimecode } from './timecode.ts';
import { TimecodeLineReader } from './timecode-line.ts';
import type { Cue, CuePosition, ParseResult, SrtIssue } from './types.ts';

export interface ParseOptions {
  /** Throw an SrtParseError listing every issue (warnings included) instead of returning them. */
  strict?: boolean;
}

/** Cues with the line of each cue's timecode, for callers that report issues about cues later (pairing). */
export interface LocatedParseResult extends ParseResult {
  lines: number[];
}

// Where the reader is between two lines.
const IDLE = 0; // no cue open: start of file, or after a cue that is not used
const TEXT = 1; // reading a cue's text
const GAP = 2; // a cue is open and one or more blank lines followed its text
const INDEX = 3; // read a line holding only a number after a blank line; the next line decides what it was
const SKIP = 4; // inside a block that is reported as an error; its lines are not used

const MAX_INDEX_DIGITS = 9;

const COORDINATE = /^([XY][12]):(-?\d+)$/i;
/**
 * Four coordinates of up to nine digits fit in well under this; longer settings text is not looked into, so
 * that a timecode line holding megabytes costs one comparison here.
 */
const MAX_COORDINATES_LENGTH = 80;

/** The value of a line that holds only a number (leading blanks allowed), or -1. */
function numberLine(s: string, start: number, end: number): number {
  let p = start;
  while (p < end && (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9)) p++;
  if (p === end || end - p > MAX_INDEX_DIGITS) return -1;
  let value = 0;
  for (; p < end; p++) {
    const c = s.charCodeAt(p) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** `X1:100 X2:600 Y1:50 Y2:100` in any order, or undefined when the text is anything else. */
function readCoordinates(rest: string): CuePosition | undefined {
  if (rest.length > MAX_COORDINATES_LENGTH) return undefined;
  const found: Record<string, number> = {};
  for (const token of rest.split(/\s+/)) {
    const match = COORDINATE.exec(token);
    if (!match) return undefined;
    found[match[1]!.toLowerCase()] = Number(match[2]);
  }
  const { x1, x2, y1, y2 } = found;
  if (x1 === undefined || x2 === undefined || y1 === undefined || y2 === undefined) return undefined;
  return { x1, x2, y1, y2 };
}

class SrtReader {
  readonly cues: Cue[] = [];
  readonly lines: number[] = [];
  readonly issues: SrtIssue[];
  private readonly s: string;
  private readonly len: number;
  private readonly timecodes = new TimecodeLineReader();

  // The current line, and cached positions of the next LF, CR and `-->` (found with native indexOf, and
  // searched again only once passed, so the whole input is scanned about once for each).
  private pos = 0;
  private lineNo = 0;
  private lineStart = 0;
  private lineEnd = 0;
  private nextLf = -1;
  private nextCr = -1;
  private nextArrow = -1;

  private state = IDLE;
  /** Number of the last cue begun or reported, to check the sequence and to number cues that have none. */
  private lastIndex = 0;
  private pendingIndex = 0;
  private pendingLine = 0;
  private pendingStart = 0;
  private pendingEnd = 0;

  // The open cue (state TEXT or GAP, or INDEX with `open`).
  private open = false;
  private rejected = false;
  private index = 0;
  private timeLine = 0;
  private startMs = 0;
  private endMs = 0;
  private position: CuePosition | undefined = undefined;
  /**
   * The open cue's text lines, joined when the cue is finished: one join makes a flat string, where adding
   * line by line would leave a chain of pieces that every later search through the text must walk.
   */
  private readonly textLines: string[] = [];
  private lastTextStart = 0;
  private lastTextEnd = 0;
  private lastTextLine = 0;
  /** A number-only line seen while skipping: it may be the number of a cue that follows without a blank line. */
  private skippedNumber = -1;
  private skippedNumberLine = 0;

  constructor(s: string, issues: SrtIssue[]) {
    this.s = s;
    this.len = s.length;
    this.issues = issues;
  }

  run(): void {
    const s = this.s;
    while (this.nextLine()) {
      const start = this.lineStart;
      const end = this.lineEnd;
      const blank = start === end;
      if (!blank && this.nextArrow < start) {
        const found = s.indexOf('-->', start);
        this.nextArrow = found === -1 ? this.len : found;
      }
      const arrow = !blank && this.nextArrow < end;
      switch (this.state) {
        case TEXT:
          if (blank) this.state = GAP;
          else if (arrow && this.timecodes.read(s, start, end)) this.cueWithoutBlankLine();
          else this.appendText(arrow);
          break;
        case GAP:
          if (blank) break;
          if (arrow) {
            this.finishCue();
            if (this.timecodes.read(s, start, end)) this.startCue(this.lastIndex + 1, 0);
            else this.badTimecodeLine(-1);
          } else {
            const value = numberLine(s, start, end);
            if (value >= 0) this.pend(value);
            else {
              this.warnTextAfterBlank(this.lineNo);
              this.appendText(false);
            }
          }
          break;
        case INDEX:
          if (blank) this.pendingWasText();
          else if (arrow && this.timecodes.read(s, start, end)) {
            if (this.open) this.finishCue();
            this.startCue(this.pendingIndex, this.pendingLine);
          } else {
            if (this.open) this.finishCue();
            this.badTimecodeLine(this.pendingIndex);
          }
          break;
        case IDLE:
          if (blank) break;
          if (arrow) {
            if (this.timecodes.read(s, start, end)) this.startCue(this.lastIndex + 1, 0);
            else this.badTimecodeLine(-1);
          } else {
            const value = numberLine(s, start, end);
            if (value >= 0) this.pend(value);
            else {
              this.report(
                this.lineNo,
                'error',
                'stray-text',
                `text outside any cue, not used: ${this.quoteLine()}`,
              );
              this.enterSkip();
            }
          }
          break;
        default:
          if (blank) this.state = IDLE;
          else if (arrow && this.timecodes.read(s, start, end)) {
            const number = this.skippedNumber;
            this.skippedNumber = -1;
            if (number >= 0) this.startCue(number, this.skippedNumberLine);
            else this.startCue(this.lastIndex + 1, 0);
          } else {
            this.skippedNumber = numberLine(s, start, end);
            this.skippedNumberLine = this.lineNo;
          }
      }
    }
    if (this.state === INDEX) this.pendingWasText();
    if (this.open) this.finishCue();
  }

  /** Moves to the next line; false at the end of the input. Trailing blanks are not part of a line. */
  private nextLine(): boolean {
    const s = this.s;
    const pos = this.pos;
    const len = this.len;
    if (pos >= len) return false;
    if (this.nextLf < pos) {
      const found = s.indexOf('\n', pos);
      this.nextLf = found === -1 ? len : found;
    }
    if (this.nextCr < pos) {
      const found = s.indexOf('\r', pos);
      this.nextCr = found === -1 ? len : found;
    }
    let end: number;
    if (this.nextLf < this.nextCr) {
      end = this.nextLf;
      this.pos = end + 1;
    } else if (this.nextCr < len) {
      end = this.nextCr;
      this.pos = s.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    } else {
      end = len;
      this.pos = len;
    }
    while (end > pos && isBlankChar(s.charCodeAt(end - 1))) end--;
    this.lineStart = pos;
    this.lineEnd = end;
    this.lineNo++;
    return true;
  }

  private quoteLine(): string {
    return quote(this.s.slice(this.lineStart, this.lineEnd));
  }

  private report(line: number, severity: SrtIssue['severity'], code: string, message: string): void {
    this.issues.push({ line, severity, code, message });
  }

  private pend(value: number): void {
    this.pendingIndex = value;
    this.pendingLine = this.lineNo;
    this.pendingStart = this.lineStart;
    this.pendingEnd = this.lineEnd;
    this.state = INDEX;
  }

  /** A number-only line after a blank line was followed by a blank line or the end: it was text, not a cue number. */
  private pendingWasText(): void {
    const value = this.s.slice(this.pendingStart, this.pendingEnd);
    if (this.open) {
      this.warnTextAfterBlank(this.pendingLine);
      this.appendSlice(this.pendingStart, this.pendingEnd, this.pendingLine);
      this.state = GAP;
    } else {
      this.report(this.pendingLine, 'error', 'stray-text', `text outside any cue, not used: ${quote(value)}`);
      this.state = IDLE;
    }
  }

  private warnTextAfterBlank(line: number): void {
    if (this.rejected) return;
    this.report(
      line,
      'warning',
      'text-after-blank-line',
      `text after a blank line, with no cue number or timecode before it; added to the text of cue ${this.index}`,
    );
  }

  private enterSkip(): void {
    this.state = SKIP;
    this.skippedNumber = -1;
  }

  /** A line in the place of a timecode line that cannot be read: the block is reported and not used. */
  private badTimecodeLine(index: number): void {
    const reader = this.timecodes;
    const start = this.lineStart;
    const hasArrow = this.nextArrow < this.lineEnd;
    const c = this.s.charCodeAt(start);
    const looksLikeTime = hasArrow || (c >= 48 && c <= 57);
    const cue = index >= 0 ? `cue ${index}` : 'a cue';
    if (index >= 0) this.lastIndex = index;
    if (looksLikeTime) {
      const why = reader.failure === '' ? '' : `: ${reader.failure}`;
      this.report(
        this.lineNo,
        'error',
        'bad-timecode',
        `cannot read the timecodes of ${cue} in ${this.quoteLine()}${why}; expected 00:00:01,000 --> 00:00:04,000. The cue is not used`,
      );
    } else {
      this.report(
        this.lineNo,
        'error',
        'missing-timecode',
        `${cue} has no timecode line: expected 00:00:01,000 --> 00:00:04,000, found ${this.quoteLine()}. The cue is not used`,
      );
    }
    this.enterSkip();
  }

  /** The line after a cue's text is a timecode line with no blank line before it. */
  private cueWithoutBlankLine(): void {
    const expected = this.index + 1;
    const candidate =
      this.textLines.length > 0 ? numberLine(this.s, this.lastTextStart, this.lastTextEnd) : -1;
    if (candidate === expected) {
      const numberAt = this.lastTextLine;
      this.textLines.pop();
      this.report(
        numberAt,
        'warning',
        'missing-blank-line',
        `no blank line between cue ${this.index} and cue ${expected}; read ${expected} as the next cue's number`,
      );
      this.finishCue();
      this.startCue(expected, numberAt);
      return;
    }
    const kept =
      candidate >= 0
        ? `; the line ${candidate} above stays in cue ${this.index}'s text, as it is not the next number`
        : '';
    this.report(
      this.lineNo,
      'warning',
      'missing-blank-line',
      `a timecode line follows the text of cue ${this.index} with no blank line or cue number; read as cue ${expected}${kept}`,
    );
    this.finishCue();
    this.startCue(expected, -1);
  }

  /**
   * Opens a cue from the timecode line just read. `indexLine` is the line of its number, 0 when the cue has
   * none, -1 when that was already reported.
   */
  private startCue(index: number, indexLine: number): void {
    const reader = this.timecodes;
    const line = this.lineNo;
    if (indexLine === 0) {
      this.report(
        line,
        'warning',
        'missing-index',
        `cue ${index} has no number line before its timecode line`,
      );
    } else if (indexLine > 0 && index !== this.lastIndex + 1) {
      const after = this.lastIndex === 0 ? 'the first cue' : `cue ${this.lastIndex}`;
      this.report(
        indexLine,
        'warning',
        'unexpected-index',
        `cue number ${index} where ${after} should be ${this.lastIndex + 1}; cues keep their order in the file`,
      );
    }
    this.lastIndex = index;
    this.open = true;
    this.index = index;
    this.timeLine = line;
    this.startMs = reader.startMs;
    this.endMs = reader.endMs;
    this.textLines.length = 0;
    this.position = undefined;
    this.state = TEXT;
    this.rejected = true;
    if (reader.negative) {
      this.report(
        line,
        'error',
        'negative-timecode',
        `cue ${index} has a negative time in ${this.quoteLine()}; it is not used`,
      );
    } else if (reader.endMs < reader.startMs) {
      this.report(
        line,
        'error',
        'end-before-start',
        `cue ${index} ends (${formatTimecode(reader.endMs)}) before it starts (${formatTimecode(reader.startMs)}); it is not used`,
      );
    } else if (reader.endMs === reader.startMs) {
      this.report(
        line,
        'error',
        'zero-duration',
        `cue ${index} ends when it starts (${formatTimecode(reader.startMs)}); it is not used`,
      );
    } else {
      this.rejected = false;
      if (reader.note !== '') {
        this.report(
          line,
          'warning',
          'nonstandard-timecode',
          `the timecodes of cue ${index} are not in the HH:MM:SS,mmm form (${reader.note}); read as ${formatTimecode(reader.startMs)} --> ${formatTimecode(reader.endMs)}`,
        );
      }
      if (reader.restStart >= 0) this.readRest(reader.restStart);
    }
  }

  private readRest(restStart: number): void {
    const rest = this.s.slice(restStart, this.lineEnd);
    const position = readCoordinates(rest);
    if (position) this.position = position;
    else {
      this.report(
        this.lineNo,
        'warning',
        'ignored-settings',
        `text after the timecodes of cue ${this.index} is not X1/X2/Y1/Y2 coordinates and was ignored: ${quote(rest)}`,
      );
    }
  }

  private appendText(arrow: boolean): void {
    if (arrow && !this.rejected) {
      // Dialogue may contain `-->`; only a line that starts like a time is worth a warning.
      const c = this.s.charCodeAt(this.lineStart);
      const next = this.s.charCodeAt(this.lineStart + 1);
      if ((c >= 48 && c <= 57) || (c === 45 && next >= 48 && next <= 57)) {
        this.report(
          this.lineNo,
          'warning',
          'timecode-in-text',
          `a line of cue ${this.index}'s text looks like a timecode line but cannot be read as one (${this.timecodes.failure}); kept as text: ${this.quoteLine()}`,
        );
      }
    }
    this.appendSlice(this.lineStart, this.lineEnd, this.lineNo);
    this.state = TEXT;
  }

  private appendSlice(start: number, end: number, line: number): void {
    this.textLines.push(this.s.slice(start, end));
    this.lastTextStart = start;
    this.lastTextEnd = end;
    this.lastTextLine = line;
  }

  private finishCue(): void {
    this.open = false;
    if (this.rejected) return;
    const cues = this.cues;
    const index = this.index;
    const line = this.timeLine;
    if (this.textLines.length === 0) this.report(line, 'warning', 'empty-text', `cue ${index} has no text`);
    const previous = cues[cues.length - 1];
    if (previous !== undefined && this.startMs < previous.endMs) {
      if (this.startMs < previous.startMs) {
        this.report(
          line,
          'warning',
          'out-of-order',
          `cue ${index} starts (${formatTimecode(this.startMs)}) before the cue above it (${previous.index}, at ${formatTimecode(previous.startMs)})`,
        );
      } else {
        this.report(
          line,
          'warning',
          'overlap',
          `cue ${index} starts (${formatTimecode(this.startMs)}) before cue ${previous.index} ends (${formatTimecode(previous.endMs)})`,
        );
      }
    }
    const lines = this.textLines;
    const text = lines.length === 1 ? ownCopy(lines[0]!) : lines.join('\n');
    const cue: Cue = { index, startMs: this.startMs, endMs: this.endMs, text };
    if (this.position) cue.position = this.position;
    cues.push(cue);
    this.lines.push(line);
  }
}

/**
 * A slice of the file copied into a string of its own. A slice is a view into the whole file: it would keep
 * the file in memory for as long as the cue lives, and reading the text means reaching into that large string
 * (serializeSrt runs about a fifth slower on such texts). JavaScript has no copy operation for strings; V8
 * copies a short concatenation into a new string when it is sliced, which is the cheapest copy there is.
 */
function ownCopy(slice: string): string {
  return (slice + '\n').slice(0, -1);
}

/** parseSrt, with the line of each cue's timecode line. */
export function parseSrtLocated(input: string | Uint8Array, options: ParseOptions = {}): LocatedParseResult {
  let text: string;
  let issues: SrtIssue[];
  if (typeof input === 'string') {
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    issues = [];
  } else {
    const decoded = decodeSrtBytes(input);
    text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
    issues = decoded.issues;
  }
  const reader = new SrtReader(text, issues);
  reader.run();
  // Issues are found in reading order, which is nearly line order; a stable sort makes it exact.
  if (issues.length > 1) issues.sort((a, b) => a.line - b.line);
  if (options.strict && issues.length > 0) throw new SrtParseError(issues);
  return { cues: reader.cues, issues, lines: reader.lines };
}

/**
 * Reads an SRT file (text, or bytes in UTF-8, UTF-16 or Windows-1252). Every cue of the input becomes a cue
 * or an issue: nothing is merged or dropped without an issue saying so.
 */
export function parseSrt(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const { cues, issues } = parseSrtLocated(input, options);
  return { cues, issues };
}
