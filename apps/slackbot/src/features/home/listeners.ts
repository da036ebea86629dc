// App Home: published when the person opens the app's Home tab.
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';

export function homeOpened(deps: ListenerDeps) {
  return async ({ event }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs) => {
    if (event.tab !== 'home') return;
    await deps.slack.publishHome(event.user, await deps.home.view(event.user));
  };
}
