// WebVTT into the cue model: cue text tags (`<v>`, `<i> <b> <u>`, classes, `<lang>`, ruby, timestamps),
// character references and the `line`, `position`, `size` and `align` settings. What the model cannot hold is
// reported with its line.
import type { CueAnchor, ReadResult, SubtitleCue, SubtitleIssue } from './model.ts';
import { placeCue } from './model.ts';
import { flagOfTag, StyledText } from './styled-text.ts';
import { decodeInput, splitLines } from './text-input.ts';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/** `&amp;`, `&#38;`, `&#x26;` and the named references above; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const digit = (c: number) => c >= 48 && c <= 57;

/** A WebVTT timestamp `[h+:]mm:ss.ttt` starting at `at`: its time and where it ends, or undefined. */
function readTimestamp(s: string, at: number): { ms: number; end: number } | undefined {
  const fields: number[] = [];
  let p = at;
  for (;;) {
    const from = p;
    let value = 0;
    while (digit(s.charCodeAt(p)) && p - from < 12) value = value * 10 + s.charCodeAt(p++) - 48;
    if (p === from) return undefined;
    fields.push(value);
    const c = s.charCodeAt(p);
    if (c === 58 && fields.length < 3) p++;
    else if (c === 46 && fields.length >= 2) {
      const f = p + 1;
      if (!(digit(s.charCodeAt(f)) && digit(s.charCodeAt(f + 1)) && digit(s.charCodeAt(f + 2))))
        return undefined;
      const millis = Number(s.slice(f, f + 3));
      const [h, m, sec] = fields.length === 3 ? fields : [0, fields[0]!, fields[1]!];
      if (m! > 59 || sec! > 59) return undefined;
      return { ms: ((h! * 60 + m!) * 60 + sec!) * 1000 + millis, end: f + 3 };
    } else return undefined;
  }
}

interface Timing {
  startMs: number;
  endMs: number;
  settings: string;
}

function readTiming(line: string): Timing | string {
  let p = 0;
  while (line.charCodeAt(p) === 32 || line.charCodeAt(p) === 9) p++;
  const start = readTimestamp(line, p);
  if (!start) return 'the start time is not a WebVTT timestamp (00:00:01.000)';
  p = start.end;
  while (line.charCodeAt(p) === 32 || line.charCodeAt(p) === 9) p++;
  if (!line.startsWith('-->', p)) return 'expected --> after the start time';
  p += 3;
  while (line.charCodeAt(p) === 32 || line.charCodeAt(p) === 9) p++;
  const end = readTimestamp(line, p);
  if (!end) return 'the end time is not a WebVTT timestamp (00:00:04.000)';
  return { startMs: start.ms, endMs: end.ms, settings: line.slice(end.end).trim() };
}

const NUMBER = '(-?[0-9]{1,6}(?:\\.[0-9]{1,6})?)';
const LINE = new RegExp(`^${NUMBER}(%?)(?:,(start|center|end))?$`);
const PERCENT = new RegExp(`^${NUMBER}%(?:,(line-left|center|line-right))?$`);
const SIZE = new RegExp(`^${NUMBER}%$`);
const ALIGN = /^(start|center|end|left|right|middle)$/;

/**
 * The cue's place from its settings, as WebVTT lays it out (horizontal text): `line` as a percentage is the
 * point its line alignment names, as a number the top (0 to 4, lines from the top) or the bottom; `position`
 * (auto: by `align`, left/start 0%, right/end 100%, else 50%) with its alignment (auto: by `align`), `size` the
 * width. Settings it does not hold (vertical, region) and values it cannot read are returned to be reported.
 */
function anchorOfSettings(settings: string): { anchor?: CueAnchor; ignored: string[] } {
  const ignored: string[] = [];
  let line: RegExpExecArray | undefined;
  let position: RegExpExecArray | undefined;
  let size: RegExpExecArray | undefined;
  let align = 'center';
  let placed = false;
  for (const setting of settings.split(/[ \t]+/)) {
    if (setting === '') continue;
    const colon = setting.indexOf(':');
    if (colon === -1) {
      ignored.push(setting);
      continue;
    }
    const name = setting.slice(0, colon);
    const value = setting.slice(colon + 1);
    const match =
      name === 'line'
        ? LINE.exec(value)
        : name === 'position'
          ? PERCENT.exec(value)
          : name === 'size'
            ? SIZE.exec(value)
            : name === 'align'
              ? ALIGN.exec(value)
              : null;
    if (!match) {
      ignored.push(setting);
      continue;
    }
    placed = true;
    if (name === 'line') line = match;
    else if (name === 'position') position = match;
    else if (name === 'size') size = match;
    else align = match[1]!;
  }
  if (!placed) return { ignored };
  let y = 100;
  let vertical: CueAnchor['vertical'] = 'bottom';
  if (line?.[2] === '%') {
    y = Number(line[1]);
    vertical = line[3] === 'end' ? 'bottom' : line[3] === 'center' ? 'middle' : 'top';
  } else if (line && Number(line[1]) >= 0 && Number(line[1]) < 5) {
    y = 0;
    vertical = 'top';
  }
  const side =
    align === 'left' || align === 'start'
      ? 'left'
      : align === 'right' || align === 'end'
        ? 'right'
        : 'center';
  const positionAlign = position?.[2];
  const horizontal =
    positionAlign === 'line-left'
      ? 'left'
      : positionAlign === 'line-right'
        ? 'right'
        : positionAlign === 'center'
          ? 'center'
          : side;
  const x = position ? Number(position[1]) : side === 'left' ? 0 : side === 'right' ? 100 : 50;
  const anchor: CueAnchor = { x, y, vertical, horizontal };
  if (size) anchor.width = Number(size[1]);
  return { anchor, ignored };
}

class CueTextReader {
  readonly out = new StyledText();
  speaker: string | undefined;
  private rubyTextDepth = 0;

  private readonly report: (line: number, code: string, message: string) => void;

  constructor(report: (line: number, code: string, message: string) => void) {
    this.report = report;
  }

  /** One line of cue text: tags by a scan to the next `>` (a tag left open ends the line, as the spec says). */
  line(text: string, lineNo: number): void {
    let p = 0;
    while (p < text.length) {
      const lt = text.indexOf('<', p);
      const textEnd = lt === -1 ? text.length : lt;
      if (this.rubyTextDepth === 0) this.out.text(decodeEntities(text.slice(p, textEnd)));
      if (lt === -1) break;
      const gt = text.indexOf('>', lt + 1);
      const tagEnd = gt === -1 ? text.length : gt;
      this.tag(text.slice(lt + 1, tagEnd), lineNo);
      p = tagEnd + 1;
    }
  }

  private tag(body: string, lineNo: number): void {
    if (digit(body.charCodeAt(0))) {
      this.report(lineNo, 'dropped-timestamp', `the karaoke timestamp <${body.slice(0, 20)}> is not kept`);
      return;
    }
    const closing = body.charCodeAt(0) === 47;
    const nameStart = closing ? 1 : 0;
    let nameEnd = nameStart;
    while (nameEnd < body.length && !/[\s.]/.test(body[nameEnd]!)) nameEnd++;
    const name = body.slice(nameStart, nameEnd);
    const flag = flagOfTag(name, false);
    if (flag) {
      if (closing) this.out.close(flag);
      else this.out.open(flag);
      return;
    }
    if (name === 'rt') {
      if (closing) this.rubyTextDepth = Math.max(0, this.rubyTextDepth - 1);
      else {
        this.rubyTextDepth++;
        this.report(lineNo, 'dropped-ruby', 'ruby text (<rt>) is not kept; the base text is');
      }
      return;
    }
    if (name === 'v' && !closing) {
      const annotation = decodeEntities(
        body
          .slice(nameEnd)
          .replace(/^[^\s]*/, '')
          .trim(),
      );
      if (this.speaker === undefined) this.speaker = annotation;
      else if (annotation !== this.speaker) {
        this.report(lineNo, 'dropped-speaker', `a second speaker (${annotation}) in one cue is not kept`);
      }
    }
    if (body.indexOf('.', nameEnd) === nameEnd && (name === 'c' || name === 'v' || flag !== undefined)) {
      this.report(lineNo, 'dropped-class', `the class on <${body.slice(0, 30)}> is not kept`);
    }
  }
}

/** A line with nothing but spaces and tabs (or nothing): found without copying it. */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Reads a WebVTT file: every cue a cue or an issue, NOTE, STYLE and REGION blocks skipped (STYLE reported). */
export function readVtt(input: string | Uint8Array): ReadResult {
  const decoded = decodeInput(input);
  const issues: SubtitleIssue[] = [...decoded.issues];
  const lines = splitLines(decoded.text);
  const cues: SubtitleCue[] = [];
  const cueLines: number[] = [];
  const report = (line: number, severity: SubtitleIssue['severity'], code: string, message: string) =>
    issues.push({ line, severity, code, message });
  // Reported once for the file, with a count and the first line: cues without text, cues out of time order.
  const empty = { count: 0, line: 0 };
  const unsorted = { count: 0, line: 0 };

  if (!/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? '')) {
    report(
      1,
      'warning',
      'missing-header',
      'the file does not begin with WEBVTT; read as WebVTT all the same',
    );
  }
  let i = lines[0]?.startsWith('WEBVTT') ? 1 : 0;
  // The header runs to the first blank line.
  if (i === 1) while (i < lines.length && !isBlank(lines[i]!)) i++;
  while (i < lines.length) {
    if (isBlank(lines[i]!)) {
      i++;
      continue;
    }
    const blockStart = i;
    let blockEnd = i;
    while (blockEnd < lines.length && !isBlank(lines[blockEnd]!)) blockEnd++;
    i = blockEnd;
    const first = lines[blockStart]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes('-->')) {
      if (!first.startsWith('NOTE')) {
        report(
          blockStart + 1,
          'warning',
          `dropped-${first.slice(0, 5).trim().toLowerCase()}`,
          `the ${first.trim().split(/\s/)[0]} block is not kept`,
        );
      }
      continue;
    }
    const timingAt = first.includes('-->') ? blockStart : blockStart + 1;
    if (timingAt >= blockEnd || !lines[timingAt]!.includes('-->')) {
      report(
        blockStart + 1,
        'error',
        'missing-timecode',
        `a block without a timing line (00:00:01.000 --> 00:00:04.000) is not used: ${JSON.stringify(first.slice(0, 60))}`,
      );
      continue;
    }
    const timing = readTiming(lines[timingAt]!);
    const lineNo = timingAt + 1;
    if (typeof timing === 'string') {
      report(lineNo, 'error', 'bad-timecode', `cannot read the timing line: ${timing}; the cue is not used`);
      continue;
    }
    if (timing.endMs <= timing.startMs) {
      report(
        lineNo,
        'error',
        timing.endMs === timing.startMs ? 'zero-duration' : 'end-before-start',
        'the cue ends before or when it starts; it is not used',
      );
      continue;
    }
    const { anchor, ignored } = anchorOfSettings(timing.settings);
    if (ignored.length > 0)
      report(
        lineNo,
        'warning',
        'ignored-settings',
        `cue settings not kept: ${ignored.join(' ').slice(0, 60)}`,
      );
    const reader = new CueTextReader((line, code, message) => report(line, 'warning', code, message));
    for (let t = timingAt + 1; t < blockEnd; t++) {
      if (t > timingAt + 1) reader.out.newline();
      reader.line(lines[t]!, t + 1);
    }
    const cue: SubtitleCue = { startMs: timing.startMs, endMs: timing.endMs, lines: reader.out.finish() };
    if (cue.lines.length === 0) {
      if (empty.count++ === 0) empty.line = lineNo;
      continue;
    }
    const previous = cues[cues.length - 1];
    if (previous && cue.startMs < previous.startMs && unsorted.count++ === 0) unsorted.line = lineNo;
    if (reader.speaker !== undefined && reader.speaker !== '') cue.speaker = reader.speaker;
    if (anchor) placeCue(cue, anchor);
    cues.push(cue);
    cueLines.push(lineNo);
  }
  const cuesAre = (n: number) => (n === 1 ? '1 cue is' : `${n} cues are`);
  if (empty.count > 0)
    report(empty.line, 'warning', 'empty-cue', `${cuesAre(empty.count)} without text; not kept`);
  if (unsorted.count > 0) {
    report(
      unsorted.line,
      'warning',
      'out-of-order',
      `${cuesAre(unsorted.count)} out of time order (starting before the cue above), which WebVTT does not allow; they are written sorted by start`,
    );
  }
  if (empty.count + unsorted.count > 0) issues.sort((a, b) => a.line - b.line);
  return { subtitles: { cues }, lines: cueLines, issues };
}
