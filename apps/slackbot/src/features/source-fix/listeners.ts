// Fix source in the review modal: the dialog replaces the review in the same modal (the page's edits kept in
// the review session), Back or Apply returns to the review. Apply answers "saving" at once, as the service is
// asked once per language, which can take longer than Slack's 3 s.
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { noticeView } from '../review/modal.ts';
import { parseSourceFixSubject, readSourceFix, SOURCE_FIX } from './blocks.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type PageValues = Parameters<ListenerDeps['review']['turnPage']>[1];
const GONE = 'This review is no longer available.';

export function openSourceFix(deps: ListenerDeps) {
  return async ({ ack, action, body }: ButtonArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    // Keep what the reviewer typed on this page before the dialog takes the modal's place.
    await deps.review.turnPage(view.private_metadata, view.state.values as PageValues, 0);
    const next = await deps.sourceFix.open(view.private_metadata, action.value ?? '');
    await deps.slack.updateModal(view.id, next ?? noticeView(null, GONE));
  };
}

export function backFromSourceFix(deps: ListenerDeps) {
  return async ({ ack, action, body }: ButtonArgs) => {
    await ack();
    if (!body.view) return;
    const review = await deps.review.turnPage(action.value ?? '', {}, 0);
    await deps.slack.updateModal(body.view.id, review ?? noticeView(null, GONE));
  };
}

export function submitSourceFix(deps: ListenerDeps) {
  return async ({ ack, view, body }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const subject = parseSourceFixSubject(view.private_metadata);
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
