// Our output read back by independent, maintained parsers, into the cue model so tests can compare cues:
// imsc (the IMSC reference implementation) for TTML and EBU-TT-D, webvtt-parser for WebVTT, ass-compiler for ASS.
import { createRequire } from 'node:module';
import { parse as parseAss } from 'ass-compiler';
import { anchorOf, playResolution } from '../ass-read.ts';
import {
  type CueAnchor,
  type CueLine,
  normalizeLine,
  placeCue,
  type Span,
  type SubtitleCue,
  span,
} from '../model.ts';

const require = createRequire(import.meta.url);
// imsc's main module loads its HTML renderer, which needs a browser; the parser and ISD generator do not.
const imscDoc = require('imsc/src/main/js/doc.js') as {
  fromXML: (xml: string, errors: object) => { getMediaTimeEvents(): number[] } | null;
};
const imscIsd = require('imsc/src/main/js/isd.js') as {
  generateISD: (doc: unknown, offset: number, errors: object) => IsdNode;
};
const { WebVTTParser } = require('webvtt-parser') as {
  WebVTTParser: new (
    entities: Record<string, string>,
  ) => { parse(text: string, mode: string): { cues: VttCue[]; errors: { message: string }[] } };
};

interface IsdNode {
  kind?: string;
  id?: string;
  text?: string;
  styleAttrs?: Record<string, unknown>;
  contents?: IsdNode[];
}

const STYLING = 'http://www.w3.org/ns/ttml#styling ';

/**
 * Cues as imsc presents them: one per interval between its media time events that shows text. A cue shown over
 * several intervals (others appearing and leaving meanwhile) is so many cues; `joinIntervals` joins them.
 */
export function cuesByImsc(xml: string): SubtitleCue[] {
  const problems: string[] = [];
  const errors = {
    info: () => {},
    warn: (message: string) => problems.push(`warning: ${message}`),
    error: (message: string) => problems.push(`error: ${message}`),
    fatal: (message: string) => problems.push(`fatal: ${message}`),
  };
  const doc = imscDoc.fromXML(xml, errors);
  if (!doc || problems.length > 0)
    throw new Error(`imsc did not accept the document: ${problems.join('; ')}`);
  const events = doc.getMediaTimeEvents();
  const cues: SubtitleCue[] = [];
  for (let i = 0; i + 1 < events.length; i++) {
    const isd = imscIsd.generateISD(doc, events[i]!, errors);
    for (const region of isd.contents ?? []) {
      for (const p of paragraphs(region)) {
        const cue: SubtitleCue = {
          startMs: Math.round(events[i]! * 1000),
          endMs: Math.round(events[i + 1]! * 1000),
          lines: p.lines,
        };
        placeCue(cue, regionAnchor(region.styleAttrs ?? {}, p.textAlign));
        cues.push(cue);
      }
    }
  }
  if (problems.length > 0) throw new Error(`imsc reported: ${problems.join('; ')}`);
  return cues;
}

interface Length {
  rw: number;
  rh: number;
}

/**
 * Where imsc puts a region's text: the edge its displayAlign names of the area its computed origin and extent
 * give (fractions of the root's width and height), across at the paragraph's computed textAlign.
 */
function regionAnchor(style: Record<string, unknown>, textAlign: unknown): CueAnchor {
  const origin = style[`${STYLING}origin`] as { w: Length; h: Length } | undefined;
  const extent = style[`${STYLING}extent`] as { w: Length; h: Length } | undefined;
  const x = origin?.w.rw ?? 0;
  const y = origin?.h.rh ?? 0;
  const width = extent?.w.rw ?? 1 - x;
  const height = extent?.h.rh ?? 1 - y;
  const align = style[`${STYLING}displayAlign`];
  const vertical = align === 'after' ? 'bottom' : align === 'center' ? 'middle' : 'top';
  const edge = vertical === 'bottom' ? y + height : vertical === 'middle' ? y + height / 2 : y;
  // imsc computes left as start and right as end (left to right text); justify starts at the start.
  const horizontal = textAlign === 'center' ? 'center' : textAlign === 'end' ? 'right' : 'left';
  const across = horizontal === 'left' ? x : horizontal === 'right' ? x + width : x + width / 2;
  return { x: across * 100, y: edge * 100, vertical, horizontal, width: width * 100 };
}

/** imsc's cues with each run of intervals showing the same text in the same place made one cue again. */
export function joinIntervals(cues: readonly SubtitleCue[]): SubtitleCue[] {
  const out: SubtitleCue[] = [];
  const key = (cue: SubtitleCue) => JSON.stringify([cue.lines, cue.position, cue.anchor]);
  for (const cue of cues) {
    const earlier = out.find((kept) => kept.endMs === cue.startMs && key(kept) === key(cue));
    if (earlier) earlier.endMs = cue.endMs;
    else out.push({ ...cue });
  }
  return out;
}

function paragraphs(node: IsdNode): { lines: CueLine[]; textAlign: unknown }[] {
  if (node.kind === 'p') {
    const lines: Span[][] = [[]];
    const visit = (child: IsdNode) => {
      if (child.kind === 'br') lines.push([]);
      else if (child.text !== undefined) {
        const style = child.styleAttrs ?? {};
        const decoration = style[`${STYLING}textDecoration`];
        lines[lines.length - 1]!.push(
          span(
            child.text,
            style[`${STYLING}fontStyle`] === 'italic',
            style[`${STYLING}fontWeight`] === 'bold',
            Array.isArray(decoration) && decoration.includes('underline'),
            Array.isArray(decoration) && decoration.includes('lineThrough'),
          ),
        );
      }
      for (const grandchild of child.contents ?? []) visit(grandchild);
    };
    for (const child of node.contents ?? []) visit(child);
    return [{ lines: lines.map(normalizeLine), textAlign: node.styleAttrs?.[`${STYLING}textAlign`] }];
  }
  return (node.contents ?? []).flatMap(paragraphs);
}

interface VttNode {
  type: 'object' | 'text' | 'timestamp';
  name?: string;
  value?: string;
  children?: VttNode[];
}

interface VttCue {
  startTime: number;
  endTime: number;
  linePosition: number | 'auto';
  snapToLines: boolean;
  lineAlign: 'start' | 'center' | 'end';
  textPosition: number | 'auto';
  positionAlign: 'auto' | 'line-left' | 'center' | 'line-right';
  size: number;
  alignment: 'start' | 'center' | 'end' | 'left' | 'right';
  tree: VttNode;
}

// Without its table of character references webvtt-parser knows `&amp` but not `&amp;` (it leaves the `;`).
const ENTITIES = require('webvtt-parser/html-entities.json') as Record<string, string>;

/** Cues as webvtt-parser reads them; its errors fail the test. */
export function cuesByWebvttParser(text: string): SubtitleCue[] {
  const { cues, errors } = new WebVTTParser(ENTITIES).parse(text, 'subtitles');
  if (errors.length > 0)
    throw new Error(`webvtt-parser reported: ${errors.map((e) => e.message).join('; ')}`);
  return cues.map((cue) => {
    const lines: Span[][] = [[]];
    let speaker: string | undefined;
    const flags = { i: 0, b: 0, u: 0 };
    const visit = (node: VttNode) => {
      if (node.type === 'text') {
        const parts = node.value!.split('\n');
        parts.forEach((part, i) => {
          if (i > 0) lines.push([]);
          lines[lines.length - 1]!.push(span(part, flags.i > 0, flags.b > 0, flags.u > 0));
        });
        return;
      }
      if (node.name === 'v') speaker = node.value;
      const flag = node.name === 'i' || node.name === 'b' || node.name === 'u' ? node.name : undefined;
      if (flag) flags[flag]++;
      for (const child of node.children ?? []) visit(child);
      if (flag) flags[flag]--;
    };
    visit(cue.tree);
    const out: SubtitleCue = {
      startMs: Math.round(cue.startTime * 1000),
      endMs: Math.round(cue.endTime * 1000),
      lines: lines.map(normalizeLine),
    };
    if (speaker !== undefined) out.speaker = speaker;
    const anchor = vttAnchor(cue);
    if (anchor) placeCue(out, anchor);
    return out;
  });
}

/**
 * Where WebVTT lays out a cue with webvtt-parser's settings (horizontal text): a percentage line at the point its
 * line alignment names, line numbers 0 to 4 at the top, others at the bottom; the position (auto: by the text
 * alignment) at the edge its alignment names (auto: by the text alignment); a size under 100% as the width.
 */
function vttAnchor(cue: VttCue): CueAnchor | undefined {
  const defaults =
    cue.linePosition === 'auto' &&
    cue.textPosition === 'auto' &&
    cue.positionAlign === 'auto' &&
    cue.size === 100 &&
    cue.alignment === 'center';
  if (defaults) return undefined;
  const line = cue.linePosition;
  let y = 100;
  let vertical: CueAnchor['vertical'] = 'bottom';
  if (line !== 'auto' && !cue.snapToLines) {
    y = line;
    vertical = cue.lineAlign === 'end' ? 'bottom' : cue.lineAlign === 'center' ? 'middle' : 'top';
  } else if (line !== 'auto' && line >= 0 && line < 5) {
    y = 0;
    vertical = 'top';
  }
  const textSide =
    cue.alignment === 'left' || cue.alignment === 'start'
      ? 'left'
      : cue.alignment === 'right' || cue.alignment === 'end'
        ? 'right'
        : 'center';
  const horizontal =
    cue.positionAlign === 'line-left'
      ? 'left'
      : cue.positionAlign === 'line-right'
        ? 'right'
        : cue.positionAlign === 'center'
          ? 'center'
          : textSide;
  const x =
    cue.textPosition !== 'auto'
      ? cue.textPosition
      : textSide === 'left'
        ? 0
        : textSide === 'right'
          ? 100
          : 50;
  const anchor: CueAnchor = { x, y, vertical, horizontal };
  if (cue.size < 100) anchor.width = cue.size;
  return anchor;
}

/**
 * Cues as ass-compiler parses them: times, Name, the style's and the override tags' italic/bold/underline/an,
 * `\pos` and margins (placed by the reader's geometry: what is compared is what ass-compiler reads).
 */
export function cuesByAssCompiler(text: string): SubtitleCue[] {
  const parsed = parseAss(text);
  const info = parsed.info as Record<string, string | undefined>;
  const frame = playResolution(Number(info.PlayResX) || undefined, Number(info.PlayResY) || undefined);
  const styles = new Map(parsed.styles.style.map((style) => [style.Name, style]));
  return parsed.events.dialogue.map((event) => {
    const style = styles.get(event.Style);
    if (!style) throw new Error(`ass-compiler found no style ${event.Style}`);
    const state = {
      i: style.Italic !== '0',
      b: style.Bold !== '0',
      u: style.Underline !== '0',
      s: style.StrikeOut !== '0',
    };
    let alignment = Number(style.Alignment);
    let pos: [number, number] | undefined;
    const lines: Span[][] = [[]];
    for (const part of event.Text.parsed) {
      for (const tag of part.tags) {
        if (tag.i !== undefined) state.i = tag.i === 1;
        if (tag.b !== undefined) state.b = tag.b === 1;
        if (tag.u !== undefined) state.u = tag.u === 1;
        if (tag.s !== undefined) state.s = tag.s === 1;
        if (tag.an !== undefined) alignment = tag.an;
        if (tag.pos !== undefined) pos = tag.pos as unknown as [number, number];
      }
      // ass-compiler leaves `\h` (a no-break space) in the text as written.
      part.text.split('\\N').forEach((piece, i) => {
        if (i > 0) lines.push([]);
        lines[lines.length - 1]!.push(
          span(piece.replaceAll('\\h', '\u00a0'), state.i, state.b, state.u, state.s),
        );
      });
    }
    const cue: SubtitleCue = {
      startMs: Math.round(event.Start * 1000),
      endMs: Math.round(event.End * 1000),
      lines: lines.map(normalizeLine),
    };
    if (event.Name !== '') cue.speaker = event.Name;
    const margin = (own: number, ofStyle: string) => own || Number(ofStyle);
    const margins = {
      left: margin(event.MarginL, style.MarginL),
      right: margin(event.MarginR, style.MarginR),
      vertical: margin(event.MarginV, style.MarginV),
    };
    placeCue(cue, anchorOf(alignment, pos, margins, frame.width, frame.height));
    return cue;
  });
}
