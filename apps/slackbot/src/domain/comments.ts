// A comment on one line of a dubbed language, written as a reply in the job's thread ("#12 too formal",
// "01:23 the name is wrong", "German #12 …"): anchored to the segment by its stable number for the life of
// the job (a removal leaves a gap, an added line gets the next number), and resolved when a newer render
// changes that segment. The reader is linear in the text's length: one walk over its characters, no regex.

export interface SegmentComment {
  id: string;
  targetId: string;
  segmentId: string;
  /** The segment's stable number (#12). */
  number: number;
  userId: string;
  text: string;
  /** The render the comment was made on. */
  render: number;
  at: number;
  /** The render that changed the segment after it, once one did (or the render current when someone closed it). */
  resolvedIn: number | null;
  /** Who closed it by hand (Resolve comments…); null when a render did, or while it is open. */
  resolvedBy: string | null;
}

/** Where a comment points: a segment's number, or a time in the video (ms). */
export type CommentAnchor = { kind: 'number'; number: number } | { kind: 'time'; ms: number };

export interface LineComment {
  /** The words before the anchor (a language's name, when the job has several). */
  before: string;
  anchor: CommentAnchor;
  /** What the person said about the line. */
  text: string;
}

/** The longest comment kept, and the most words read before its anchor. */
export const COMMENT_MAX = 500;
const BEFORE_MAX = 40;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Digits from `i`: their value and where they end (at most `max` of them). */
function digits(text: string, i: number, max: number): { value: number; end: number } | undefined {
  let end = i;
  while (end < text.length && end - i < max && isDigit(text[end])) end += 1;
  if (end === i || isDigit(text[end])) return undefined;
  return { value: Number(text.slice(i, end)), end };
}

/** "#12" at `i`: the number and where it ends. */
function numberAt(text: string, i: number): { anchor: CommentAnchor; end: number } | undefined {
  if (text[i] !== '#') return undefined;
  const n = digits(text, i + 1, 6);
  return n && n.value > 0 ? { anchor: { kind: 'number', number: n.value }, end: n.end } : undefined;
}

/** "01:23" or "1:02:03" at `i`: the time and where it ends. */
function timeAt(text: string, i: number): { anchor: CommentAnchor; end: number } | undefined {
  const parts: number[] = [];
  let at = i;
  for (;;) {
    const n = digits(text, at, 2);
    if (!n) return undefined;
    parts.push(n.value);
    at = n.end;
    if (text[at] !== ':' || parts.length === 3) break;
    at += 1;
  }
  if (parts.length < 2 || parts.slice(1).some((p) => p > 59)) return undefined;
  const seconds = parts.reduce((total, p) => total * 60 + p, 0);
  return { anchor: { kind: 'time', ms: seconds * 1000 }, end: at };
}

/**
 * A thread reply read as a comment on a line: an anchor (`#12`, `01:23`) as its first or second word or
 * after a few words (a language's name), followed by what to say; undefined when it is not one.
 */
export function readLineComment(message: string): LineComment | undefined {
  const text = message.trim();
  const limit = Math.min(text.length, BEFORE_MAX);
  for (let i = 0; i < limit; i++) {
    if (i > 0 && text[i - 1] !== ' ') continue;
    const found = numberAt(text, i) ?? timeAt(text, i);
    if (!found) continue;
    if (found.end < text.length && text[found.end] !== ' ' && text[found.end] !== ':') return undefined;
    const said = text.slice(found.end + 1).trim();
    if (!said) return undefined;
    return { before: text.slice(0, i).trim(), anchor: found.anchor, text: said.slice(0, COMMENT_MAX) };
  }
  return undefined;
}
