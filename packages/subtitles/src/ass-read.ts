// ASS and SSA into the cue model: styles by name (italic, bold, underline, alignment), the Name field as the
// speaker, override tags (`\i`, `\b`, `\u`, `\an`, `\a`, `\pos`, `\r`, `\p`) and `\N`/`\n`/`\h`; the alignment with
// `\pos` or the margins as the cue's anchor. What the model cannot hold (other override tags, comments in braces,
// drawings, non-dialogue events) is reported with its line.
import type { CueAnchor, ReadResult, SubtitleCue, SubtitleIssue } from './model.ts';
import { placeCue } from './model.ts';
import { StyledText } from './styled-text.ts';
import { decodeInput, splitLines } from './text-input.ts';

interface AssStyle {
  italic: boolean;
  bold: boolean;
  underline: boolean;
  strike: boolean;
  /** Alignment as ASS numbers it, like a keypad: 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right. */
  alignment: number;
  margins: Margins;
}

/** Distances from the frame's left, right and top or bottom edge, in script pixels. */
interface Margins {
  left: number;
  right: number;
  vertical: number;
}

const DEFAULT_STYLE: AssStyle = {
  italic: false,
  bold: false,
  underline: false,
  strike: false,
  alignment: 2,
  margins: { left: 0, right: 0, vertical: 0 },
};
const DEFAULT_EVENT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

/** `H:MM:SS.cc` (hours of any length, hundredths; more or fewer fraction digits read as a decimal fraction). */
function parseAssTime(text: string): number | undefined {
  const match = /^\s*([0-9]{1,6}):([0-9]{1,2}):([0-9]{1,2})(?:[.,]([0-9]{1,6}))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[4] === undefined ? 0 : Math.round(Number(`0.${match[4]}`) * 1000);
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000 + fraction;
}

/** ASS booleans are -1 (true) and 0; some tools write 1. */
const truthy = (value: string | undefined) =>
  value !== undefined && value.trim() !== '0' && value.trim() !== '';

/** SSA's legacy alignment numbers (1–3 bottom, 5–7 top, 9–11 middle) as ASS's keypad numbers. */
const SSA_ALIGNMENT: Record<number, number> = { 1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6 };

/** A style's Alignment field (ASS, or SSA's numbers); bottom centre when it cannot be read. */
function alignmentOf(value: string | undefined, ssa: boolean): number {
  const n = Number(value);
  if (ssa) return SSA_ALIGNMENT[n] ?? 2;
  return Number.isInteger(n) && n >= 1 && n <= 9 ? n : 2;
}

/** `\an7` or SSA's `\a5` as a keypad number. */
function alignmentOfTag(tag: string): number | undefined {
  if (tag.startsWith('an')) {
    const n = Number(tag.slice(2));
    return n >= 1 && n <= 9 ? n : undefined;
  }
  return SSA_ALIGNMENT[Number(tag.slice(1))];
}

const POS = /^pos\(\s*(-?[0-9]{1,9}(?:\.[0-9]{1,9})?)\s*,\s*(-?[0-9]{1,9}(?:\.[0-9]{1,9})?)\s*\)$/;

/**
 * Where the cue is, as renderers place it: the point `\pos` gives, else the one the margins give (the left or
 * right margin, or halfway between them; the vertical margin from the top or bottom, or halfway), with the edge
 * of the text the alignment names at it.
 */
export function anchorOf(
  alignment: number,
  pos: [number, number] | undefined,
  margins: Margins,
  width: number,
  height: number,
): CueAnchor {
  const column = (alignment - 1) % 3;
  const horizontal = column === 0 ? 'left' : column === 1 ? 'center' : 'right';
  const vertical = alignment >= 7 ? 'top' : alignment >= 4 ? 'middle' : 'bottom';
  let x: number;
  let y: number;
  if (pos) [x, y] = pos;
  else {
    x =
      horizontal === 'left'
        ? margins.left
        : horizontal === 'right'
          ? width - margins.right
          : (margins.left + width - margins.right) / 2;
    y =
      vertical === 'top' ? margins.vertical : vertical === 'bottom' ? height - margins.vertical : height / 2;
  }
  return { x: (x / width) * 100, y: (y / height) * 100, vertical, horizontal };
}

/** The script's frame (PlayResX/PlayResY); one missing follows from the other (4:3), both as renderers assume. */
export function playResolution(
  x: number | undefined,
  y: number | undefined,
): { width: number; height: number } {
  if (x && y) return { width: x, height: y };
  if (y) return { width: y === 1024 ? 1280 : (y * 4) / 3, height: y };
  if (x) return { width: x, height: x === 1280 ? 1024 : (x * 3) / 4 };
  return { width: 384, height: 288 };
}

/** A margin field: a number of pixels; 0 (or unreadable) in a Dialogue line means the style's. */
function marginOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Where each field the reader uses is in a `Format:` line, computed once per Format line: looking a name up in
 * the list at every Style or Dialogue line would cost the list's length each time (quadratic in a 60,000-field
 * Format line with as many Dialogue lines).
 */
function fieldIndexes<Name extends string>(
  format: readonly string[],
  names: readonly Name[],
): Record<Name, number> {
  const wanted = new Set<string>(names);
  const out = {} as Record<Name, number>;
  for (const name of names) out[name] = -1;
  for (let i = 0; i < format.length; i++) {
    const name = format[i]!;
    if (wanted.has(name) && out[name as Name] === -1) out[name as Name] = i;
  }
  return out;
}

const MARGIN_FIELDS = ['marginl', 'marginr', 'marginv'] as const;
const STYLE_FIELDS = [
  'name',
  'italic',
  'bold',
  'underline',
  'strikeout',
  'alignment',
  ...MARGIN_FIELDS,
] as const;
const EVENT_FIELDS = ['start', 'end', 'style', 'name', 'text', ...MARGIN_FIELDS] as const;

function splitFields(body: string, count: number): string[] {
  const fields: string[] = [];
  let start = 0;
  for (let i = 0; i < count - 1; i++) {
    const comma = body.indexOf(',', start);
    if (comma === -1) break;
    fields.push(body.slice(start, comma));
    start = comma + 1;
  }
  fields.push(body.slice(start));
  return fields;
}

interface EventText {
  lines: ReturnType<StyledText['finish']>;
  /** The last `\an`/`\a` and `\pos` of the text, which apply to the whole line. */
  alignment: number | undefined;
  pos: [number, number] | undefined;
  /** The text holds a drawing (`\p1` ...), which is not kept. */
  drew: boolean;
}

/** One Dialogue's text: override blocks by a scan to the next `}`, each character looked at a bounded number of times. */
function readEventText(
  text: string,
  style: AssStyle,
  styles: Map<string, AssStyle>,
  hardLineBreaks: boolean,
  report: (code: string, message: string) => void,
): EventText {
  const out = new StyledText();
  const apply = (s: AssStyle) => {
    out.set('italic', s.italic);
    out.set('bold', s.bold);
    out.set('underline', s.underline);
    out.set('strike', s.strike);
  };
  apply(style);
  let alignment: number | undefined;
  let pos: [number, number] | undefined;
  let drawing = false;
  let drew = false;
  let plain = '';
  const flush = () => {
    if (!drawing) out.text(plain);
    plain = '';
  };
  const dropped = new Set<string>();
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 123) {
      const close = text.indexOf('}', i + 1);
      if (close === -1) {
        plain += text.slice(i);
        break;
      }
      flush();
      const block = text.slice(i + 1, close);
      i = close + 1;
      if (!block.includes('\\')) {
        if (block.trim() !== '') report('dropped-comment', `the comment {${block.slice(0, 40)}} is not kept`);
        continue;
      }
      for (const tag of block.split('\\').slice(1)) {
        const t = tag.trim();
        if (t === '') continue;
        const toggle = /^([ibus])(\d*)$/.exec(t);
        if (toggle) {
          const flag =
            toggle[1] === 'i'
              ? 'italic'
              : toggle[1] === 'b'
                ? 'bold'
                : toggle[1] === 'u'
                  ? 'underline'
                  : 'strike';
          const value = toggle[2]!;
          // `\b700` is bold by weight; `\i` alone returns to the style's value.
          const on =
            value === ''
              ? style[flag]
              : toggle[1] === 'b' && value.length > 1
                ? Number(value) >= 600
                : value !== '0';
          out.set(flag, on);
        } else if (/^an?[0-9]{1,2}$/.test(t)) {
          alignment = alignmentOfTag(t) ?? alignment;
        } else if (t.startsWith('pos(')) {
          const at = POS.exec(t);
          if (at) pos = [Number(at[1]), Number(at[2])];
          else dropped.add('pos');
        } else if (t[0] === 'r') {
          // `\r` returns to the line's style, `\rName` switches to another (an unknown one counts as `\r`).
          const named = styles.get(t.slice(1));
          if (t.length > 1 && !named) dropped.add(t.slice(0, 12));
          apply(named ?? style);
        } else if (/^p[0-9]+$/.test(t)) {
          drawing = t !== 'p0';
          drew ||= drawing;
        } else dropped.add(t.replace(/[^a-z].*$/, '').slice(0, 12) || t.slice(0, 12));
      }
      continue;
    }
    if (c === 92) {
      const next = text[i + 1];
      if (next === 'N' || (next === 'n' && hardLineBreaks)) {
        flush();
        out.newline();
        i += 2;
        continue;
      }
      if (next === 'n') {
        plain += ' ';
        i += 2;
        continue;
      }
      if (next === 'h') {
        plain += '\u00a0';
        i += 2;
        continue;
      }
    }
    // A run of ordinary characters is copied at once.
    let end = i + 1;
    while (end < text.length) {
      const d = text.charCodeAt(end);
      if (d === 123 || d === 92) break;
      end++;
    }
    plain += text.slice(i, end);
    i = end;
  }
  flush();
  if (dropped.size > 0) {
    report(
      'dropped-override',
      `override tags not kept: ${[...dropped]
        .slice(0, 8)
        .map((t) => `\\${t}`)
        .join(' ')}`,
    );
  }
  const lines = out.finish();
  // A drawing beside text is reported with its line; a line that is only drawings is counted by the caller.
  if (drew && lines.length > 0) report('dropped-drawing', 'a drawing (\\p) is not kept');
  return { lines, alignment, pos, drew };
}

/** Reads an ASS or SSA script: every Dialogue a cue or an issue, in the order of the file. */
export function readAss(input: string | Uint8Array): ReadResult {
  const decoded = decodeInput(input);
  const issues: SubtitleIssue[] = [...decoded.issues];
  const lines = splitLines(decoded.text);
  const cues: SubtitleCue[] = [];
  const cueLines: number[] = [];
  const styles = new Map<string, AssStyle>();
  const report = (line: number, severity: SubtitleIssue['severity'], code: string, message: string) =>
    issues.push({ line, severity, code, message });
  let lang: string | undefined;
  let section = '';
  let ssa = false;
  let hardLineBreaks = false;
  let playResX: number | undefined;
  let playResY: number | undefined;
  let frame = playResolution(undefined, undefined);
  let styleFields = fieldIndexes([], STYLE_FIELDS);
  let eventFormat = DEFAULT_EVENT_FORMAT;
  let eventFields = fieldIndexes(eventFormat, EVENT_FIELDS);
  let sawSection = false;
  // What is reported once for the file, with a count: drawing-only and empty lines, lines out of time order.
  const once = {
    drawing: { count: 0, line: 0 },
    empty: { count: 0, line: 0 },
    unsorted: { count: 0, line: 0 },
  };
  const count = (what: keyof typeof once, lineNo: number) => {
    if (once[what].count++ === 0) once[what].line = lineNo;
  };

  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    const lineNo = n + 1;
    if (line === '' || line.startsWith(';') || line.startsWith('!:')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      section = line.slice(1, -1).trim().toLowerCase();
      sawSection = true;
      if (section === 'v4 styles') ssa = true;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (section === 'script info') {
      if (key === 'scripttype') ssa = !/\+/.test(value);
      else if (key === 'wrapstyle') hardLineBreaks = value === '2';
      else if (key === 'language' && value !== '') lang = value;
      else if (key === 'playresx' || key === 'playresy') {
        const n = Number(value);
        if (Number.isFinite(n) && n > 0) {
          if (key === 'playresx') playResX = n;
          else playResY = n;
          frame = playResolution(playResX, playResY);
        }
      }
    } else if (section.startsWith('v4')) {
      if (key === 'format')
        styleFields = fieldIndexes(
          value.split(',').map((f) => f.trim().toLowerCase()),
          STYLE_FIELDS,
        );
      else if (key === 'style') {
        const fields = value.split(',');
        const field = (name: (typeof STYLE_FIELDS)[number]) => {
          const at = styleFields[name];
          return at === -1 ? undefined : fields[at]?.trim();
        };
        const name = field('name') ?? fields[0]!.trim();
        styles.set(name, {
          italic: truthy(field('italic')),
          bold: truthy(field('bold')),
          underline: truthy(field('underline')),
          strike: truthy(field('strikeout')),
          alignment: alignmentOf(field('alignment'), ssa),
          margins: {
            left: marginOf(field('marginl')),
            right: marginOf(field('marginr')),
            vertical: marginOf(field('marginv')),
          },
        });
      }
    } else if (section === 'events') {
      if (key === 'format') {
        eventFormat = value.split(',').map((f) => f.trim().toLowerCase());
        eventFields = fieldIndexes(eventFormat, EVENT_FIELDS);
        continue;
      }
      if (key === 'comment') continue;
      if (key !== 'dialogue') {
        report(lineNo, 'warning', 'dropped-event', `a ${key} event is not kept`);
        continue;
      }
      const fields = splitFields(value, eventFormat.length);
      const field = (name: (typeof EVENT_FIELDS)[number]) => {
        const at = eventFields[name];
        return at === -1 ? undefined : fields[at];
      };
      const start = parseAssTime(field('start') ?? '');
      const end = parseAssTime(field('end') ?? '');
      if (start === undefined || end === undefined) {
        report(
          lineNo,
          'error',
          'bad-timecode',
          `cannot read the times of the Dialogue (expected 0:00:01.00); it is not used`,
        );
        continue;
      }
      if (end <= start) {
        report(
          lineNo,
          'error',
          end === start ? 'zero-duration' : 'end-before-start',
          'the Dialogue ends before or when it starts; it is not used',
        );
        continue;
      }
      const styleName = (field('style') ?? '').trim().replace(/^\*/, '');
      let style = styles.get(styleName);
      if (!style) {
        if (styleName !== '' && styleName !== 'Default') {
          report(
            lineNo,
            'warning',
            'unknown-style',
            `the style "${styleName.slice(0, 40)}" is not defined; read as Default`,
          );
        }
        style = styles.get('Default') ?? DEFAULT_STYLE;
      }
      const text = readEventText(field('text') ?? '', style, styles, hardLineBreaks, (code, message) =>
        report(lineNo, 'warning', code, message),
      );
      if (text.lines.length === 0) {
        count(text.drew ? 'drawing' : 'empty', lineNo);
        continue;
      }
      const previous = cues[cues.length - 1];
      if (previous && start < previous.startMs) count('unsorted', lineNo);
      const cue: SubtitleCue = { startMs: start, endMs: end, lines: text.lines };
      const speaker = (field('name') ?? '').trim();
      if (speaker !== '') cue.speaker = speaker;
      const margins = {
        left: marginOf(field('marginl')) || style.margins.left,
        right: marginOf(field('marginr')) || style.margins.right,
        vertical: marginOf(field('marginv')) || style.margins.vertical,
      };
      placeCue(
        cue,
        anchorOf(text.alignment ?? style.alignment, text.pos, margins, frame.width, frame.height),
      );
      cues.push(cue);
      cueLines.push(lineNo);
    }
  }
  if (!sawSection)
    report(1, 'error', 'not-ass', 'the file has no [Script Info] or [Events] section: it is not ASS or SSA');
  // "1 Dialogue line is" / "2 Dialogue lines are".
  const counted = (n: number) => (n === 1 ? '1 Dialogue line is' : `${n} Dialogue lines are`);
  if (once.drawing.count > 0)
    report(
      once.drawing.line,
      'warning',
      'dropped-drawing',
      `${counted(once.drawing.count)} only drawing (\\p), not text; not kept`,
    );
  if (once.empty.count > 0)
    report(once.empty.line, 'warning', 'empty-cue', `${counted(once.empty.count)} without text; not kept`);
  if (once.unsorted.count > 0)
    report(
      once.unsorted.line,
      'warning',
      'out-of-order',
      `${counted(once.unsorted.count)} out of time order (starting before the line above); WebVTT and SRT are written sorted by start, as players need`,
    );
  if (once.drawing.count + once.empty.count + once.unsorted.count > 0) issues.sort((a, b) => a.line - b.line);
  const result: ReadResult = { subtitles: { cues }, lines: cueLines, issues };
  if (lang !== undefined) result.subtitles.lang = lang;
  return result;
}
