// Approve on a dubbed language's reply: the person hears the outcome privately; the thread's status message
// carries the approval for everyone.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function approveLanguage(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const outcome = await deps.approvals.approve(action.value ?? '', body.user.id);
    const text = outcome.ok ? outcome.message : outcome.problem;
    await respond({ response_type: 'ephemeral', replace_original: false, text });
  };
}
