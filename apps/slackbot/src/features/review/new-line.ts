// A line the transcription missed, added from the review: the dialog (start, end, translation, speaker) shown
// in the review's own modal, and the reader that checks what was typed. Timecodes are accepted as people type
// them (1:02.5, 00:01:02,500, 62) and sent as the service writes them (HH:MM:SS,mmm). Pure.
import { msToTimecode } from '@dubkit/core';
import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import type { NewSegment } from '../../store/store.ts';
import {
  type Block,
  button,
  codeSpan,
  context,
  escapeText,
  LIMITS,
  plain,
  type StateValues,
  section,
  truncate,
  truncateMrkdwn,
} from '../../ui/blocks.ts';

export const NEW_LINE = {
  callbackId: 'review_add',
  open: 'review_add_open',
  back: 'review_add_back',
  startBlock: 'nl_start',
  endBlock: 'nl_end',
  textBlock: 'nl_text',
  speakerBlock: 'nl_speaker',
  action: 'nl_value',
} as const;

const INPUT_MAX = 3000;
/** A timecode's longest spelling people type ("HH:MM:SS,mmm" and a little slack). */
const TIMECODE_MAX = 16;

/** "1:02.5", "01:02:03,250", "62" → milliseconds; null for anything else. */
export function parseTimecode(text: string): number | null {
  const match = /^(?:(?:(\d{1,2}):)?(\d{1,2}):)?(\d{1,2}|\d+)(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, h, m, s, frac] = match;
  const minutes = Number(m ?? 0);
  const seconds = Number(s);
  // Below the largest unit given, minutes and seconds stay under 60 ("1:75" is a typo, not 2:15).
  if ((m !== undefined && seconds >= 60) || (h !== undefined && minutes >= 60)) return null;
  const ms = Number((frac ?? '').padEnd(3, '0') || 0);
  return ((Number(h ?? 0) * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

/** A video's length as people read it: "0:57", "1:02:03" (whole seconds, rounded up). */
export function clockTime(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The line typed in the dialog, or what is wrong with it by input (Slack shows each under its input). With the
 * video's length, a line ending past it is refused here rather than by the service when the review is saved.
 */
export function readNewLine(
  values: StateValues,
  videoMs?: number,
): { ok: true; line: NewSegment } | { ok: false; errors: Record<string, string> } {
  const text = (block: string) => values[block]?.[NEW_LINE.action]?.value?.trim() ?? '';
  const errors: Record<string, string> = {};
  const start = parseTimecode(text(NEW_LINE.startBlock));
  const end = parseTimecode(text(NEW_LINE.endBlock));
  if (start === null) errors[NEW_LINE.startBlock] = 'A time like 1:02.5 or 00:01:02,500.';
  if (end === null) errors[NEW_LINE.endBlock] = 'A time like 1:04 or 00:01:04,000.';
  else if (start !== null && end <= start) errors[NEW_LINE.endBlock] = 'The line must end after it starts.';
  else if (videoMs !== undefined && end > videoMs)
    errors[NEW_LINE.endBlock] = `The video is ${clockTime(videoMs)} long: the line must end by then.`;
  const dst = text(NEW_LINE.textBlock);
  if (dst === '') errors[NEW_LINE.textBlock] = 'What the line says, translated.';
  if (Object.keys(errors).length > 0 || start === null || end === null) return { ok: false, errors };
  const speaker = values[NEW_LINE.speakerBlock]?.[NEW_LINE.action]?.selected_option?.value ?? null;
  return {
    ok: true,
    line: { start: msToTimecode(start), end: msToTimecode(end), dst, speaker: speaker || null },
  };
}

/** A line the added one is checked against: "#14" (a segment, by its number in the review) or one added before. */
export interface TimedLine {
  label: string;
  start: string;
  end: string;
}

/** A time as people read it: "2:52", "2:54.5", "1:02:03.25". */
export function spokenTime(ms: number): string {
  const whole = clockTime(Math.floor(ms / 1000) * 1000);
  const fraction = ms % 1000;
  return fraction === 0 ? whole : `${whole}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
}

/** Lines overlapping at most this many are named; the rest are counted. */
const NAMED_OVERLAPS = 3;

/**
 * Why a line to add cannot go where it was typed: it overlaps lines the dub keeps (a platform refuses
 * overlapping subtitles), named as the review shows them; undefined when it fits. Lines that only touch it
 * (one ends as it starts) are fine.
 */
export function overlapProblem(line: NewSegment, others: readonly TimedLine[]): string | undefined {
  const ms = (timecode: string) => parseTimecode(timecode) ?? Number.NaN;
  const [start, end] = [ms(line.start), ms(line.end)];
  const hits = others.filter((other) => ms(other.start) < end && start < ms(other.end));
  if (hits.length === 0) return undefined;
  const named = hits
    .slice(0, NAMED_OVERLAPS)
    .map((o) => `${o.label} (${spokenTime(ms(o.start))}–${spokenTime(ms(o.end))})`);
  if (hits.length > named.length) named.push(`${hits.length - named.length} more`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return (
    `${spokenTime(start)}–${spokenTime(end)} overlaps ${list}: platforms refuse overlapping subtitles. ` +
    `Pick times outside ${hits.length === 1 ? 'that line' : 'those lines'}, or remove ${hits.length === 1 ? 'it' : 'them'} in the review first.`
  );
}

/** The dialog, in the review's modal (its edits are kept in the store meanwhile); Back returns to the page. */
export function newLineView(input: {
  sessionId: string;
  lang: string;
  speakers: types.PlainTextOption[];
  /** The video's length, when the service knows it. */
  videoMs?: number | undefined;
}): types.ModalView {
  const textInput = (
    block: string,
    label: string,
    placeholder: string,
    max: number,
    multiline = false,
  ): Block => ({
    type: 'input',
    block_id: block,
    label: plain(label),
    element: {
      type: 'plain_text_input',
      action_id: NEW_LINE.action,
      placeholder: plain(placeholder),
      max_length: max,
      ...(multiline ? { multiline: true } : {}),
    },
  });
  const blocks: Block[] = [
    section(
      `*Add a missing line to the ${escapeText(languageName(input.lang))} dub.* It is sent with the review's ` +
        '*Save*, and the next render says it (and charges its length).',
    ),
    textInput(NEW_LINE.startBlock, 'Starts at', '00:01:02,500', TIMECODE_MAX),
    textInput(NEW_LINE.endBlock, 'Ends at', '00:01:04,000', TIMECODE_MAX),
    textInput(NEW_LINE.textBlock, 'Translation', 'What is said, translated', INPUT_MAX, true),
  ];
  if (input.speakers.length > 0)
    blocks.push({
      type: 'input',
      block_id: NEW_LINE.speakerBlock,
      optional: true,
      label: plain('Speaker'),
      element: {
        type: 'static_select',
        action_id: NEW_LINE.action,
        placeholder: plain('The service’s first speaker'),
        options: input.speakers.slice(0, LIMITS.options),
      },
    });
  const length =
    input.videoMs === undefined ? '' : ` The video is ${clockTime(input.videoMs)} long: a line ends by then.`;
  blocks.push(context(`Times are from the start of the video: 1:02.5, 62.5 or 00:01:02,500.${length}`), {
    type: 'actions',
    block_id: 'nl_nav',
    elements: [button('◀ Back to the review', NEW_LINE.back, input.sessionId)],
  });
  return {
    type: 'modal',
    callback_id: NEW_LINE.callbackId,
    private_metadata: input.sessionId,
    title: plain(truncate(`Review · ${languageName(input.lang)}`, LIMITS.modalTitle)),
    submit: plain('Add line'),
    close: plain('Cancel'),
    blocks,
  };
}

/** "Lines to add: 00:01:02,500 → 00:01:04,000 SPEAKER_01 “Hola”", for the review's page. */
export function additionsSummary(additions: NewSegment[]): string {
  return truncateMrkdwn(
    `*Lines to add when you save (${additions.length})*\n${linesText(additions, 200, 10)}`,
    LIMITS.sectionText,
  );
}

/** Lines a save could not add, quoted whole (as far as a section holds) so that nothing typed is lost. */
export function refusedLinesText(lines: NewSegment[]): string {
  return linesText(lines, 1000, 5);
}

function linesText(lines: NewSegment[], chars: number, count: number): string {
  const shown = lines
    .slice(0, count)
    .map(
      (a) =>
        `${codeSpan(`${a.start} → ${a.end}`)}${a.speaker ? ` ${escapeText(a.speaker)}` : ''} “${escapeText(truncate(a.dst, chars))}”`,
    );
  if (lines.length > shown.length) shown.push(`…and ${lines.length - shown.length} more`);
  return shown.join('\n');
}
