// The review modal submitted (Save, or "Save mine anyway" after a conflict), the render confirmed, and the
// Speakers dialog: each answers at once with a "saving" view, does the work, then shows the outcome in the
// same view.
import type { ViewArgs } from '../../access/definitions.ts';
import { MAX_SPEAKERS } from '../../domain/limits.ts';
import type { ModalGrant } from '../../store/store.ts';
import type { ReviewDeps } from './listeners.ts';
import { noticeView, savingView } from './modal.ts';
import { NEW_LINE, readNewLine } from './new-line.ts';
import { renderNotice } from './render-modal.ts';
import { readSpeakersDialog, THREAD_ACTIONS } from './thread-blocks.ts';

type Deps = Pick<ReviewDeps, 'review' | 'renders' | 'voices' | 'slack' | 'logger'>;

export function submitReview(deps: Deps, force: boolean) {
  return async ({ ack, view }: ViewArgs, { subject }: ModalGrant) => {
    const { review } = deps;
    const sessionId = subject;
    const lang = await review.langOf(sessionId);
    await ack({ response_action: 'update', view: savingView(lang) });
    let result: Awaited<ReturnType<typeof review.save>>;
    try {
      result = await review.save(
        sessionId,
        force ? null : (view.state.values as Parameters<typeof review.save>[1]),
        force,
      );
    } catch (error) {
      deps.logger.warn({ err: error, session: sessionId }, 'saving the review failed');
      result = noticeView(
        lang,
        '⚠️ The service could not be reached; nothing was saved. Try again in a minute.',
      );
    }
    await deps.slack.updateModal(view.id, result);
  };
}

/** The render dialog confirmed: the render is asked for; a refusal (minutes short, busy) is said in the dialog. */
export function submitRender(deps: Deps) {
  return async ({ ack, view, body }: ViewArgs, { subject }: ModalGrant) => {
    const targetId = subject;
    const lang = await deps.review.langOfTarget(targetId);
    await ack({ response_action: 'update', view: renderNotice(lang, '⏳ Asking for the render…') });
    let message: string;
    try {
      const result = await deps.renders.render(targetId, body.user.id);
      if (result.ok) {
        deps.logger.info({ target: targetId, user: body.user.id }, 'render again');
        message =
          '✅ Rendering again. The status message in the thread follows it; the new files arrive as a new reply.';
      } else message = result.problem;
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'render again failed');
      message = '⚠️ The service could not be reached to render again. Try again in a minute.';
    }
    await deps.slack.updateModal(view.id, renderNotice(lang, message));
  };
}

/**
 * A missing line typed in: refused under its inputs when a time or the text is wrong, or it overlaps lines the
 * dub keeps (named, as the review numbers them); otherwise kept for the
 * save and the review's page shown again (through views.update, which keeps the modal's record in step).
 */
export function submitNewLine(deps: Deps) {
  return async ({ ack, view }: ViewArgs, { subject }: ModalGrant) => {
    const sessionId = subject;
    const read = readNewLine(
      view.state.values as Parameters<typeof readNewLine>[0],
      await deps.review.videoLength(sessionId),
    );
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    // A line over lines the dub keeps would be delivered as overlapping subtitles: refused where it was typed.
    const overlap = await deps.review.overlapOf(sessionId, read.line);
    if (overlap) {
      await ack({ response_action: 'errors', errors: { [NEW_LINE.startBlock]: overlap } });
      return;
    }
    const lang = await deps.review.langOf(sessionId);
    await ack({ response_action: 'update', view: noticeView(lang, '⏳ Adding the line…') });
    const next = await deps.review.addLine(sessionId, read.line);
    await deps.slack.updateModal(view.id, next ?? noticeView(lang, 'This review is no longer available.'));
  };
}

export function submitSpeakers(deps: Deps) {
  return async ({ ack, view, body }: ViewArgs, { subject }: ModalGrant) => {
    const { count, voices } = readSpeakersDialog(
      view.state.values as Parameters<typeof readSpeakersDialog>[0],
    );
    if (!Number.isInteger(count) || count < 1 || count > MAX_SPEAKERS) {
      await ack({
        response_action: 'errors',
        errors: { [THREAD_ACTIONS.speakersBlock]: `Pick a number from 1 to ${MAX_SPEAKERS}.` },
      });
      return;
    }
    const targetId = subject;
    const lang = await deps.review.langOfTarget(targetId);
    await ack({ response_action: 'update', view: noticeView(lang, '⏳ Saving…', 'Speakers') });
    let message: string;
    try {
      const result = await deps.voices.saveSpeakers(targetId, body.user.id, { count, voices });
      message = !result.ok
        ? `⚠️ ${result.problem}`
        : result.value.changed
          ? `✅ Saved: ${count} speaker${count === 1 ? '' : 's'} and their voices. Render again to apply it.`
          : 'Nothing changed, so nothing was saved.';
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'changing the speakers failed');
      message = '⚠️ The service could not be reached; nothing was changed.';
    }
    await deps.slack.updateModal(view.id, noticeView(lang, message, 'Speakers'));
  };
}
