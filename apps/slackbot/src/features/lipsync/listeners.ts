// Lip-sync on a dubbed language: the button opens the small faces dialog; submitting it records the
// lip-sync (one at a time per language) for the lip-sync loop, which reports in the thread.
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import { LIPSYNC_UI, lipsyncModal } from './blocks.ts';
import { THREAD_ACTIONS } from '../../ui/thread-actions.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export function registerLipsyncListeners(app: App, deps: ListenerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    THREAD_ACTIONS.lipsync,
    async ({ ack, action, body, client, respond }: ButtonArgs) => {
      await ack();
      const check = deps.extras.review.dubbed(action.value ?? '');
      if (!check.ok) {
        await respond({ response_type: 'ephemeral', replace_original: false, text: check.problem });
        return;
      }
      await client.views.open({
        trigger_id: body.trigger_id,
        view: lipsyncModal({ targetId: check.value.target.id, lang: check.value.target.dstLang }),
      });
    },
  );
  app.action(LIPSYNC_UI.facesAction, async ({ ack }) => {
    await ack();
  });
  app.view(
    { type: 'view_submission', callback_id: LIPSYNC_UI.callbackId },
    async ({ ack, view, body, client }: ViewArgs) => {
      await ack();
      const choice =
        view.state.values[LIPSYNC_UI.facesBlock]?.[LIPSYNC_UI.facesAction]?.selected_option?.value;
      const check = deps.extras.review.dubbed(view.private_metadata);
      let problem: string | undefined;
      if (!check.ok) problem = check.problem;
      else {
        const { job, target } = check.value;
        const task = await deps.store.createLipsync(
          {
            targetId: target.id,
            jobId: job.id,
            projectId: target.projectId,
            userId: body.user.id,
            multipleFaces: choice === LIPSYNC_UI.several,
          },
          deps.now(),
        );
        if (!task) problem = 'A lip-sync of this language is already under way.';
        else {
          deps.extras.wake();
          return;
        }
      }
      const job = check.ok ? check.value.job : undefined;
      if (job) await client.chat.postEphemeral({ channel: job.channel, user: body.user.id, text: problem });
    },
  );
}
