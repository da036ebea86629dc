// Builds a cue's lines from the styled text readers meet: nested tags (SRT, WebVTT, TTML spans) count opens and
// closes; ASS override tags switch a style on or off. Each call is constant work, so readers stay linear.
import { type CueLine, normalizeLine, type Span, span } from './model.ts';

export type StyleFlag = 'italic' | 'bold' | 'underline' | 'strike';

export class StyledText {
  private readonly depth: Record<StyleFlag, number> = { italic: 0, bold: 0, underline: 0, strike: 0 };
  private readonly lines: CueLine[] = [];
  private line: CueLine = [];

  text(text: string): void {
    if (text === '') return;
    const { italic, bold, underline, strike } = this.depth;
    this.line.push(span(text, italic > 0, bold > 0, underline > 0, strike > 0));
  }

  open(flag: StyleFlag): void {
    this.depth[flag]++;
  }

  /** A close with no open (`</i>` alone) is ignored, as players do. */
  close(flag: StyleFlag): void {
    if (this.depth[flag] > 0) this.depth[flag]--;
  }

  /** ASS `\i1` / `\i0`: on or off whatever came before. */
  set(flag: StyleFlag, on: boolean): void {
    this.depth[flag] = on ? 1 : 0;
  }

  isOn(flag: StyleFlag): boolean {
    return this.depth[flag] > 0;
  }

  newline(): void {
    this.lines.push(normalizeLine(this.line));
    this.line = [];
  }

  /** The lines read, normalized; an empty line is not a line (no writer could keep it: SRT and WebVTT end a cue there). */
  finish(): CueLine[] {
    this.newline();
    const lines = this.lines;
    for (const line of lines) if (line.length === 0) return lines.filter((kept) => kept.length > 0);
    return lines;
  }
}

/** The flag an HTML-like tag name stands for (`i`, `b`, `u`, and `s` where the format has it; any case), if any. */
export function flagOfTag(name: string, strike: boolean): StyleFlag | undefined {
  const lower = name.toLowerCase();
  if (lower === 'i') return 'italic';
  if (lower === 'b') return 'bold';
  if (lower === 'u') return 'underline';
  if (lower === 's' && strike) return 'strike';
  return undefined;
}

/**
 * A span's text (already escaped as its format needs) in `<b>`, `<i>`, `<u>` tags, the tags SRT and WebVTT share,
 * and `<s>` when the format has it (SRT does; WebVTT does not, and its text is then written plain).
 */
export function tagged(part: Span, body: string, strike: boolean): string {
  const s = strike && part.strike === true;
  if (part.bold === undefined && part.italic === undefined && part.underline === undefined && !s) return body;
  const b = part.bold === true;
  const i = part.italic === true;
  const u = part.underline === true;
  return `${b ? '<b>' : ''}${i ? '<i>' : ''}${u ? '<u>' : ''}${s ? '<s>' : ''}${body}${s ? '</s>' : ''}${u ? '</u>' : ''}${i ? '</i>' : ''}${b ? '</b>' : ''}`;
}
