// SRT through @dubkit/srt (its reader and writer, untouched): this file only maps SRT's markup to the cue model.
// SRT carries italics, bold, underline and strike-through as tags and top placement as `{\an8}`; speakers and languages it
// cannot carry. It has no escapes, so text that looks like a tag (`<i>`) is read back as one.
import {
  type Cue,
  parseSrtLocated,
  type SerializeOptions,
  type SrtSideInput,
  serializeSrt,
  tagEnd,
} from '@dubkit/srt';
import type {
  CuePlacement,
  ReadResult,
  SubtitleCue,
  SubtitleIssue,
  Subtitles,
  WritableSubtitles,
} from './model.ts';
import { cuesToWrite, writtenLines } from './model.ts';
import { flagOfTag, StyledText, tagged } from './styled-text.ts';

const SRT_MARKUP = /[\n<{]/g;

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** `{\anN}` numbers positions like a keypad (7–9 top); `{\aN}` (SSA) adds 4 for top, 8 for middle. */
export function placementOfOverride(body: string): CuePlacement | undefined {
  const an = /\\an([1-9])/.exec(body);
  if (an) return Number(an[1]) >= 7 ? 'top' : 'bottom';
  const a = /\\a([0-9]{1,2})(?![0-9])/.exec(body);
  if (a) return Number(a[1]) >= 5 && Number(a[1]) <= 7 ? 'top' : 'bottom';
  return undefined;
}

/**
 * One SRT cue's text in the cue model. `report` is told what is dropped (font tags, other override blocks) with
 * the 0-based line of the text it was on.
 */
export function srtTextToCue(
  cue: Pick<Cue, 'startMs' | 'endMs' | 'text'>,
  report: (textLine: number, code: string, message: string) => void,
): SubtitleCue {
  const text = cue.text;
  const out = new StyledText();
  let position: CuePlacement | undefined;
  let textLine = 0;
  let copied = 0;
  // The next `}` at or after the current position, searched again only once passed: the whole text once.
  let nextClose = -1;
  // Only line breaks, `<` and `{` matter; a native search jumps to each.
  SRT_MARKUP.lastIndex = 0;
  for (let found = SRT_MARKUP.exec(text); found !== null; found = SRT_MARKUP.exec(text)) {
    const i = found.index;
    const c = text.charCodeAt(i);
    if (c === 10) {
      out.text(text.slice(copied, i));
      out.newline();
      textLine++;
      copied = i + 1;
    } else if (c === 123) {
      if (text.charCodeAt(i + 1) !== 92) continue;
      if (nextClose < i + 2) {
        nextClose = text.indexOf('}', i + 2);
        if (nextClose === -1) nextClose = text.length;
      }
      if (nextClose === text.length) continue;
      out.text(text.slice(copied, i));
      const body = text.slice(i + 1, nextClose);
      const placed = placementOfOverride(body);
      if (placed) position = placed;
      else report(textLine, 'dropped-override', `the override block {${body.slice(0, 40)}} is not kept`);
      copied = nextClose + 1;
      SRT_MARKUP.lastIndex = copied;
    } else {
      const end = tagEnd(text, i);
      if (end === -1) continue;
      const slash = text.charCodeAt(i + 1) === 47;
      let nameEnd = i + (slash ? 2 : 1);
      while (nameEnd < end && isAsciiLetter(text.charCodeAt(nameEnd))) nameEnd++;
      const name = text.slice(i + (slash ? 2 : 1), nameEnd);
      const flag = flagOfTag(name, true);
      if (flag === undefined && name.toLowerCase() !== 'font') {
        if (!slash)
          report(textLine, 'unknown-tag', `<${name.slice(0, 20)}> is not SRT markup; it is kept as text`);
        continue;
      }
      out.text(text.slice(copied, i));
      if (flag === undefined) {
        if (!slash) report(textLine, 'dropped-font', 'a <font> tag is not kept (its text is)');
      } else if (slash) out.close(flag);
      else out.open(flag);
      copied = end;
      SRT_MARKUP.lastIndex = end;
    }
  }
  out.text(text.slice(copied));
  const result: SubtitleCue = { startMs: cue.startMs, endMs: cue.endMs, lines: out.finish() };
  if (position) result.position = position;
  return result;
}

/** The cue as SRT text: each span in its own tags, `{\an8}` before a top cue. */
export function cueToSrtText(cue: SubtitleCue): string {
  const lines = writtenLines(cue);
  // The common cue, one line of plain text, is its own SRT text: nothing to build.
  if (cue.position !== 'top' && lines.length === 1 && lines[0]!.length === 1) {
    const only = lines[0]![0]!;
    if (
      only.italic === undefined &&
      only.bold === undefined &&
      only.underline === undefined &&
      only.strike === undefined
    )
      return only.text;
  }
  let text = cue.position === 'top' ? '{\\an8}' : '';
  for (let l = 0; l < lines.length; l++) {
    if (l > 0) text += '\n';
    for (const part of lines[l]!) text += tagged(part, part.text, true);
  }
  return text;
}

/** The cues as @dubkit/srt's cues (numbered from 1): for lintSubtitles, the SRT writer and the upload. */
export function toSrtCues(cues: readonly SubtitleCue[]): Cue[] {
  const out: Cue[] = new Array(cues.length);
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    out[i] = { index: i + 1, startMs: cue.startMs, endMs: cue.endMs, text: cueToSrtText(cue) };
  }
  return out;
}

export function readSrt(input: string | Uint8Array): ReadResult {
  const parsed = parseSrtLocated(input);
  const issues: SubtitleIssue[] = [...parsed.issues];
  const cues = parsed.cues.map((cue, position) => {
    const line = parsed.lines[position] ?? 0;
    return srtTextToCue(cue, (textLine, code, message) =>
      issues.push({
        line: line + 1 + textLine,
        severity: 'warning',
        code,
        message: `cue ${cue.index}: ${message}`,
      }),
    );
  });
  issues.sort((a, b) => a.line - b.line);
  const subtitles: Subtitles = { cues };
  return { subtitles, lines: parsed.lines, issues };
}

/** Writes the cues with text as SRT, in order of start (stable for equal starts). */
export function writeSrt(subtitles: Subtitles, options: SerializeOptions = {}): string {
  return srtOfWritable({ ...subtitles, cues: cuesToWrite(subtitles.cues, true) }, options);
}

/** writeSrt of cues already as cuesToWrite gives them (see WritableSubtitles). */
export function srtOfWritable(subtitles: WritableSubtitles, options: SerializeOptions = {}): string {
  return serializeSrt(toSrtCues(subtitles.cues), options);
}

/** A side of @dubkit/srt's upload from cues read in any format, keeping each cue's line for pairing issues. */
export function srtSide(lang: string, read: ReadResult): SrtSideInput {
  return { lang, cues: toSrtCues(read.subtitles.cues), lines: read.lines };
}
