// Fix source in the review modal: the dialog replaces the review in the same modal (the page's edits kept in
// the review session), Back or Apply returns to the review. Apply answers "saving" at once, as the service is
// asked once per language, which can take longer than Slack's 3 s.
import type { Logger } from 'pino';
import { type ButtonArgs, button, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { noticeView, REVIEW } from './modal.ts';
import type { ReviewService } from './service.ts';
import type { SourceFixService } from './source-fix.ts';
import { parseSourceFixSubject, readSourceFix, SOURCE_FIX } from './source-fix-blocks.ts';

export interface SourceFixDeps {
  sourceFix: SourceFixService;
  review: Pick<ReviewService, 'turnPage'>;
  slack: Pick<Interactions, 'updateModal'>;
  logger: Logger;
}

type PageValues = Parameters<ReviewService['turnPage']>[1];
const GONE = 'This review is no longer available.';

/** Fix source, on a segment of the review modal: the dialog takes the review's place. */
export const fixSource = button({
  id: SOURCE_FIX.open,
  rule: rules.inModal(REVIEW.callbackId),
  handler: openSourceFix,
});

/** Back, in the dialog: to the review it was opened from. */
export const backToReviewFromFix = button({
  id: SOURCE_FIX.back,
  rule: rules.inModal(SOURCE_FIX.callbackId),
  handler: backFromSourceFix,
});

/** Apply, the dialog's submission. */
export const sourceFixDialog = view({
  callbackId: SOURCE_FIX.callbackId,
  rule: rules.opener,
  handler: submitSourceFix,
});

export const sourceFixInteractions = [fixSource, backToReviewFromFix, sourceFixDialog];

export function registerSourceFix(r: Registry, deps: SourceFixDeps): void {
  r.register(sourceFixInteractions, deps);
}

/** The segment is the button's value: the dialog opens only for a segment of the review the modal is for. */
function openSourceFix(deps: SourceFixDeps) {
  return async ({ ack, action, body }: ButtonArgs, { subject: sessionId }: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    // Keep what the reviewer typed on this page before the dialog takes the modal's place.
    await deps.review.turnPage(sessionId, view.state.values as PageValues, 0);
    const next = await deps.sourceFix.open(sessionId, action.value ?? '');
    await deps.slack.updateModal(view.id, next ?? noticeView(null, GONE));
  };
}

/** Back to the review this dialog was opened from: the session is the modal's grant's, not the button's. */
function backFromSourceFix(deps: SourceFixDeps) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    if (!body.view) return;
    const sessionId = parseSourceFixSubject(grant.subject)?.sessionId;
    const review = sessionId ? await deps.review.turnPage(sessionId, {}, 0) : undefined;
    await deps.slack.updateModal(body.view.id, review ?? noticeView(null, GONE));
  };
}

function submitSourceFix(deps: SourceFixDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const subject = parseSourceFixSubject(grant.subject);
    const fix = readSourceFix(view.state.values as Parameters<typeof readSourceFix>[0]);
    if (!subject) {
      await ack({ response_action: 'update', view: noticeView(null, GONE) });
      return;
    }
    if (fix.text.trim() === '') {
      await ack({ response_action: 'errors', errors: { [SOURCE_FIX.textBlock]: 'Type the source text.' } });
      return;
    }
    await ack({ response_action: 'update', view: noticeView(null, '⏳ Saving the source text…') });
    let problem: string | undefined;
    try {
      const outcome = await deps.sourceFix.apply(subject.sessionId, subject.segmentId, fix, body.user.id);
      if (!outcome.ok) problem = outcome.problem;
    } catch (error) {
      deps.logger.warn({ err: error, session: subject.sessionId }, 'saving a source fix failed');
      problem =
        '⚠️ The source text could not be saved everywhere: the service did not answer. The thread says where it was.';
    }
    const review = problem ? undefined : await deps.review.turnPage(subject.sessionId, {}, 0);
    await deps.slack.updateModal(view.id, review ?? noticeView(null, problem ?? GONE));
  };
}
