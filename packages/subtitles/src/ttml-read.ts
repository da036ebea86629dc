// TTML into the cue model: IMSC 1.0/1.1, EBU-TT-D, and the older DFXP/SMPTE-TT shapes tools still write. XML is
// parsed by saxes (one pass, events), never by patterns; styles are resolved by reference (chains included, each
// style once, only the attributes the model uses), regions (with their nested styles) and a paragraph's own
// `tts:origin`/`tts:extent`/`tts:displayAlign`, with `tts:textAlign`, become top or bottom or an anchor,
// `timeContainer="seq"` starts each child after the previous one, `ttm:agent` becomes the speaker. What the model
// cannot hold is reported with the line it is on.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { FrameRate } from './frame-rate.ts';
import type { CueAnchor, CueLine, ReadResult, SubtitleCue, SubtitleIssue } from './model.ts';
import { normalizeLine, placeCue } from './model.ts';
import { StyledText, type StyleFlag } from './styled-text.ts';
import { decodeInput } from './text-input.ts';
import { parseTtmlTime, type TimeParameters } from './ttml-time.ts';
import { Namespaces, splitName } from './xml-namespaces.ts';

type Attributes = Record<string, string>;

/** Thrown from the parser's handler to stop at a root element that is not <tt>. */
const NOT_TTML = new Error('not TTML');

/** Style and layout attributes (`tts:*`) by local name, and the styles a `style` attribute references. */
interface StyleRecord {
  own: Attributes;
  refs: string[];
}

/** A `<region>` being read: its styles by reference, by nested `<style>` children, and its own attributes. */
interface RegionDefinition {
  id: string;
  referential: Attributes;
  nested: Attributes;
  inline: Attributes;
}

interface Frame {
  /** Local name in the TTML namespace; '' for an element of another namespace. */
  name: string;
  /** When the element begins (Infinity when it never does: after an open-ended sibling in a seq container). */
  beginMs: number;
  /** The earliest explicit end of the element and its ancestors (undefined when none has one). */
  endMs: number | undefined;
  /** The element has its own `end` or `dur`. */
  ownEnd: boolean;
  /** `timeContainer="seq"`: each timed child begins where the previous one ended. */
  seq: boolean;
  /** The end of the last timed child closed (seq), and the latest end of any (par); Infinity for an open one. */
  previousEnd: number | undefined;
  latestChildEnd: number | undefined;
  italic: boolean;
  bold: boolean;
  underline: boolean;
  strike: boolean;
  region: string | undefined;
  /** `tts:textAlign` as the element inherits it (TTML: from body and div, before its region's). */
  textAlign: string | undefined;
  /** A `<p>`'s own `tts:origin`, `tts:extent` and `tts:displayAlign` (inline or by style). */
  layout?: Attributes;
  regionDefinition?: RegionDefinition;
  agent: string | undefined;
  preserve: boolean;
  /** Text inside is not read (ruby text, metadata, foreign elements). */
  skip: boolean;
  /** A speaker's definition (`<ttm:agent>`) or its name (`<ttm:name>`). */
  meta?: 'agent' | 'name';
  /** Namespace prefixes the element declared, released when it closes. */
  declared?: string[];
}

function isTtmlNamespace(uri: string): boolean {
  return uri === 'http://www.w3.org/ns/ttml' || uri.startsWith('http://www.w3.org/2006/') || uri === '';
}

const WHITE = new Set(['white', '#ffffff', '#ffffffff', 'rgb(255,255,255)', 'rgba(255,255,255,255)']);

/**
 * The `tts:*` attributes the reader uses; the others (fonts, sizes, outlines...) are presentation the model does
 * not carry. Keeping only these bounds what a style holds, so resolving n styles is O(n) whatever their shape.
 */
const USED_STYLING = new Set([
  'fontStyle',
  'fontWeight',
  'textDecoration',
  'color',
  'origin',
  'extent',
  'displayAlign',
  'textAlign',
  'ruby',
  'backgroundImage',
]);
const LAYOUT = ['origin', 'extent', 'displayAlign'] as const;

/** A chain of styles each referencing the next is followed this deep; real documents use two or three. */
const MAX_STYLE_DEPTH = 64;

function flagValue(flag: Exclude<StyleFlag, 'strike'>, value: string): boolean | undefined {
  const v = value.trim();
  if (flag === 'italic') return v === 'italic' || v === 'oblique' ? true : v === 'normal' ? false : undefined;
  if (flag === 'bold') return v === 'bold' ? true : v === 'normal' ? false : undefined;
  if (/\bnoUnderline\b/.test(v)) return false;
  return /\bunderline\b/.test(v) ? true : v === 'none' ? false : undefined;
}

function strikeValue(value: string): boolean | undefined {
  const v = value.trim();
  if (/\bnoLineThrough\b/.test(v)) return false;
  return /\blineThrough\b/.test(v) ? true : v === 'none' ? false : undefined;
}

/** The frame as lengths are measured against it: cells (`ttp:cellResolution`) and pixels (`tts:extent` on <tt>). */
interface FrameSize {
  columns: number;
  rows: number;
  widthPx?: number;
  heightPx?: number;
}

/**
 * A length pair (`10% 80%`, `2c 12c`, `100px 860px`) as fractions of the frame's width and height, where it can
 * be told (pixels need the root's extent).
 */
function fractions(value: string | undefined, size: FrameSize): number[] | undefined {
  if (value === undefined) return undefined;
  const out: number[] = [];
  for (const part of value.trim().split(/\s+/).slice(0, 2)) {
    const match = /^(-?[0-9]{1,9}(?:\.[0-9]{1,9})?)(%|c|px)$/.exec(part);
    if (!match) return undefined;
    const n = Number(match[1]);
    const across = out.length === 0;
    const px = across ? size.widthPx : size.heightPx;
    if (match[2] === '%') out.push(n / 100);
    else if (match[2] === 'c') out.push(n / (across ? size.columns : size.rows));
    else if (px !== undefined) out.push(n / px);
    else return undefined;
  }
  return out.length === 2 ? out : undefined;
}

/** Collapses white space as TTML's default `xml:space` does: runs become one space, none at a line's ends. */
function collapseLine(line: CueLine): CueLine {
  const out: CueLine = [];
  let spaceBefore = true;
  for (const part of line) {
    const text = part.text.replace(/[ \t\r\n]+/g, ' ');
    const trimmed: string = spaceBefore && text.startsWith(' ') ? text.slice(1) : text;
    if (trimmed === '') continue;
    spaceBefore = trimmed.endsWith(' ');
    out.push({ ...part, text: trimmed });
  }
  const last = out[out.length - 1];
  if (last?.text.endsWith(' ')) {
    const text = last.text.slice(0, -1);
    if (text === '') out.pop();
    else out[out.length - 1] = { ...last, text };
  }
  return normalizeLine(out);
}

function frameRateOf(rate: number, multiplier: number, drop: boolean): FrameRate | undefined {
  const fractional = Math.abs(multiplier - 1000 / 1001) < 1e-9;
  if (rate === 24) return fractional ? '23.976' : multiplier === 1 ? '24' : undefined;
  if (rate === 25 && multiplier === 1) return '25';
  if (rate === 30) return fractional ? (drop ? '29.97df' : '29.97') : multiplier === 1 ? '30' : undefined;
  return undefined;
}

class TtmlReader {
  readonly cues: SubtitleCue[] = [];
  readonly lines: number[] = [];
  readonly issues: SubtitleIssue[];
  lang: string | undefined;

  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private readonly namespaces = new Namespaces();
  private readonly stack: Frame[] = [];
  private readonly styles = new Map<string, StyleRecord>();
  private styleTooDeep = false;
  /** The latest time any element begins or ends at: the document's end, for a paragraph open to the end. */
  private latestMs = 0;
  /** Cues (indexes in `cues`) with no end of their own nor of an ancestor: they end with the document. */
  private readonly openEnded: number[] = [];
  /** Paragraphs without text: not cues, reported once with their count. */
  private emptyCount = 0;
  private firstEmptyLine = 0;
  private readonly resolved = new Map<string, Attributes>();
  private readonly regions = new Map<string, Attributes>();
  private readonly agents = new Map<string, string>();
  private time: TimeParameters = { smpte: false, frameRate: 30, multiplier: 1, tickRate: 1 };
  private frameSize: FrameSize = { columns: 32, rows: 15 };
  private seenRoot = false;
  /** The cue whose </p> was the last event, with its line. */
  private finished: { cue: SubtitleCue; line: number } | undefined;

  // The open <p>, if any.
  private text: StyledText | undefined;
  private cue: SubtitleCue | undefined;
  private cueLine = 0;
  private cueReports = new Set<string>();
  /** The agent being defined (<ttm:agent xml:id>) and its name as read. */
  private agentId: string | undefined;
  private agentName = '';
  private inAgentName = false;

  constructor(issues: SubtitleIssue[]) {
    this.issues = issues;
    const parser = this.parser;
    // saxes reports a close tag before it finds that the tag was not the one closed (`<p>x</span>`), so a cue
    // is kept only once the next event shows no error came with its close.
    parser.on('opentag', (tag) => {
      this.keepFinished();
      this.open(tag);
    });
    parser.on('closetag', () => {
      this.keepFinished();
      this.close();
    });
    parser.on('text', (text) => {
      this.keepFinished();
      this.characters(text);
    });
    parser.on('cdata', (text) => {
      this.keepFinished();
      this.characters(text);
    });
    parser.on('error', (error) => {
      this.finished = undefined;
      throw error;
    });
  }

  read(text: string): void {
    try {
      this.parser.write(text).close();
    } catch (error) {
      if (error === NOT_TTML) return;
      const message = (error instanceof Error ? error.message : String(error)).replace(
        /^(?:[^:\s]*:)?\d+:\d+: /,
        '',
      );
      this.report(
        this.parser.line,
        'error',
        'bad-xml',
        `the XML cannot be read past here (${message}); cues before it are used`,
      );
      return;
    }
    this.keepFinished();
    if (!this.seenRoot) this.notTtml();
    this.endOpenCues();
    if (this.emptyCount > 0) {
      this.report(
        this.firstEmptyLine,
        'warning',
        'empty-cue',
        `${this.emptyCount === 1 ? 'a subtitle (<p>) has' : `${this.emptyCount} subtitles (<p>) have`} no text; not used`,
      );
    }
  }

  private keepFinished(): void {
    if (!this.finished) return;
    if (this.finished.cue.endMs === Number.POSITIVE_INFINITY) this.openEnded.push(this.cues.length);
    this.cues.push(this.finished.cue);
    this.lines.push(this.finished.line);
    this.finished = undefined;
  }

  /** Paragraphs that end with the document end at the latest time it names (as imsc shows them). */
  private endOpenCues(): void {
    if (this.openEnded.length === 0) return;
    const gone = new Set<number>();
    for (const at of this.openEnded) {
      const cue = this.cues[at]!;
      cue.endMs = this.latestMs;
      if (cue.endMs <= cue.startMs) {
        gone.add(at);
        this.report(
          this.lines[at]!,
          'error',
          'missing-end',
          'a subtitle (<p>) without an end begins at the end of the document; it is not used',
        );
      }
    }
    if (gone.size === 0) return;
    let kept = 0;
    for (let i = 0; i < this.cues.length; i++) {
      if (gone.has(i)) continue;
      this.cues[kept] = this.cues[i]!;
      this.lines[kept] = this.lines[i]!;
      kept++;
    }
    this.cues.length = kept;
    this.lines.length = kept;
    this.issues.sort((a, b) => a.line - b.line);
  }

  private notTtml(): void {
    this.report(1, 'error', 'not-ttml', 'the file has no <tt> element: it is not TTML');
  }

  private report(line: number, severity: SubtitleIssue['severity'], code: string, message: string): void {
    this.issues.push({ line, severity, code, message });
  }

  /** A warning about what is dropped from the open cue, once per kind and cue. */
  private drop(code: string, message: string): void {
    const key = `${code}:${this.cue ? this.cueLine : this.parser.line}`;
    if (this.cueReports.has(key)) return;
    this.cueReports.add(key);
    this.report(this.parser.line, 'warning', code, message);
  }

  private open(tag: SaxesTagPlain): void {
    const parent = this.stack[this.stack.length - 1];
    const namespaces = this.namespaces;
    const declared = namespaces.declare(tag.attributes);
    const element = splitName(tag.name);
    const uri = namespaces.uri(element.prefix) ?? '?';
    const name = isTtmlNamespace(uri) ? element.local : '';
    if (!this.seenRoot && name !== 'tt') {
      this.notTtml();
      throw NOT_TTML;
    }
    const styling: Attributes = {};
    const plain: Attributes = {};
    let xmlId: string | undefined;
    let lang: string | undefined;
    let space: string | undefined;
    let agent: string | undefined;
    for (const qualified in tag.attributes) {
      const value = tag.attributes[qualified]!;
      const { prefix, local } = splitName(qualified);
      if (prefix === '') {
        if (local !== 'xmlns') plain[local] = value;
        continue;
      }
      if (prefix === 'xmlns') continue;
      const attributeUri = namespaces.uri(prefix) ?? '?';
      if (attributeUri === 'http://www.w3.org/XML/1998/namespace') {
        if (local === 'id') xmlId = value;
        else if (local === 'lang') lang = value;
        else if (local === 'space') space = value;
      } else if (attributeUri.endsWith('#styling') || attributeUri.endsWith('#style')) {
        if (USED_STYLING.has(local)) styling[local] = value;
      } else if (attributeUri.endsWith('#metadata') && local === 'agent')
        agent = value.trim().split(/\s+/)[0];
      else if (attributeUri.endsWith('#parameter')) plain[`ttp:${local}`] = value;
    }
    const frame: Frame = {
      name,
      beginMs: parent?.beginMs ?? 0,
      endMs: parent?.endMs,
      ownEnd: false,
      seq: plain.timeContainer?.trim() === 'seq',
      previousEnd: undefined,
      latestChildEnd: undefined,
      italic: parent?.italic ?? false,
      bold: parent?.bold ?? false,
      underline: parent?.underline ?? false,
      strike: parent?.strike ?? false,
      region: plain.region ?? parent?.region,
      textAlign: parent?.textAlign,
      agent: agent ?? parent?.agent,
      preserve: space === undefined ? (parent?.preserve ?? false) : space === 'preserve',
      skip: parent?.skip ?? false,
    };
    if (declared) frame.declared = declared;
    this.stack.push(frame);

    if (!isTtmlNamespace(uri)) {
      this.openForeign(uri, element.local, xmlId);
      return;
    }
    switch (name) {
      case 'tt':
        this.openRoot(plain, styling, lang);
        return;
      case 'style':
        if (xmlId !== undefined) this.styles.set(xmlId, { own: styling, refs: refsOf(plain.style) });
        if (parent?.regionDefinition) this.nestStyle(parent.regionDefinition, plain, styling);
        return;
      case 'region':
        if (xmlId !== undefined) {
          frame.regionDefinition = {
            id: xmlId,
            referential: this.styleAttributes(refsOf(plain.style)),
            nested: {},
            inline: styling,
          };
          this.regions.set(xmlId, { ...frame.regionDefinition.referential, ...styling });
        }
        return;
      case 'initial':
      case 'metadata':
      case 'head':
      case 'styling':
      case 'layout':
        return;
      case 'set':
      case 'animate':
        this.drop('dropped-animation', `<${name}> animation is not kept`);
        frame.skip = true;
        return;
      case 'image':
        this.drop('dropped-image', 'an image is not kept');
        frame.skip = true;
        return;
    }
    if (lang !== undefined && this.lang !== undefined && lang !== this.lang) {
      this.drop('dropped-language', `text in another language (${lang}) is read as ${this.lang}`);
    }
    this.applyStyles(frame, plain, styling);
    this.applyTiming(frame, plain, name);
    if (styling.backgroundImage !== undefined || plain['smpte:backgroundImage'] !== undefined) {
      this.drop('dropped-image', 'an image is not kept');
    }
    if (name === 'p') this.openCue(frame);
    else if (name === 'br') {
      if (this.text && !frame.skip) this.text.newline();
    } else if (name === 'span') {
      if (styling.ruby === 'text' || styling.ruby === 'textContainer') {
        frame.skip = true;
        this.drop('dropped-ruby', 'ruby text is not kept; the base text is');
      }
    } else if (name !== 'body' && name !== 'div') {
      this.drop('dropped-element', `<${tag.name}> is not TTML content; its text is not kept`);
      frame.skip = true;
    }
  }

  private openForeign(uri: string, local: string, xmlId: string | undefined): void {
    const frame = this.stack[this.stack.length - 1]!;
    frame.skip = true;
    if (!uri.endsWith('#metadata')) return;
    if (local === 'agent' && xmlId !== undefined) {
      frame.meta = 'agent';
      this.agentId = xmlId;
      this.agentName = '';
    } else if (local === 'name' && this.agentId !== undefined) {
      frame.meta = 'name';
      this.inAgentName = true;
    }
  }

  private openRoot(plain: Attributes, styling: Attributes, lang: string | undefined): void {
    this.seenRoot = true;
    if (lang !== undefined && lang !== '') this.lang = lang;
    const rate = Number(plain['ttp:frameRate'] ?? 30) || 30;
    const multiplierMatch = /^\s*([0-9]{1,9})\s+([0-9]{1,9})\s*$/.exec(
      plain['ttp:frameRateMultiplier'] ?? '',
    );
    const multiplier = multiplierMatch ? Number(multiplierMatch[1]) / Number(multiplierMatch[2]) || 1 : 1;
    const smpte = plain['ttp:timeBase'] === 'smpte';
    const drop = (plain['ttp:dropMode'] ?? '').startsWith('drop');
    const tick = Number(plain['ttp:tickRate']);
    this.time = {
      smpte,
      frameRate: rate,
      multiplier,
      tickRate: tick > 0 ? tick : plain['ttp:frameRate'] ? rate * multiplier : 1,
    };
    const smpteRate = smpte ? frameRateOf(rate, multiplier, drop) : undefined;
    if (smpteRate) this.time.smpteRate = smpteRate;
    if (plain['ttp:timeBase'] === 'clock') {
      this.report(
        this.parser.line,
        'warning',
        'clock-time-base',
        'the clock time base is read as media time',
      );
    }
    const cells = /^\s*([0-9]{1,6})\s+([0-9]{1,6})\s*$/.exec(plain['ttp:cellResolution'] ?? '');
    if (cells && Number(cells[1]) > 0 && Number(cells[2]) > 0)
      this.frameSize = { columns: Number(cells[1]), rows: Number(cells[2]) };
    const extent = /^\s*([0-9.]{1,12})px\s+([0-9.]{1,12})px\s*$/.exec(styling.extent ?? '');
    if (extent && Number(extent[1]) > 0 && Number(extent[2]) > 0) {
      this.frameSize.widthPx = Number(extent[1]);
      this.frameSize.heightPx = Number(extent[2]);
    }
  }

  /**
   * A `<style>` inside a `<region>` styles that region (TTML's nested styling): above the styles the region
   * references, below its own attributes.
   */
  private nestStyle(region: RegionDefinition, plain: Attributes, styling: Attributes): void {
    Object.assign(region.nested, this.styleAttributes(refsOf(plain.style)), styling);
    this.regions.set(region.id, { ...region.referential, ...region.nested, ...region.inline });
  }

  /** The `tts:*` attributes a list of style references gives, each style resolved once. */
  private styleAttributes(refs: readonly string[]): Attributes {
    const out: Attributes = {};
    for (const ref of refs) Object.assign(out, this.resolve(ref));
    return out;
  }

  /**
   * A style's attributes: those of the styles it references (in order), then its own. Resolved depth first with
   * a stack of our own, not by recursion (a chain of ten thousand styles would overflow the call stack), each
   * style once; a reference back into the chain being resolved (a cycle) counts as an empty style.
   */
  private resolve(id: string): Attributes {
    const done = this.resolved.get(id);
    if (done) return done;
    if (!this.styles.has(id)) {
      this.drop('unknown-style', `the style "${id.slice(0, 40)}" is referenced but not defined`);
      return {};
    }
    const stack = [id];
    const next = new Map<string, number>([[id, 0]]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const record = this.styles.get(top)!;
      const at = next.get(top)!;
      if (at < record.refs.length) {
        next.set(top, at + 1);
        const ref = record.refs[at]!;
        if (!this.resolved.has(ref) && !next.has(ref) && this.styles.has(ref)) {
          if (stack.length >= MAX_STYLE_DEPTH) {
            this.tooDeep();
            continue;
          }
          next.set(ref, 0);
          stack.push(ref);
        }
        continue;
      }
      const out: Attributes = {};
      for (const ref of record.refs) Object.assign(out, this.resolved.get(ref));
      Object.assign(out, record.own);
      this.resolved.set(top, out);
      stack.pop();
    }
    return this.resolved.get(id)!;
  }

  private tooDeep(): void {
    if (this.styleTooDeep) return;
    this.styleTooDeep = true;
    this.report(
      this.parser.line,
      'warning',
      'style-chain-too-deep',
      `styles reference each other more than ${MAX_STYLE_DEPTH} deep; the styles past that are not applied`,
    );
  }

  private applyStyles(frame: Frame, plain: Attributes, styling: Attributes): void {
    const all =
      plain.style === undefined ? styling : { ...this.styleAttributes(refsOf(plain.style)), ...styling };
    // White is every format's default; another colour often marks a speaker, which the reader should know is lost.
    const color = all.color?.trim().toLowerCase();
    if (color !== undefined && !WHITE.has(color) && (frame.name === 'p' || frame.name === 'span')) {
      this.drop('dropped-color', `the colour ${color.slice(0, 30)} is not kept`);
    }
    if (all.fontStyle !== undefined) frame.italic = flagValue('italic', all.fontStyle) ?? frame.italic;
    if (all.textAlign !== undefined) frame.textAlign = all.textAlign.trim();
    if (all.fontWeight !== undefined) frame.bold = flagValue('bold', all.fontWeight) ?? frame.bold;
    const decoration = all.textDecoration;
    if (decoration !== undefined) {
      frame.underline = flagValue('underline', decoration) ?? frame.underline;
      frame.strike = strikeValue(decoration) ?? frame.strike;
      if (/overline/.test(decoration)) {
        this.drop('dropped-decoration', `the text decoration "${decoration.slice(0, 30)}" is not kept`);
      }
    }
    if (frame.name === 'p') {
      const layout: Attributes = {};
      let any = false;
      for (const key of LAYOUT) {
        const value = all[key];
        if (value === undefined) continue;
        layout[key] = value;
        any = true;
      }
      if (any) frame.layout = layout;
    }
  }

  private timeOf(value: string | undefined, what: string): number | undefined {
    if (value === undefined) return undefined;
    const ms = parseTtmlTime(value, this.time);
    if (ms === undefined) {
      this.report(
        this.parser.line,
        'error',
        'bad-timecode',
        `cannot read the ${what} time ${JSON.stringify(value.slice(0, 40))}`,
      );
    }
    return ms;
  }

  private applyTiming(frame: Frame, plain: Attributes, name: string): void {
    const parent = this.stack[this.stack.length - 2];
    const timed = name === 'body' || name === 'div' || name === 'p';
    // In a seq container a child begins where the previous one ended (the container's begin for the first).
    if (timed && parent?.seq && parent.previousEnd !== undefined) frame.beginMs = parent.previousEnd;
    if (plain.begin === undefined && plain.end === undefined && plain.dur === undefined) return;
    if (name === 'span' || name === 'br') {
      this.drop(
        'dropped-span-timing',
        'timing inside a subtitle (karaoke) is not kept; the subtitle keeps its own',
      );
      return;
    }
    const parentBegin = frame.beginMs;
    const begin = this.timeOf(plain.begin, 'begin');
    const end = this.timeOf(plain.end, 'end');
    const dur = this.timeOf(plain.dur, 'dur');
    frame.beginMs = parentBegin + (begin ?? 0);
    if (Number.isFinite(frame.beginMs)) this.latestMs = Math.max(this.latestMs, frame.beginMs);
    const ends = [
      end === undefined ? undefined : parentBegin + end,
      dur === undefined ? undefined : frame.beginMs + dur,
    ];
    for (const candidate of ends) {
      if (candidate === undefined) continue;
      frame.ownEnd = true;
      frame.endMs = frame.endMs === undefined ? candidate : Math.min(frame.endMs, candidate);
    }
    if (
      (plain.begin !== undefined && begin === undefined) ||
      (plain.end !== undefined && end === undefined)
    ) {
      frame.skip = true;
    }
  }

  private openCue(frame: Frame): void {
    if (this.text) {
      this.drop('nested-p', 'a <p> inside a <p> is read as part of it');
      return;
    }
    this.text = new StyledText();
    this.cueReports.clear();
    this.cueLine = this.parser.line;
    this.cue = { startMs: frame.beginMs, endMs: -1, lines: [] };
  }

  private characters(text: string): void {
    if (this.inAgentName) {
      this.agentName += text;
      return;
    }
    const frame = this.stack[this.stack.length - 1];
    if (!frame || frame.skip) return;
    if (!this.text) {
      if (frame.name !== 'tt' && frame.name !== 'head' && /\S/.test(text) && frame.name !== '') {
        this.drop(
          'stray-text',
          `text outside any subtitle (<p>) is not used: ${JSON.stringify(text.trim().slice(0, 40))}`,
        );
      }
      return;
    }
    this.setStyle(frame);
    if (frame.preserve && /[\r\n]/.test(text)) {
      const parts = text.split(/\r\n|\r|\n/);
      parts.forEach((part, i) => {
        if (i > 0) this.text!.newline();
        this.text!.text(part);
      });
    } else this.text.text(text);
  }

  private setStyle(frame: Frame): void {
    const text = this.text!;
    text.set('italic', frame.italic);
    text.set('bold', frame.bold);
    text.set('underline', frame.underline);
    text.set('strike', frame.strike);
  }

  /**
   * When a body, div or p ends, as imsc resolves it: its own end; else a p runs to its ancestors' end (Infinity
   * when none has one: the document's end) and a container to that of its children (the last one in seq, the
   * latest in par). The parent learns it, for the next child of a seq and for its own implicit end.
   */
  private resolveEnd(frame: Frame): number {
    let end: number;
    if (frame.ownEnd || frame.name === 'p') end = frame.endMs ?? Number.POSITIVE_INFINITY;
    else {
      const children = frame.seq ? frame.previousEnd : frame.latestChildEnd;
      end = Math.min(children ?? frame.beginMs, frame.endMs ?? Number.POSITIVE_INFINITY);
    }
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      parent.previousEnd = end;
      parent.latestChildEnd = Math.max(parent.latestChildEnd ?? end, end);
    }
    if (Number.isFinite(end)) this.latestMs = Math.max(this.latestMs, end);
    return end;
  }

  private close(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.declared) this.namespaces.release(frame.declared);
    if (frame.meta === 'name') {
      this.inAgentName = false;
      if (this.agentId !== undefined) this.agents.set(this.agentId, this.agentName.trim());
      return;
    }
    if (frame.meta === 'agent' && this.agentId !== undefined) {
      // An agent without a name is named by its id.
      if (!this.agents.has(this.agentId) || this.agents.get(this.agentId) === '')
        this.agents.set(this.agentId, this.agentId);
      this.agentId = undefined;
      return;
    }
    const timed = frame.name === 'body' || frame.name === 'div' || frame.name === 'p';
    const end = timed ? this.resolveEnd(frame) : 0;
    if (frame.name !== 'p' || !this.text || !this.cue) return;
    const cue = this.cue;
    const text = this.text;
    this.text = undefined;
    this.cue = undefined;
    if (frame.skip) return;
    cue.endMs = end;
    if (cue.startMs === Number.POSITIVE_INFINITY) {
      this.report(
        this.cueLine,
        'error',
        'never-shown',
        'a subtitle (<p>) comes after one without an end in a timeContainer="seq"; it is never shown and not used',
      );
      return;
    }
    if (cue.endMs <= cue.startMs) {
      this.report(
        this.cueLine,
        'error',
        cue.endMs === cue.startMs ? 'zero-duration' : 'end-before-start',
        'a subtitle ends before or when it begins; it is not used',
      );
      return;
    }
    const lines = text.finish();
    cue.lines = frame.preserve ? lines : lines.map(collapseLine).filter((line) => line.length > 0);
    if (cue.lines.length === 0) {
      if (this.emptyCount++ === 0) this.firstEmptyLine = this.cueLine;
      return;
    }
    const anchor = this.anchor(frame.region, frame.layout, frame.textAlign);
    if (anchor) placeCue(cue, anchor);
    if (frame.agent !== undefined) cue.speaker = this.agents.get(frame.agent) ?? frame.agent;
    this.finished = { cue, line: this.cueLine };
  }

  /**
   * Where the text's block sits: the edge of the area `tts:origin`/`tts:extent` give that its displayAlign names,
   * across at its textAlign (the paragraph's, inherited, else its region's, else TTML's `start`: left; `justify`
   * too), the paragraph's own layout over its region's. Without either, none (bottom, every format's default);
   * without a readable origin, the frame's top left corner (as `auto`).
   */
  private anchor(
    regionId: string | undefined,
    layout: Attributes | undefined,
    inherited: string | undefined,
  ): CueAnchor | undefined {
    let region: Attributes | undefined;
    if (regionId !== undefined) {
      region = this.regions.get(regionId);
      if (!region) {
        this.report(
          this.cueLine,
          'warning',
          'unknown-region',
          `the region "${regionId.slice(0, 40)}" is not defined; the subtitle is placed at the bottom`,
        );
        if (!layout) return undefined;
      }
    }
    if (!region && !layout) return undefined;
    // A paragraph's own origin makes its own area: the region's extent no longer applies to it.
    const own = layout?.origin !== undefined;
    const origin = fractions(layout?.origin ?? region?.origin, this.frameSize);
    const extent = fractions(layout?.extent ?? (own ? undefined : region?.extent), this.frameSize);
    const align = (layout?.displayAlign ?? region?.displayAlign ?? 'before').trim();
    const textAlign = inherited ?? region?.textAlign?.trim() ?? 'start';
    const [x, y] = origin ?? [0, 0];
    const [width, height] = extent ?? [1 - x!, 1 - y!];
    const vertical = align === 'after' ? 'bottom' : align === 'center' ? 'middle' : 'top';
    const edge = vertical === 'bottom' ? y! + height! : vertical === 'middle' ? y! + height! / 2 : y!;
    const horizontal =
      textAlign === 'center' ? 'center' : textAlign === 'right' || textAlign === 'end' ? 'right' : 'left';
    const across = horizontal === 'left' ? x! : horizontal === 'right' ? x! + width! : x! + width! / 2;
    return { x: across * 100, y: edge * 100, vertical, horizontal, width: width! * 100 };
  }
}

function refsOf(value: string | undefined): string[] {
  return value === undefined
    ? []
    : value
        .trim()
        .split(/\s+/)
        .filter((ref) => ref !== '');
}

/** Reads a TTML document (IMSC, EBU-TT-D, DFXP): every <p> a cue or an issue. */
export function readTtml(input: string | Uint8Array): ReadResult {
  const decoded = decodeInput(input);
  const issues: SubtitleIssue[] = [...decoded.issues];
  const reader = new TtmlReader(issues);
  reader.read(decoded.text);
  const result: ReadResult = { subtitles: { cues: reader.cues }, lines: reader.lines, issues };
  if (reader.lang !== undefined) result.subtitles.lang = reader.lang;
  return result;
}
