// The buttons of a dubbed language: Review translation (opens the review modal, first a "reading" view
// because the trigger expires in 3 s), the review's page buttons, Render again (opens the dialog that shows
// what the render costs and asks to confirm it) and Speakers. Buttons carry only the target id (or, in the
// modal, the session id); everything else comes from the store.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { speakersModal } from '../../ui/thread-actions.ts';
import { noticeView } from './modal.ts';
import { renderConfirmView, renderNotice } from './render-modal.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const ephemeral = (text: string) => ({ response_type: 'ephemeral' as const, replace_original: false, text });

export function openReview(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const { review } = deps;
    const targetId = action.value ?? '';
    const check = await review.dubbed(targetId);
    if (!check.ok) {
      await respond(ephemeral(check.problem));
      return;
    }
    const lang = check.value.target.dstLang;
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      noticeView(lang, '⏳ Reading the translation…'),
    );
    if (!viewId) return;
    let view: Awaited<ReturnType<typeof review.open>>;
    try {
      view = await review.open(targetId, body.user.id);
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'reading the transcription failed');
      await deps.slack.updateModal(
        viewId,
        noticeView(lang, '⚠️ The translation could not be read from the service. Try again in a minute.'),
      );
      return;
    }
    if (!view.ok) {
      await deps.slack.updateModal(viewId, noticeView(lang, view.problem));
      return;
    }
    await review.recordView(view.value.private_metadata ?? '', viewId);
    await deps.slack.updateModal(viewId, view.value);
  };
}

/** Previous/Next in the review modal: the page's edits are kept, the other page is shown in place. */
export function turnReviewPage(deps: ListenerDeps, delta: number) {
  return async ({ ack, body }: ButtonArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const next = await deps.review.turnPage(
      view.private_metadata,
      view.state.values as Parameters<typeof deps.review.turnPage>[1],
      delta,
    );
    await deps.slack.updateModal(
      view.id,
      next ?? noticeView(null, 'This review is no longer available.'),
      view.hash,
    );
  };
}

/** Render again: first what it will cost, in a dialog that asks to confirm (the render is its submission). */
export function renderAgain(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const targetId = action.value ?? '';
    const check = await deps.review.dubbed(targetId);
    if (!check.ok) {
      await respond(ephemeral(check.problem));
      return;
    }
    const lang = check.value.target.dstLang;
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      renderNotice(lang, '⏳ Working out what the render will cost…'),
    );
    if (!viewId) return;
    let view: ReturnType<typeof renderNotice>;
    try {
      const estimate = await deps.review.estimate(targetId);
      view = estimate.ok
        ? renderConfirmView({ targetId, ...estimate.value })
        : renderNotice(lang, estimate.problem);
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'pricing the render failed');
      view = renderNotice(
        lang,
        '⚠️ The service could not be reached to price the render. Try again in a minute.',
      );
    }
    await deps.slack.updateModal(viewId, view);
  };
}

/** Speakers & voices: a notice first (the trigger expires in 3 s), then the speakers, their voices and the samples. */
export function openSpeakers(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const check = await deps.review.dubbed(action.value ?? '');
    if (!check.ok) {
      await respond(ephemeral(check.problem));
      return;
    }
    const { job, target } = check.value;
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      noticeView(target.dstLang, '⏳ Reading the speakers and their voices…'),
    );
    if (!viewId) return;
    let view: ReturnType<typeof speakersModal>;
    try {
      const found = await deps.review.speakersAndVoices(target.id);
      view = found.ok
        ? speakersModal({ targetId: target.id, ...found.value })
        : noticeView(target.dstLang, found.problem);
    } catch (error) {
      // The count alone can still be changed when the voices cannot be read.
      deps.logger.warn({ err: error, target: target.id }, 'reading the voices failed');
      view = speakersModal({ targetId: target.id, lang: target.dstLang, current: job.numSpeakers });
    }
    await deps.slack.updateModal(viewId, view);
  };
}

/** "Add a missing line" in the review: the page's edits are kept, the line's dialog shown in place. */
export function openNewLine(deps: ListenerDeps) {
  return async ({ ack, body }: ButtonArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const next = await deps.review.startNewLine(
      view.private_metadata,
      view.state.values as Parameters<typeof deps.review.startNewLine>[1],
    );
    await deps.slack.updateModal(view.id, next ?? noticeView(null, 'This review is no longer available.'));
  };
}

/** Back from the line's dialog to the review, nothing added. */
export function backToReview(deps: ListenerDeps) {
  return async ({ ack, body }: ButtonArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const review = await deps.review.addLine(view.private_metadata, null);
    await deps.slack.updateModal(view.id, review ?? noticeView(null, 'This review is no longer available.'));
  };
}
