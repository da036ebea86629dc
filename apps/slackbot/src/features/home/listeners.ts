// App Home: published when the person opens the app's Home tab, with their recent jobs and the state of each
// language, the account's credits, and the channel defaults they set.
import { describeStatus } from '@dubkit/core';
import type { App } from '@slack/bolt';
import type { CreditsView } from '../account/credits.ts';
import { type HomeJob, homeView } from './blocks.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

export async function await buildHome(deps: ListenerDeps, userId: string, credits: CreditsView | null) {
  const jobs: HomeJob[] = (await deps.store.recentJobs(userId, 20)).map((job) => ({
    title: job.title,
    channel: job.channel,
    state: job.state,
    langs: (await deps.store.targetsOf(job.id)).map((t) => {
      const info = t.status ? describeStatus(t.status) : undefined;
      return {
        lang: t.dstLang,
        label: info?.label ?? 'Starting',
        done: Boolean(info?.terminal && !info.failed),
        failed: Boolean(info?.failed),
      };
    }),
  }));
  const defaults = (await deps.store.channelSettingsBy(userId)).map((s) => ({
    channel: s.channel,
    dstLangs: s.dstLangs,
    glossaries: s.glossaryIds
      .map((id) => (await deps.store.getGlossary(id))?.name)
      .filter((n): n is string => Boolean(n)),
  }));
  return homeView({ jobs, credits, defaults });
}

export function registerHome(app: App, deps: ListenerDeps): void {
  app.event('app_home_opened', async ({ event, client }) => {
    if (event.tab !== 'home') return;
    const credits = await deps.extras.editing.credits().catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'reading the credits for Home failed');
      return null;
    });
    await client.views.publish({ user_id: event.user, view: await buildHome(deps, event.user, credits) });
  });
}
