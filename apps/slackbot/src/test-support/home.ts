// App Home as the fake Slack shows it: opened by a person, the view the app published for them, as text.
import { waitFor } from '@dubkit/slack-sandbox';
import { WAIT_MS } from './people.ts';
import type { AppStage } from './stage.ts';

/** Opens `user`'s Home tab and returns the blocks the app published for it, as JSON text. */
export async function homeOf(stage: AppStage, user: string): Promise<string> {
  const published = () => stage.slack.callsOf('views.publish').filter((c) => c.args.user_id === user);
  const before = published().length;
  await stage.driver.event({ type: 'app_home_opened', user, channel: `D${user}`, tab: 'home' });
  await waitFor(() => published().length > before, WAIT_MS, `${user}'s Home view`);
  return JSON.stringify(JSON.parse(String(published().at(-1)!.args.view)).blocks);
}
