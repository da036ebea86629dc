// App Home: published when the person opens the app's Home tab.
import { event } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { HomeService } from './service.ts';

export interface HomeDeps {
  home: HomeService;
  slack: Pick<Interactions, 'publishHome'>;
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

export const homeInteractions = [homeOpened];

export function registerHome(r: Registry, deps: HomeDeps) {
  r.register(homeInteractions, deps);
}
