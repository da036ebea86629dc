// "Comment" on a line of the review modal: the line's dialog takes the review's place (its number, times,
// source and translation, and the comments already open on it), a comment is typed in, and the review comes
// back with it beside the line. The comment is kept as a reply "#12 …" in the thread is (features/comments).
// Pure builders and the reader of the dialog's input.
import type { types } from '@slack/bolt';
import { COMMENT_MAX } from '../../domain/comments.ts';
import { languageName } from '../../domain/languages.ts';
import type { ReviewSegment } from '../../store/store.ts';
import {
  type Block,
  button,
  codeSpan,
  context,
  escapeText,
  LIMITS,
  modalTitle,
  plain,
  type StateValues,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const LINE_COMMENT = {
  /** The button beside each line of the review; its value is the segment id (the session is the modal's grant). */
  open: 'review_comment_open',
  callbackId: 'review_line_comment',
  textBlock: 'lc_text',
  textAction: 'lc_text',
  back: 'review_comment_back',
} as const;

/** The dialog's grant: the review session and the line, both the app's. */
export function lineCommentSubject(sessionId: string, segmentId: string): string {
  return `${sessionId}|${segmentId}`;
}

export function parseLineCommentSubject(
  subject: string,
): { sessionId: string; segmentId: string } | undefined {
  const bar = subject.indexOf('|');
  return bar > 0 ? { sessionId: subject.slice(0, bar), segmentId: subject.slice(bar + 1) } : undefined;
}

/** "Comment on #12": the line as the review shows it, what is open on it, and the comment to type. */
export function lineCommentView(input: {
  sessionId: string;
  lang: string;
  segment: ReviewSegment;
  number: number;
}): types.ModalView {
  const { segment } = input;
  const open = segment.comments ?? [];
  const blocks: Block[] = [
    section(
      truncate(
        `*#${input.number}*  ${codeSpan(`${segment.start} → ${segment.end}`)}\n` +
          `${segment.src ? escapeText(segment.src) : '_(no source text)_'}\n` +
          `→ ${segment.dst ? escapeText(segment.dst) : '_(no translation)_'}`,
        LIMITS.sectionText,
      ),
    ),
    ...(open.length > 0
      ? [
          context(
            truncate(
              open.map((c) => `💬 <@${c.userId}>: ${escapeText(truncate(c.text, 300))}`).join('\n'),
              LIMITS.sectionText,
            ),
          ),
        ]
      : []),
    {
      type: 'input',
      block_id: LINE_COMMENT.textBlock,
      label: plain(`Your comment on #${input.number}`),
      element: {
        type: 'plain_text_input',
        action_id: LINE_COMMENT.textAction,
        multiline: true,
        max_length: COMMENT_MAX,
        placeholder: plain('e.g. too formal, or the name is wrong'),
      },
    },
    context(
      `Shown beside the line in *Review translation* and on ${escapeText(languageName(input.lang))}'s status message; it closes when a newer render changes this line.`,
    ),
    { type: 'actions', elements: [button('◀ Back to the review', LINE_COMMENT.back, input.sessionId)] },
  ];
  return {
    type: 'modal',
    callback_id: LINE_COMMENT.callbackId,
    private_metadata: lineCommentSubject(input.sessionId, segment.id),
    title: modalTitle('Comment', input.lang),
    submit: plain('Comment'),
    close: plain('Cancel'),
    blocks,
  };
}

/** The comment typed, trimmed (empty when nothing was). */
export function readLineCommentText(values: StateValues): string {
  return (values[LINE_COMMENT.textBlock]?.[LINE_COMMENT.textAction]?.value ?? '').trim();
}
