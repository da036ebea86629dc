// Comment, beside a line of the review modal: the line's dialog replaces the review in the same modal (the
// page's edits kept in the review session); Back, or the comment submitted, returns to the review, which then
// shows the comment beside the line. The comment is recorded by the comments feature, as a reply "#12 …" is.
import type { Logger } from 'pino';
import { type ButtonArgs, button, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import type { CommentService } from '../comments/service.ts';
import {
  LINE_COMMENT,
  lineCommentView,
  parseLineCommentSubject,
  readLineCommentText,
} from './line-comment.ts';
import { noticeView, REVIEW } from './modal.ts';
import type { ReviewService } from './service.ts';

export interface LineCommentDeps {
  comments: Pick<CommentService, 'record'>;
  review: Pick<ReviewService, 'turnPage' | 'lineOf'>;
  slack: Pick<Interactions, 'updateModal'>;
  logger: Logger;
}

type PageValues = Parameters<ReviewService['turnPage']>[1];
const GONE = 'This review is no longer available.';

/** Comment, beside a line of the review: the line's dialog takes the review's place. */
export const commentOnLine = button({
  id: LINE_COMMENT.open,
  rule: rules.inModal(REVIEW.callbackId),
  handler: openLineComment,
});

/** Back, in the dialog: to the review, nothing noted. */
export const backFromLineComment = button({
  id: LINE_COMMENT.back,
  rule: rules.inModal(LINE_COMMENT.callbackId),
  handler: backToReview,
});

/** Comment, the dialog's submission. */
export const lineCommentDialog = view({
  callbackId: LINE_COMMENT.callbackId,
  rule: rules.opener,
  handler: submitLineComment,
});

export const lineCommentInteractions = [commentOnLine, backFromLineComment, lineCommentDialog];

export function registerLineComment(r: Registry, deps: LineCommentDeps): void {
  r.register(lineCommentInteractions, deps);
}

/** The line is the button's value: the dialog opens only for a line of the review the modal is for. */
function openLineComment(deps: LineCommentDeps) {
  return async ({ ack, action, body }: ButtonArgs, { subject: sessionId }: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    // Keep what the reviewer typed on this page before the dialog takes the modal's place.
    await deps.review.turnPage(sessionId, view.state.values as PageValues, 0);
    const line = await deps.review.lineOf(sessionId, action.value ?? '');
    await deps.slack.updateModal(
      view.id,
      line ? lineCommentView({ sessionId, lang: line.target.dstLang, ...line }) : noticeView(null, GONE),
    );
  };
}

/** Back to the review the dialog was opened from: the session is the modal's grant's, not the button's. */
function backToReview(deps: LineCommentDeps) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    if (!body.view) return;
    const sessionId = parseLineCommentSubject(grant.subject)?.sessionId;
    const review = sessionId ? await deps.review.turnPage(sessionId, {}, 0) : undefined;
    await deps.slack.updateModal(body.view.id, review ?? noticeView(null, GONE));
  };
}

function submitLineComment(deps: LineCommentDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const subject = parseLineCommentSubject(grant.subject);
    const line = subject && (await deps.review.lineOf(subject.sessionId, subject.segmentId));
    if (!subject || !line) {
      await ack({ response_action: 'update', view: noticeView(null, GONE) });
      return;
    }
    const text = readLineCommentText(view.state.values as Parameters<typeof readLineCommentText>[0]);
    if (text === '') {
      await ack({ response_action: 'errors', errors: { [LINE_COMMENT.textBlock]: 'Type your comment.' } });
      return;
    }
    await ack({
      response_action: 'update',
      view: noticeView(line.target.dstLang, '⏳ Noting your comment…'),
    });
    const { target, segment, number } = line;
    await deps.comments.record({ target, segmentId: segment.id, number, userId: body.user.id, text });
    deps.logger.info({ target: target.id, user: body.user.id, line: number }, 'comment from the review');
    const review = await deps.review.turnPage(subject.sessionId, {}, 0);
    await deps.slack.updateModal(view.id, review ?? noticeView(null, GONE));
  };
}
