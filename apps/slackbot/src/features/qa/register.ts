// Review flagged, on a dubbed language's QA line: QA runs again on the translation as it is now (someone may
// have fixed segments since the reply), and the review modal opens with only the segments it flags, each with
// its reasons. Saving, conflicts and Render again are the review's own.
import type { Logger } from 'pino';
import type { ButtonArgs } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import type { TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import { replyButton } from '../current-render.ts';
import { noticeView } from '../review/modal.ts';
import type { ReviewService } from '../review/service.ts';
import { QA_ACTIONS } from './line.ts';
import type { LocalizationQa } from './service.ts';

export interface QaDeps {
  qa: Pick<LocalizationQa, 'run'>;
  review: Pick<ReviewService, 'dubbed' | 'open' | 'recordView'>;
  slack: Pick<Interactions, 'openModal' | 'updateModal'>;
  logger: Logger;
}

/** Review flagged, on a dubbed reply's QA line: the review of only the segments QA flags now. */
export const reviewFlaggedButton = replyButton(QA_ACTIONS.reviewFlagged, reviewFlagged);

export const qaInteractions = [reviewFlaggedButton];

export function registerQa(r: Registry, deps: QaDeps): void {
  r.register(qaInteractions, deps);
}

function reviewFlagged(deps: QaDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { target }: TargetSubject) => {
    await ack();
    const targetId = target.id;
    const check = await deps.review.dubbed(targetId);
    if (!check.ok) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: check.problem });
      return;
    }
    const lang = check.value.target.dstLang;
    // The trigger expires in 3 s; QA and the segments take longer on a long video.
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      noticeView(lang, '⏳ Checking the translation…'),
    );
    if (!viewId) return;
    try {
      const run = await deps.qa.run(targetId);
      if (!run || run.result.flagged.length === 0) {
        const why = run
          ? '🔎 No problems found in the translation as it is now.'
          : 'QA is off in this channel.';
        await deps.slack.updateModal(viewId, noticeView(lang, why));
        return;
      }
      const only = new Map(run.result.flagged.map((flag) => [flag.segmentId, flag.reasons]));
      const view = await deps.review.open(targetId, body.user.id, only);
      if (!view.ok) {
        await deps.slack.updateModal(viewId, noticeView(lang, view.problem));
        return;
      }
      await deps.review.recordView(view.value.private_metadata ?? '', viewId);
      await deps.slack.updateModal(viewId, view.value);
    } catch (error) {
      deps.logger.warn({ err: error, target: targetId }, 'QA of the translation failed');
      await deps.slack.updateModal(
        viewId,
        noticeView(lang, '⚠️ The translation could not be read from the service. Try again in a minute.'),
      );
    }
  };
}
