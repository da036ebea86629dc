// App Home: published when the person opens the app's Home tab.
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { HomeService } from './service.ts';

export function registerHome(
  r: Registry,
  deps: { home: HomeService; slack: Pick<Interactions, 'publishHome'> },
) {
  r.event('app_home_opened', rules.homeOwner, async ({ event }, { user }) => {
    if (event.tab !== 'home') return;
    await deps.slack.publishHome(user, await deps.home.view(user));
  });
}
