// `/dub settings` in a channel opens the modal of its defaults; submitting it saves them (errors shown in
// the modal) and tells the person.
import { type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { readAutopilotSetting } from '../autopilot/settings-block.ts';
import { readQaSetting } from '../qa/settings-block.ts';
import { readApproverGroupsSetting, readApproversSetting } from './approvers-block.ts';
import { readSettings, SETTINGS_UI } from './blocks.ts';
import { readFormatsSetting } from './formats-block.ts';
import type { SettingsService } from './service.ts';

export interface SettingsDeps {
  settings: SettingsService;
  slack: Pick<Interactions, 'openModal' | 'whisper'>;
}

export function registerSettings(r: Registry, deps: SettingsDeps): void {
  r.subcommand({
    names: ['settings'],
    help: '`/dub settings` — this channel’s default languages, glossaries, localization QA, subtitle files, approvers and autopilot',
    rule: rules.caller,
    run: async ({ command }, _words, { channel }) => {
      await deps.slack.openModal(command.trigger_id, await deps.settings.modal(channel));
    },
  });
  r.register(settingsInteractions, deps);
}

/** The settings modal's submission. */
export const settingsDialog = view({
  callbackId: SETTINGS_UI.callbackId,
  rule: rules.opener,
  handler: submitSettings,
});

export const settingsInteractions = [settingsDialog];

function submitSettings(deps: SettingsDeps) {
  return async ({ ack, view, body }: ViewArgs, { channel }: ModalGrant) => {
    const values = view.state.values as Parameters<typeof readSettings>[0] &
      Parameters<typeof readQaSetting>[0];
    const qa = readQaSetting(values);
    const formats = readFormatsSetting(values);
    const approvers = readApproversSetting(values);
    const approverGroups = readApproverGroupsSetting(values);
    const autopilot = readAutopilotSetting(values);
    if (autopilot && !autopilot.ok) {
      await ack({ response_action: 'errors', errors: { [autopilot.block]: autopilot.problem } });
      return;
    }
    const chosen = {
      ...readSettings(values),
      ...(qa ? { qa } : {}),
      ...(formats ? { formats } : {}),
      ...(approvers ? { approvers } : {}),
      ...(approverGroups ? { approverGroups } : {}),
      ...(autopilot ? { autopilot: autopilot.value } : {}),
    };
    const saved = await deps.settings.save(channel, body.user.id, chosen);
    if (!saved.ok) {
      await ack({ response_action: 'errors', errors: { [saved.block]: saved.problem } });
      return;
    }
    await ack();
    await deps.slack.whisper({ channel, user: body.user.id }, { text: saved.message, blocks: [] });
  };
}
