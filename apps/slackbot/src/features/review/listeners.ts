// The buttons of a dubbed language: Review translation (opens the review modal, first a "reading" view
// because the trigger expires in 3 s), the review's page buttons, Render again (opens the dialog that shows
// what the render costs and asks to confirm it) and Speakers. Each gets its language (or, in the modal, its
// review session) from its rule: the store's record and the modal's grant, never the button's value.
import type { types } from '@slack/bolt';
import type { Logger } from 'pino';
import type { ButtonArgs } from '../../access/definitions.ts';
import type { TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { ephemeral } from '../../ui/blocks.ts';
import { noticeView } from './modal.ts';
import { renderConfirmView, renderNotice } from './render-modal.ts';
import { nothingToRender, type Renders } from './renders.ts';
import type { ReviewService } from './service.ts';
import { speakersModal } from './thread-blocks.ts';
import type { Voices } from './voices.ts';

export interface ReviewDeps {
  review: ReviewService;
  renders: Renders;
  voices: Voices;
  slack: Pick<Interactions, 'openModal' | 'updateModal'>;
  logger: Logger;
}

type Dubbed = Extract<Awaited<ReturnType<ReviewService['dubbed']>>, { ok: true }>['value'];

/**
 * A dubbed language's button that opens a modal: a "working" view at once (the trigger expires in 3 s), then
 * the view `fill` builds in its place; a language that cannot be worked on now is told to the person instead.
 */
async function openForDubbed(
  deps: ReviewDeps,
  { ack, body, respond }: ButtonArgs,
  { target }: TargetSubject,
  working: (lang: string) => types.ModalView,
  fill: (dubbed: Dubbed, viewId: string) => Promise<types.ModalView>,
): Promise<void> {
  await ack();
  const check = await deps.review.dubbed(target.id);
  if (!check.ok) {
    await respond(ephemeral(check.problem));
    return;
  }
  const viewId = await deps.slack.openModal(body.trigger_id, working(check.value.target.dstLang));
  if (!viewId) return;
  await deps.slack.updateModal(viewId, await fill(check.value, viewId));
}

export function openReview(deps: ReviewDeps) {
  return (args: ButtonArgs, subject: TargetSubject) =>
    openForDubbed(
      deps,
      args,
      subject,
      (lang) => noticeView(lang, '⏳ Reading the translation…'),
      async ({ target }, viewId) => {
        let view: Awaited<ReturnType<typeof deps.review.open>>;
        try {
          view = await deps.review.open(target.id, args.body.user.id);
        } catch (error) {
          deps.logger.warn({ err: error, target: target.id }, 'reading the transcription failed');
          return noticeView(
            target.dstLang,
            '⚠️ The translation could not be read from the service. Try again in a minute.',
          );
        }
        if (!view.ok) return noticeView(target.dstLang, view.problem);
        await deps.review.recordView(view.value.private_metadata ?? '', viewId);
        return view.value;
      },
    );
}

/** Previous/Next in the review modal: the page's edits are kept, the other page is shown in place. */
export function turnReviewPage(deps: ReviewDeps, delta: number) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const next = await deps.review.turnPage(
      grant.subject,
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
export function renderAgain(deps: ReviewDeps) {
  return (args: ButtonArgs, subject: TargetSubject) =>
    openForDubbed(
      deps,
      args,
      subject,
      (lang) => renderNotice(lang, '⏳ Working out what the render will cost…'),
      async ({ target }) => {
        try {
          const estimate = await deps.renders.estimate(target.id);
          if (!estimate.ok) return renderNotice(target.dstLang, estimate.problem);
          const { cost, sourceFixes } = estimate.value;
          // Nothing the dub says changed: no render is offered (it would post the same files again).
          return cost.changed === 0 && cost.added === 0
            ? renderNotice(target.dstLang, nothingToRender(target.dstLang, sourceFixes > 0))
            : renderConfirmView({
                targetId: target.id,
                ...estimate.value,
                approved: await deps.renders.approvedRender(target.id, args.body.user.id),
              });
        } catch (error) {
          deps.logger.warn({ err: error, target: target.id }, 'pricing the render failed');
          return renderNotice(
            target.dstLang,
            '⚠️ The service could not be reached to price the render. Try again in a minute.',
          );
        }
      },
    );
}

/** Speakers & voices: a notice first (the trigger expires in 3 s), then the speakers, their voices and the samples. */
export function openSpeakers(deps: ReviewDeps) {
  return (args: ButtonArgs, subject: TargetSubject) =>
    openForDubbed(
      deps,
      args,
      subject,
      (lang) => noticeView(lang, '⏳ Reading the speakers and their voices…', 'Speakers'),
      async ({ job, target }) => {
        try {
          const found = await deps.voices.speakersAndVoices(target.id);
          return found.ok
            ? speakersModal({ targetId: target.id, ...found.value })
            : noticeView(target.dstLang, found.problem, 'Speakers');
        } catch (error) {
          // The count alone can still be changed when the voices cannot be read.
          deps.logger.warn({ err: error, target: target.id }, 'reading the voices failed');
          return speakersModal({ targetId: target.id, lang: target.dstLang, current: job.numSpeakers });
        }
      },
    );
}

/** "Add a missing line" in the review: the page's edits are kept, the line's dialog shown in place. */
export function openNewLine(deps: ReviewDeps) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const next = await deps.review.startNewLine(
      grant.subject,
      view.state.values as Parameters<typeof deps.review.startNewLine>[1],
    );
    await deps.slack.updateModal(view.id, next ?? noticeView(null, 'This review is no longer available.'));
  };
}

/** Back from the line's dialog to the review, nothing added. */
export function backToReview(deps: ReviewDeps) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const review = await deps.review.addLine(grant.subject, null);
    await deps.slack.updateModal(view.id, review ?? noticeView(null, 'This review is no longer available.'));
  };
}

/** Ask an approver first, in the render dialog of an approved language: asked in the thread; nothing rendered. */
export function askApproverFirst(deps: ReviewDeps) {
  return async ({ ack, body }: ButtonArgs, grant: ModalGrant) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const lang = await deps.review.langOfTarget(grant.subject);
    const asked = await deps.renders.askApprovers(grant.subject, body.user.id);
    await deps.slack.updateModal(view.id, renderNotice(lang, asked.ok ? asked.value : asked.problem));
  };
}
