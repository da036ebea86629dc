// App Home: published when the person opens the app's Home tab; its items' buttons (Review, Approve) act as
// the same buttons in the job's thread do, for a member of the job's channel, on the language's newest render.
// What those would tell the person privately in the thread is shown in a dialog (Home has no thread to answer
// in), and Home is drawn again afterwards, so an item whose work is done leaves it.
import type { RespondArguments } from '@slack/bolt';
import { type ButtonArgs, button, event } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import { modalTitle, noticeModal } from '../../ui/blocks.ts';
import { type ApprovalDeps, approveLanguage } from '../approval/register.ts';
import { openReview, type ReviewDeps } from '../review/listeners.ts';
import { HOME_ACTIONS } from './items.ts';
import type { HomeService } from './service.ts';

export interface HomeDeps extends ReviewDeps, ApprovalDeps {
  home: HomeService;
  slack: Pick<Interactions, 'publishHome' | 'openModal' | 'updateModal' | 'whisper'>;
}

/** The Home tab opened: its owner's view, published for them. */
export const homeOpened = event({
  type: 'app_home_opened',
  rule: rules.homeOwner,
  handler:
    (deps: HomeDeps) =>
    async ({ event }, { user }) => {
      if (event.tab !== 'home') return;
      await deps.slack.publishHome(user, await deps.home.view(user));
    },
});

/** Review on a Home item: the review of the language's newest render. */
export const homeReview = button({
  id: HOME_ACTIONS.review,
  rule: rules.homeTarget,
  handler: (deps: HomeDeps) => fromHome(deps, openReview(deps)),
});

/** Approve on a Home item: approves the language's newest render (asking first while QA flags are open). */
export const homeApprove = button({
  id: HOME_ACTIONS.approve,
  rule: rules.homeTarget,
  handler: (deps: HomeDeps) => fromHome(deps, approveLanguage(deps)),
});

export const homeInteractions = [homeOpened, homeReview, homeApprove];

export function registerHome(r: Registry, deps: HomeDeps) {
  r.register(homeInteractions, deps);
}

/**
 * A thread button's handler run from Home: its private answer (Slack gives a Home click no thread to answer in)
 * is shown in a dialog instead, and the person's Home is drawn again once it is done.
 */
function fromHome(
  deps: HomeDeps,
  handler: (args: ButtonArgs, subject: TargetSubject) => Promise<void>,
): (args: ButtonArgs, subject: TargetSubject) => Promise<void> {
  return async (args, subject) => {
    const user = args.body.user.id;
    const respond = async (message: string | RespondArguments) => {
      const text = typeof message === 'string' ? message : (message.text ?? '');
      await deps.slack.openModal(
        args.body.trigger_id,
        noticeModal(modalTitle('dubkit', subject.target.dstLang), text),
      );
    };
    // The handlers never read what respond resolves to (Slack's answer to a response_url post).
    await handler({ ...args, respond: respond as unknown as ButtonArgs['respond'] }, subject);
    await deps.slack.publishHome(user, await deps.home.view(user));
  };
}
