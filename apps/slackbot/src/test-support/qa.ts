// Localization QA turned off in a test's channel, as `/dub settings` does: the emulator's translation reads
// too fast by Netflix's guide, so with QA on Approve first asks about the open flags (approvers.e2e tests that).
import type { AppStage } from './stage.ts';

export function qaOff(stage: AppStage, channel: string): Promise<void> {
  return stage.app.store.saveChannelQa({
    channel,
    enabled: false,
    preset: 'netflix',
    updatedBy: 'U0ANA',
    updatedAt: 1,
  });
}
