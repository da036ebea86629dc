// Review flagged, on a dubbed language's QA line: QA runs again on the translation as it is now (someone may
// have fixed segments since the reply), and the review modal opens with only the segments it flags, each with
// its reasons. Saving, conflicts and Render again are the review's own.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { noticeView } from '../review/modal.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function reviewFlagged(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const targetId = action.value ?? '';
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
