// One source fix for every language: the Fix source button beside a segment in the review, the dialog that takes
// the corrected source text and the languages to apply it to, its reader, and the thread line saying which
// languages changed. Pure.
import type { types } from '@slack/bolt';
import { languageLabel, languageName } from '../../domain/languages.ts';
import {
  type Block,
  button,
  codeSpan,
  context,
  escapeText,
  LIMITS,
  type MessageContent,
  type StateValues,
  section,
  truncate,
} from '../../ui/blocks.ts';
import { THREAD_ACTIONS } from './thread-blocks.ts';

export const SOURCE_FIX = {
  /** The review's button; its value is the segment id (the session is the review view's metadata). */
  open: 'source_fix_open',
  callbackId: 'source_fix',
  textBlock: 'sf_text',
  textAction: 'sf_text',
  langsBlock: 'sf_langs',
  langsAction: 'sf_langs',
  back: 'source_fix_back',
} as const;

/** Slack's limits for a plain-text input's value and a checkbox group's options. */
const INPUT_MAX = 3000;
const CHECKBOX_OPTIONS = 10;
/** Review buttons in the thread line: one actions block each (a block's action ids must differ). */
const MAX_REVIEW_BUTTONS = 20;

export function fixSourceButton(segmentId: string): types.Button {
  return button('Fix source', SOURCE_FIX.open, segmentId);
}

/** `session|segment`: the dialog's subject, checked by the access layer like any modal's. */
export function sourceFixSubject(sessionId: string, segmentId: string): string {
  return `${sessionId}|${segmentId}`;
}

export function parseSourceFixSubject(subject: string): { sessionId: string; segmentId: string } | undefined {
  const bar = subject.indexOf('|');
  return bar > 0 ? { sessionId: subject.slice(0, bar), segmentId: subject.slice(bar + 1) } : undefined;
}

export interface SourceFixLanguage {
  targetId: string;
  lang: string;
}

export function sourceFixModal(input: {
  sessionId: string;
  segmentId: string;
  lang: string;
  start: string;
  end: string;
  src: string;
  /** The job's other dubbed languages, offered (and ticked) first ones first. */
  others: SourceFixLanguage[];
}): types.ModalView {
  const offered = input.others.slice(0, CHECKBOX_OPTIONS);
  const option = (l: SourceFixLanguage) => ({
    text: { type: 'plain_text' as const, text: truncate(languageName(l.lang), LIMITS.optionText) },
    value: l.targetId,
  });
  const blocks: Block[] = [
    section(
      `${codeSpan(`${input.start} → ${input.end}`)} in ${languageLabel(input.lang)} and the same times elsewhere.`,
    ),
    {
      type: 'input',
      block_id: SOURCE_FIX.textBlock,
      label: { type: 'plain_text', text: 'Source text' },
      element: {
        type: 'plain_text_input',
        action_id: SOURCE_FIX.textAction,
        multiline: true,
        max_length: INPUT_MAX,
        // A source too long for the input is not offered cut: it would be saved back cut.
        ...(input.src && input.src.length <= INPUT_MAX ? { initial_value: input.src } : {}),
      },
    },
  ];
  if (offered.length > 0) {
    blocks.push({
      type: 'input',
      block_id: SOURCE_FIX.langsBlock,
      optional: true,
      label: { type: 'plain_text', text: 'Apply to the other languages too' },
      element: {
        type: 'checkboxes',
        action_id: SOURCE_FIX.langsAction,
        options: offered.map(option),
        initial_options: offered.map(option),
      },
    });
  }
  if (input.others.length > offered.length) {
    blocks.push(
      context(`${input.others.length - offered.length} more languages can take it from their own review.`),
    );
  }
  blocks.push({
    type: 'actions',
    elements: [button('◀ Back to the review', SOURCE_FIX.back, input.sessionId)],
  });
  return {
    type: 'modal',
    callback_id: SOURCE_FIX.callbackId,
    private_metadata: sourceFixSubject(input.sessionId, input.segmentId),
    title: { type: 'plain_text', text: 'Fix the source' },
    submit: { type: 'plain_text', text: 'Apply' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks,
  };
}

/** A fixed source's flag in the review, with the text it replaced and the one it has now; none if unchanged. */
export function sourceChangedNote(was: string | undefined, now: string): string[] {
  if (was === undefined || was === now) return [];
  return [`Source changed — check the translation. Old source: “${was}” · new source: “${now}”`];
}

export function readSourceFix(values: StateValues): { text: string; targetIds: string[] } {
  const text = values[SOURCE_FIX.textBlock]?.[SOURCE_FIX.textAction]?.value ?? '';
  const targetIds = (values[SOURCE_FIX.langsBlock]?.[SOURCE_FIX.langsAction]?.selected_options ?? [])
    .map((o) => o.value)
    .filter((v): v is string => typeof v === 'string');
  return { text, targetIds };
}

/** "✏️ @ana fixed the source text at 00:00:04,000 → 00:00:07,000 in 🇪🇸 Spanish, 🇩🇪 German." + Review each. */
export function sourceFixSummary(input: {
  userId: string;
  start: string;
  end: string;
  changed: SourceFixLanguage[];
  /** Languages with no segment at those times: nothing changed there. */
  missing: SourceFixLanguage[];
}): MessageContent {
  const names = input.changed.map((l) => languageLabel(l.lang)).join(', ');
  const blocks: Block[] = [
    section(
      `✏️ <@${input.userId}> fixed the source text at \`${escapeText(input.start)} → ${escapeText(input.end)}\` in ${names}.`,
    ),
  ];
  if (input.missing.length > 0) {
    blocks.push(
      context(
        `Not in ${input.missing.map((l) => languageName(l.lang)).join(', ')}: no segment at those times.`,
      ),
    );
  }
  blocks.push(
    context(
      'Source changed — check the translation: each review shows the old and new source beside it. The dub ' +
        'says the translation, so a render is needed (and charged) only once a translation, timing or speaker changes.',
    ),
  );
  for (const l of input.changed.slice(0, MAX_REVIEW_BUTTONS)) {
    blocks.push({
      type: 'actions',
      block_id: `sf_review:${l.targetId}`,
      elements: [button(`Review ${languageName(l.lang)}`, THREAD_ACTIONS.review, l.targetId)],
    });
  }
  return {
    text: `Source text fixed in ${input.changed.map((l) => languageName(l.lang)).join(', ')}`,
    blocks,
  };
}
