// Small helpers shared by the Block Kit builders: escaping, truncation to Slack's limits, and the few block
// shapes the app uses. Pure functions.
import type { types } from '@slack/bolt';
import { languageName } from '../domain/languages.ts';

export type Block = types.KnownBlock;

/** What a message needs: blocks for the client, text for notifications and screen readers. */
export interface MessageContent {
  text: string;
  blocks: Block[];
}

/** Slack's limits the builders stay within (https://docs.slack.dev/reference/block-kit). */
export const LIMITS = {
  messageBlocks: 50,
  modalBlocks: 100,
  sectionText: 3000,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  blockId: 255,
  optionText: 75,
  optionValue: 150,
  options: 100,
  optionGroups: 100,
  placeholder: 150,
  headerText: 150,
  messageText: 4000,
  modalTitle: 24,
} as const;

/**
 * The one rule for a value a person or the service supplied (a title, a file name, a glossary name, a
 * segment's text), wherever it lands in mrkdwn or a message's `text`: `&`, `<` and `>` become entities (so no
 * mention or link can open), and a character that could open or close formatting becomes a look-alike that
 * Slack does not parse: `*` → `∗`, `_` → `ˍ`, `~` → `∼`, every backtick → `ˋ`. Slack's mrkdwn has no backslash
 * escape; zero-width characters beside a marker depend on Slack's unwritten word-boundary rules and make an
 * invisible difference in copied text, and plain_text elements cannot sit inside a sentence with bold and
 * links. The look-alikes always work and read the same. A `*`, `_` or `~` between two letters or digits
 * (`SPEAKER_01`, `my_talk.mp4`) can neither open nor close formatting in Slack and stays as typed. Values are
 * capped at `MAX_VALUE` escaped characters.
 */
export function escapeText(text: string): string {
  return capped(
    escapeEntities(text)
      .replace(/(?<![\p{L}\p{N}])[*_~]|[*_~](?![\p{L}\p{N}])/gu, (c) => LOOKALIKES[c] ?? c)
      .replace(/`/g, LOOKALIKES['`'] ?? ''),
  );
}

/**
 * The most of one value a message shows (escaped characters): with a few values and the app's words a
 * message stays within Slack's 3,000 characters a section and 4,000 of `text`.
 */
const MAX_VALUE = 1000;

/** An escaped value cut to `MAX_VALUE`, never inside an entity. */
function capped(escaped: string): string {
  return escaped.length <= MAX_VALUE ? escaped : `${withoutCutEntity(escaped.slice(0, MAX_VALUE - 1))}…`;
}

/** `text` without an entity cut off at its end (`&am`). */
function withoutCutEntity(text: string): string {
  return text.replace(/&[a-z]{0,3}$/, '');
}

const LOOKALIKES: Record<string, string> = { '*': '∗', _: 'ˍ', '~': '∼', '`': 'ˋ' };

/** Only the three characters Slack reads as control characters, for text inside a code span. */
function escapeEntities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An app-written sentence that may quote values (a problem, a failure, a checker's issue): its code spans
 * (`/dub list`, a request id) stay code spans, entity-escaped; everything else follows `escapeText`.
 */
export function escapeProse(text: string): string {
  const escaped = text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? codeSpan(part.slice(1, -1)) : escapeText(part)))
    .join('');
  return truncateMrkdwn(escaped, MAX_VALUE * 2);
}

/**
 * A service- or user-supplied value as a code span: escaped like any text (a code span does not stop Slack
 * from reading `<!channel>` or `<https://x|y>`), its backticks replaced so that it cannot end the span.
 * Formatting characters stay as they are: inside a code span they are not read, and a copied id or command
 * must keep them.
 */
export function codeSpan(value: string): string {
  return `\`${capped(escapeEntities(value).replace(/`/g, 'ˋ'))}\``;
}

/** Cuts text to `max` characters, ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * mrkdwn cut to `max` characters without breaking what it formats: no half entity or half `<link|label>` at
 * the cut, and the app's bold, strike and code spans left open by the cut closed after the ellipsis (values are
 * escaped, so every `*`, `~` and backtick left is the app's own marker).
 */
export function truncateMrkdwn(markdown: string, max: number): string {
  if (markdown.length <= max) return markdown;
  let cut = withoutCutEntity(markdown.slice(0, max - 4));
  const open = cut.lastIndexOf('<');
  if (open > cut.lastIndexOf('>')) cut = cut.slice(0, open);
  // A code span left open is closed first (it is innermost); the markers inside code spans are not markers.
  const codeOpen = cut.split('`').length % 2 === 0;
  const outside = (codeOpen ? cut.slice(0, cut.lastIndexOf('`')) : cut).replace(/`[^`]*`/g, '');
  const unclosed = ['*', '~']
    .filter((marker) => outside.split(marker).length % 2 === 0)
    .sort((a, b) => outside.lastIndexOf(b) - outside.lastIndexOf(a));
  if (codeOpen) unclosed.unshift('`');
  return `${cut}…${unclosed.join('')}`;
}

export function section(markdown: string, blockId?: string): Block {
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: truncateMrkdwn(markdown, LIMITS.sectionText) },
    ...(blockId ? { block_id: blockId } : {}),
  };
}

/** A heading (plain text: Slack's header block takes no formatting). */
export function header(text: string): Block {
  return { type: 'header', text: { type: 'plain_text', text: truncate(text, LIMITS.headerText) } };
}

export function context(...markdown: string[]): Block {
  return {
    type: 'context',
    elements: markdown
      .slice(0, LIMITS.contextElements)
      .map((text) => ({ type: 'mrkdwn' as const, text: truncateMrkdwn(text, LIMITS.sectionText) })),
  };
}

export function button(
  text: string,
  actionId: string,
  value: string,
  style?: 'primary' | 'danger',
): types.Button {
  return {
    type: 'button',
    text: { type: 'plain_text', text: truncate(text, LIMITS.buttonText), emoji: true },
    action_id: actionId,
    value: truncate(value, LIMITS.buttonValue),
    ...(style ? { style } : {}),
  };
}

/**
 * A Slack link `<url|label>`, or the label alone when there is no url. The url's own `<`, `>` and `|` (a
 * link someone typed) are percent-encoded, so it can neither end the link early nor open a mention.
 */
export function link(url: string | null | undefined, label: string): string {
  return url ? `<${linkTarget(url)}|${escapeText(label)}>` : escapeText(label);
}

function linkTarget(url: string): string {
  return url.replace(/[<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** "45 s", "6 min", "1 h 12 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** "▰▰▰▰▰▱▱▱▱▱ 50%" */
export function progressBar(fraction: number, cells = 10): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  const filled = Math.round(clamped * cells);
  return `${'▰'.repeat(filled)}${'▱'.repeat(cells - filled)} ${Math.round(clamped * 100)}%`;
}

/** A select's option, its text and value cut to Slack's limits. */
export function option(text: string, value: string): types.PlainTextOption {
  return {
    text: { type: 'plain_text', text: truncate(text, LIMITS.optionText), emoji: true },
    value: truncate(value, LIMITS.optionValue),
  };
}

/** Plain text, as titles, labels and buttons take it. */
export function plain(text: string): types.PlainTextElement {
  return { type: 'plain_text', text, emoji: true };
}

/** "Review · Spanish" (or "Review" when no language is known), cut to a modal title's limit. */
export function modalTitle(what: string, lang: string | null): types.PlainTextElement {
  return plain(truncate(lang ? `${what} · ${languageName(lang)}` : what, LIMITS.modalTitle));
}

/** A modal that says one thing — working on it, done, or why not — with one button to close it. */
export function noticeModal(
  title: types.PlainTextElement,
  message: string,
  close = 'Close',
): types.ModalView {
  return { type: 'modal', title, close: plain(close), blocks: [section(message)] };
}

/** An answer only the person who acted sees, next to what they clicked (never in its place). */
export function ephemeral(text: string) {
  return { response_type: 'ephemeral' as const, replace_original: false, text };
}

/** One input's state in a submitted view or a message's `state.values`, as Slack sends it (unchecked). */
export interface StateValue {
  value?: string | null;
  selected_option?: { value?: string } | null;
  selected_options?: { value?: string }[] | null;
  /** A people picker's choice (multi_users_select). */
  selected_users?: unknown[] | null;
  files?: { id?: string }[];
}

/** A view's or message's `state.values`: block id → action id → the input's state. */
export type StateValues = Record<string, Record<string, StateValue>>;
