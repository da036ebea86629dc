// The buttons of a dubbed language: Review translation (opens the review modal, first a "reading" view
// because the trigger expires in 3 s), the review's page buttons, Render again and Speakers. Buttons carry
// only the target id (or, in the modal, the session id); everything else comes from the store.
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { noticeView, REVIEW } from './modal.ts';
import { speakersModal, THREAD_ACTIONS } from '../../ui/thread-actions.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const ephemeral = (text: string) => ({ response_type: 'ephemeral' as const, replace_original: false, text });

export function openReview(deps: ListenerDeps) {
  return async ({ ack, action, body, client, respond }: ButtonArgs) => {
    await ack();
    const { review } = deps.extras;
    const targetId = action.value ?? '';
    const check = review.dubbed(targetId);
    if (!check.ok) {
      await respond(ephemeral(check.problem));
      return;
    }
    const lang = check.value.target.dstLang;
    const opened = await client.views.open({
      trigger_id: body.trigger_id,
      view: noticeView(lang, '⏳ Reading the translation…'),
    });
    const viewId = opened.view?.id;
    if (!viewId) return;
    let view: Awaited<ReturnType<typeof review.open>>;
    try {
      view = await review.open(targetId, body.user.id);
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'reading the transcription failed');
      await client.views.update({
        view_id: viewId,
        view: noticeView(
          lang,
          '⚠️ The translation could not be read from the service. Try again in a minute.',
        ),
      });
      return;
    }
    if (!view.ok) {
      await client.views.update({ view_id: viewId, view: noticeView(lang, view.problem) });
      return;
    }
    review.recordView(view.value.private_metadata ?? '', viewId);
    await client.views.update({ view_id: viewId, view: view.value });
  };
}

/** Previous/Next in the review modal: the page's edits are kept, the other page is shown in place. */
export function turnReviewPage(deps: ListenerDeps, delta: number) {
  return async ({ ack, body, client }: ButtonArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const next = deps.extras.review.turnPage(
      view.private_metadata,
      view.state.values as Parameters<typeof deps.extras.review.turnPage>[1],
      delta,
    );
    await client.views.update({
      view_id: view.id,
      hash: view.hash,
      view: next ?? noticeView(null, 'This review is no longer available.'),
    });
  };
}

export function renderAgain(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const targetId = action.value ?? '';
    try {
      const result = await deps.extras.review.render(targetId, body.user.id);
      if (!result.ok) await respond(ephemeral(result.problem));
      else deps.logger.info({ target: targetId, user: body.user.id }, 'render again');
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'render again failed');
      await respond(ephemeral('The service could not be reached to render again. Try again in a minute.'));
    }
  };
}

export function openSpeakers(deps: ListenerDeps) {
  return async ({ ack, action, body, client, respond }: ButtonArgs) => {
    await ack();
    const check = deps.extras.review.dubbed(action.value ?? '');
    if (!check.ok) {
      await respond(ephemeral(check.problem));
      return;
    }
    const { job, target } = check.value;
    await client.views.open({
      trigger_id: body.trigger_id,
      view: speakersModal({ targetId: target.id, lang: target.dstLang, current: job.numSpeakers }),
    });
  };
}

/** Registers the buttons above, and an ack for the review modal's selects and remove boxes. */
export function registerReviewActions(app: App, deps: ListenerDeps): void {
  app.action<BlockAction<ButtonAction>>(THREAD_ACTIONS.review, openReview(deps));
  app.action<BlockAction<ButtonAction>>(REVIEW.next, turnReviewPage(deps, 1));
  app.action<BlockAction<ButtonAction>>(REVIEW.previous, turnReviewPage(deps, -1));
  app.action<BlockAction<ButtonAction>>(THREAD_ACTIONS.render, renderAgain(deps));
  app.action<BlockAction<ButtonAction>>(THREAD_ACTIONS.speakers, openSpeakers(deps));
  for (const control of [REVIEW.speakerAction, REVIEW.removeAction, THREAD_ACTIONS.speakersAction]) {
    app.action(control, async ({ ack }) => {
      await ack();
    });
  }
}
