// Our output read back by independent, maintained parsers, into the cue model so tests can compare cues:
// imsc (the IMSC reference implementation) for TTML and EBU-TT-D, webvtt-parser for WebVTT, ass-compiler for ASS.
import { createRequire } from 'node:module';
import { parse as parseAss } from 'ass-compiler';
import { type CueLine, normalizeLine, type Span, type SubtitleCue, span } from '../model.ts';

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
      const top = regionIsTop(region.styleAttrs ?? {});
      for (const p of paragraphs(region)) {
        const cue: SubtitleCue = {
          startMs: Math.round(events[i]! * 1000),
          endMs: Math.round(events[i + 1]! * 1000),
          lines: p,
        };
        if (top) cue.position = 'top';
        cues.push(cue);
      }
    }
  }
  if (problems.length > 0) throw new Error(`imsc reported: ${problems.join('; ')}`);
  return cues;
}

interface Length {
  rh: number;
}

/**
 * Whether imsc puts a region's text in the top half: the edge its displayAlign names of the area its origin and
 * extent give (lengths as fractions of the root's height).
 */
function regionIsTop(style: Record<string, unknown>): boolean {
  const origin = style[`${STYLING}origin`] as { h: Length } | undefined;
  const extent = style[`${STYLING}extent`] as { h: Length } | undefined;
  const y = origin?.h.rh ?? 0;
  const height = extent?.h.rh ?? 1 - y;
  const align = style[`${STYLING}displayAlign`];
  const anchor = align === 'after' ? y + height : align === 'center' ? y + height / 2 : y;
  return anchor < 0.5;
}

/** imsc's cues with each run of intervals showing the same text in the same place made one cue again. */
export function joinIntervals(cues: readonly SubtitleCue[]): SubtitleCue[] {
  const out: SubtitleCue[] = [];
  const key = (cue: SubtitleCue) => JSON.stringify([cue.lines, cue.position]);
  for (const cue of cues) {
    const earlier = out.find((kept) => kept.endMs === cue.startMs && key(kept) === key(cue));
    if (earlier) earlier.endMs = cue.endMs;
    else out.push({ ...cue });
  }
  return out;
}

function paragraphs(node: IsdNode): CueLine[][] {
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
    return [lines.map(normalizeLine)];
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
    if (cue.linePosition === 0) out.position = 'top';
    return out;
  });
}

/** Cues as ass-compiler parses them: times, Name, the style's and the override tags' italic/bold/underline/an. */
export function cuesByAssCompiler(text: string): SubtitleCue[] {
  const parsed = parseAss(text);
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
    const lines: Span[][] = [[]];
    for (const part of event.Text.parsed) {
      for (const tag of part.tags) {
        if (tag.i !== undefined) state.i = tag.i === 1;
        if (tag.b !== undefined) state.b = tag.b === 1;
        if (tag.u !== undefined) state.u = tag.u === 1;
        if (tag.s !== undefined) state.s = tag.s === 1;
        if (tag.an !== undefined) alignment = tag.an;
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
    if (alignment >= 7) cue.position = 'top';
    return cue;
  });
}
