// #marketing on autopilot, set as a person sets it: Ana's `/dub settings` there, submitted with Spanish, 60
// minutes a day, started at once. The app announces it in the channel; a link posted there then dubs itself.
import { waitFor } from '@dubkit/slack-sandbox';
import { AUTOPILOT_SETTING } from '../src/features/autopilot/settings-block.ts';
import type { DemoStage } from './stage.ts';
import { ANA, MARKETING } from './workspace.ts';

export async function autopilotMarketing(stage: DemoStage): Promise<void> {
  const acme = stage.acme();
  const before = stage.slack.views.length;
  await acme.command({ channel: MARKETING, user: ANA, text: 'settings' });
  const dialog = await waitFor(() => stage.slack.views[before], 10_000, 'the settings dialog');
  await acme.submitView({
    viewId: dialog.id,
    user: ANA,
    values: {
      [AUTOPILOT_SETTING.langsBlock]: {
        [AUTOPILOT_SETTING.langsAction]: { selected_options: [{ value: 'es' }] },
      },
      [AUTOPILOT_SETTING.capBlock]: { [AUTOPILOT_SETTING.capAction]: { value: '60' } },
      [AUTOPILOT_SETTING.periodBlock]: {
        [AUTOPILOT_SETTING.periodAction]: { selected_option: { value: 'day' } },
      },
      [AUTOPILOT_SETTING.modeBlock]: {
        [AUTOPILOT_SETTING.modeAction]: { selected_option: { value: 'start' } },
      },
    },
  });
}
