// The review modal: a language's segments, a page at a time (timecodes, source text, the translation in an
// input, speaker, remove), the lines to add and the button that adds one, within Slack's limits for a view;
// the views shown while and after saving; and the reader of a page's inputs. Pure builders.
import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import type { NewSegment, ReviewSegment, SegmentEdit } from '../../store/store.ts';
import {
  type Block,
  button,
  context,
  escapeText,
  LIMITS,
  modalTitle,
  noticeModal,
  plain,
  type StateValues,
  section,
  truncate,
} from '../../ui/blocks.ts';
import { LINE_COMMENT } from './line-comment.ts';
import { additionsSummary, NEW_LINE } from './new-line.ts';
import { fixSourceButton } from './source-fix-blocks.ts';

export const REVIEW = {
  callbackId: 'review_modal',
  forceCallbackId: 'review_force',
  next: 'review_next',
  previous: 'review_previous',
  dstAction: 'review_dst',
  speakerAction: 'review_speaker',
  removeAction: 'review_remove',
  removeValue: 'remove',
  dstBlock: 'rv_dst:',
  metaBlock: 'rv_meta:',
} as const;

/** Slack's limit for a plain-text input's value. */
export const INPUT_MAX = 3000;
/** Blocks a segment takes: the source, the translation, the speaker and remove controls. */
const BLOCKS_PER_SEGMENT = 3;
/** Blocks around the segments: a notice, the page line, the lines to add, and the page and add buttons. */
const FRAME_BLOCKS = 4;
export const SEGMENTS_PER_PAGE = Math.min(
  20,
  Math.floor((LIMITS.modalBlocks - FRAME_BLOCKS) / BLOCKS_PER_SEGMENT),
);
/** Inputs one translation may be split across: longer ones are shown, said to be too long, and kept as they are. */
const MAX_PARTS = 5;
/** Ends a part's block id: the part's number, and whether a space was taken out between it and the next. */
const PART = /~(\d+)([sn])$/;
/** Characters of segment text on one page, to keep a view's payload small for the Slack client. */
const PAGE_TEXT_BUDGET = 24_000;
const MAX_SPEAKER_OPTIONS = LIMITS.options;

/**
 * Page boundaries: consecutive segments, at most SEGMENTS_PER_PAGE a page and, beyond the first segment of
 * a page, no more than PAGE_TEXT_BUDGET characters. Returns the index of each page's first segment.
 */
export function pageStarts(segments: ReviewSegment[]): number[] {
  const starts: number[] = [];
  let count = 0;
  let chars = 0;
  segments.forEach((segment, index) => {
    const size =
      Math.min(segment.src.length, LIMITS.sectionText) + Math.min(segment.dst.length, INPUT_MAX * MAX_PARTS);
    if (index === 0 || count >= SEGMENTS_PER_PAGE || chars + size > PAGE_TEXT_BUDGET) {
      starts.push(index);
      count = 0;
      chars = 0;
    }
    count++;
    chars += size;
  });
  return starts.length > 0 ? starts : [0];
}

export interface ReviewModalInput {
  sessionId: string;
  lang: string;
  segments: ReviewSegment[];
  edits: Record<string, SegmentEdit>;
  /** Lines to add when saving. */
  additions?: NewSegment[];
  page: number;
  /** Said above the segments: what a partly refused save saved and what it kept to fix. */
  notice?: string;
}

export function reviewModal(input: ReviewModalInput): types.ModalView {
  const starts = pageStarts(input.segments);
  const page = Math.min(Math.max(0, input.page), starts.length - 1);
  const first = starts[page] ?? 0;
  const end = starts[page + 1] ?? input.segments.length;
  const changes = Object.keys(input.edits).length;
  const blocks: Block[] = [
    ...(input.notice ? [section(truncate(input.notice, LIMITS.sectionText))] : []),
    context(
      input.segments.length === 0
        ? 'This translation has no segments.'
        : `Page ${page + 1} of ${starts.length} · segments ${first + 1}–${end} of ${input.segments.length}` +
            (changes > 0 ? ` · ${changes} changed so far` : '') +
            ((input.additions?.length ?? 0) > 0 ? ` · ${input.additions?.length} to add` : '') +
            ' · press *Save* on any page to save every page',
    ),
  ];
  const speakers = speakerOptions(input.segments);
  for (let i = first; i < end; i++) {
    const segment = input.segments[i]!;
    blocks.push(...segmentBlocks(segment, segment.number ?? i + 1, input.edits[segment.id], speakers));
  }
  const additions = input.additions ?? [];
  if (additions.length > 0) blocks.push(section(additionsSummary(additions)));
  const nav: types.Button[] = [];
  if (page > 0) nav.push(button('◀ Previous', REVIEW.previous, input.sessionId));
  if (page < starts.length - 1) nav.push(button('Next ▶', REVIEW.next, input.sessionId));
  nav.push(button('➕ Add a missing line', NEW_LINE.open, input.sessionId));
  blocks.push({ type: 'actions', block_id: 'rv_nav', elements: nav });
  return {
    type: 'modal',
    callback_id: REVIEW.callbackId,
    private_metadata: input.sessionId,
    title: plain(truncate(`Review · ${languageName(input.lang)}`, LIMITS.modalTitle)),
    submit: plain('Save'),
    close: plain('Cancel'),
    blocks,
  };
}

function segmentBlocks(
  segment: ReviewSegment,
  number: number,
  edit: SegmentEdit | undefined,
  speakers: types.PlainTextOption[],
): Block[] {
  const timing = `*#${number}*  \`${segment.start} → ${segment.end}\``;
  const source = segment.src ? escapeText(segment.src) : '_(no source text)_';
  // A flagged segment says why first (the note's own text is escaped: it quotes glossary terms).
  const why = segment.note ? `\n${escapeText(segment.note).replace(/^/gm, '⚠️ ')}` : '';
  // Comments made on the line in the thread, still open: who and what, beside it.
  const said = (segment.comments ?? [])
    .map((c) => `\n💬 <@${c.userId}>: ${escapeText(truncate(c.text, 300))}`)
    .join('');
  // Fix source beside the segment: no block of its own, so a page holds as many segments as before.
  const head: Block = {
    ...section(truncate(`${timing}${why}${said}\n${source}`, LIMITS.sectionText)),
    accessory: fixSourceButton(segment.id),
  } as Block;
  const text = edit?.dst ?? segment.dst;
  const parts = splitForInputs(text);
  const translation: Block[] = parts
    ? parts.map((part, k) => ({
        type: 'input',
        block_id: `${REVIEW.dstBlock}${segment.id}${parts.length > 1 ? `~${k}${part.spaceAfter ? 's' : 'n'}` : ''}`,
        label: plain(parts.length > 1 ? `Translation, part ${k + 1} of ${parts.length}` : 'Translation'),
        // Emptying a translation is not a way to remove a segment: the remove box is.
        optional: segment.dst === '' || k > 0,
        element: {
          type: 'plain_text_input',
          action_id: REVIEW.dstAction,
          multiline: true,
          max_length: INPUT_MAX,
          ...(part.text ? { initial_value: part.text } : {}),
        },
      }))
    : [
        // Past what the inputs hold: shown with its length said, never cut and saved back.
        section(
          truncate(
            `_This translation is ${text.length} characters, too long to edit in Slack (up to ${INPUT_MAX * MAX_PARTS}); it is kept as it is. Its beginning:_\n${escapeText(text.slice(0, 2000))}…`,
            LIMITS.sectionText,
          ),
        ),
      ];
  const speaker = edit?.speaker ?? segment.speaker;
  const select: types.StaticSelect = {
    type: 'static_select',
    action_id: REVIEW.speakerAction,
    placeholder: plain('Speaker'),
    options: speakers,
    ...(speaker ? { initial_option: speakers.find((o) => o.value === speaker) ?? option(speaker) } : {}),
  };
  const remove: types.Checkboxes = {
    type: 'checkboxes',
    action_id: REVIEW.removeAction,
    options: [option('Remove this segment', REVIEW.removeValue)],
    ...(edit?.removed ? { initial_options: [option('Remove this segment', REVIEW.removeValue)] } : {}),
  };
  // Comment beside the line's controls: no block of its own, so a page holds as many segments as before.
  const comment = button('💬 Comment', LINE_COMMENT.open, segment.id);
  return [
    head,
    ...translation,
    { type: 'actions', block_id: `${REVIEW.metaBlock}${segment.id}`, elements: [select, remove, comment] },
  ];
}

/**
 * A translation in pieces Slack's inputs hold (INPUT_MAX each), cut at a space where there is one (the space
 * taken out, put back when read) and never inside a surrogate pair; undefined past MAX_PARTS pieces.
 */
export function splitForInputs(text: string): { text: string; spaceAfter: boolean }[] | undefined {
  if (text.length > INPUT_MAX * MAX_PARTS) return undefined;
  const parts: { text: string; spaceAfter: boolean }[] = [];
  let rest = text;
  while (rest.length > INPUT_MAX) {
    const space = rest.lastIndexOf(' ', INPUT_MAX);
    if (space > INPUT_MAX / 2) {
      parts.push({ text: rest.slice(0, space), spaceAfter: true });
      rest = rest.slice(space + 1);
    } else {
      const low = rest.charCodeAt(INPUT_MAX);
      const cut = low >= 0xdc00 && low <= 0xdfff ? INPUT_MAX - 1 : INPUT_MAX;
      parts.push({ text: rest.slice(0, cut), spaceAfter: false });
      rest = rest.slice(cut);
    }
    if (parts.length >= MAX_PARTS) return undefined;
  }
  parts.push({ text: rest, spaceAfter: false });
  return parts;
}

/** SPEAKER_00 … one past the highest speaker the segments name (so a new speaker can be given). */
export function speakerOptions(segments: ReviewSegment[]): types.PlainTextOption[] {
  let highest = -1;
  for (const segment of segments) {
    const n = Number(segment.speaker?.match(/^SPEAKER_(\d+)$/)?.[1] ?? -1);
    if (n > highest) highest = n;
  }
  const count = Math.min(MAX_SPEAKER_OPTIONS, Math.max(2, highest + 2));
  return Array.from({ length: count }, (_, i) => option(`SPEAKER_${String(i).padStart(2, '0')}`));
}

/** The edits a page's state holds (every segment shown on it; unchanged ones are dropped when merged). */
export function readReviewPage(values: StateValues): Record<string, SegmentEdit> {
  const edits: Record<string, SegmentEdit> = {};
  const at = (id: string) => {
    edits[id] ??= {};
    return edits[id];
  };
  const parts = new Map<string, { k: number; text: string; space: boolean }[]>();
  for (const [blockId, block] of Object.entries(values)) {
    if (blockId.startsWith(REVIEW.dstBlock)) {
      const value = block[REVIEW.dstAction]?.value ?? '';
      const key = blockId.slice(REVIEW.dstBlock.length);
      const part = PART.exec(key);
      if (!part) {
        at(key).dst = value;
        continue;
      }
      const id = key.slice(0, part.index);
      const list = parts.get(id) ?? [];
      list.push({ k: Number(part[1]), text: value, space: part[2] === 's' });
      parts.set(id, list);
    } else if (blockId.startsWith(REVIEW.metaBlock)) {
      const id = blockId.slice(REVIEW.metaBlock.length);
      const speaker = block[REVIEW.speakerAction]?.selected_option?.value;
      if (speaker) at(id).speaker = speaker;
      const removed = (block[REVIEW.removeAction]?.selected_options ?? []).some(
        (o) => o.value === REVIEW.removeValue,
      );
      at(id).removed = removed;
    }
  }
  // A translation split across inputs, joined in order with the spaces taken out between its parts.
  for (const [id, list] of parts) {
    list.sort((a, b) => a.k - b.k);
    at(id).dst = list.map((p, i) => p.text + (p.space && i < list.length - 1 ? ' ' : '')).join('');
  }
  return edits;
}

/** Shown while the save is sent to the service (the submission is answered at once). */
export function savingView(lang: string | null): types.ModalView {
  return noticeView(lang, '⏳ Checking for changes made by others, then saving…');
}

/** The save went through. */
export function savedView(lang: string, summary: string): types.ModalView {
  return noticeView(lang, `✅ Saved: ${summary}.\nPress *Render again* in the thread to hear it.`);
}

/**
 * Nothing to save, or the save failed: `message` says which; titled for the dialog it stands in for (the
 * review, or the Speakers & voices dialog).
 */
export function noticeView(
  lang: string | null,
  message: string,
  dialog: 'Review' | 'Speakers' = 'Review',
): types.ModalView {
  return noticeModal(modalTitle(dialog, lang), message, 'Done');
}

export interface ConflictLine {
  number: number;
  now: string | null;
  mine: string | null;
}

/** Someone changed segments this save would overwrite: nothing was saved; the reviewer may overwrite. */
export function conflictView(input: { sessionId: string; lang: string; conflicts: ConflictLine[] }) {
  const shown = input.conflicts.slice(0, LIMITS.modalBlocks - 3);
  const quote = (text: string | null, what: string) =>
    text === null ? `_${what}_` : `“${escapeText(truncate(text, 1200))}”`;
  const blocks: Block[] = [
    section(
      `⚠️ *Nothing was saved.* ${input.conflicts.length} segment${input.conflicts.length === 1 ? ' was' : 's were'} ` +
        'changed by someone else since you opened this review. Saving now would overwrite their changes.',
    ),
    ...shown.map((c) =>
      section(`*#${c.number}*\nNow: ${quote(c.now, 'deleted')}\nYours: ${quote(c.mine, 'remove it')}`),
    ),
  ];
  if (shown.length < input.conflicts.length)
    blocks.push(context(`…and ${input.conflicts.length - shown.length} more.`));
  blocks.push(
    context(
      '*Save mine anyway* overwrites them with your version. *Discard* keeps theirs; open the review again to start from it.',
    ),
  );
  const view: types.ModalView = {
    type: 'modal',
    callback_id: REVIEW.forceCallbackId,
    private_metadata: input.sessionId,
    title: plain(truncate(`Review · ${languageName(input.lang)}`, LIMITS.modalTitle)),
    submit: plain('Save mine anyway'),
    close: plain('Discard'),
    blocks,
  };
  return view;
}

function option(text: string, value: string = text): types.PlainTextOption {
  return { text: plain(truncate(text, LIMITS.optionText)), value: truncate(value, LIMITS.optionValue) };
}
