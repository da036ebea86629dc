// A channel's localization QA settings: whether QA runs on each dubbed language, and against which style guide.
// Kept apart from the channel's defaults (glossaries.ts): they are set from the same dialog but read by the
// deliverer, and a channel with no row here has QA on with Netflix's guide.
import type { LintPreset } from '@dubkit/srt';

export interface ChannelQa {
  channel: string;
  enabled: boolean;
  preset: LintPreset;
  updatedBy: string;
  updatedAt: number;
}

export interface QaSettingsStore {
  channelQa(channel: string): Promise<ChannelQa | undefined>;
  saveChannelQa(settings: ChannelQa): Promise<void>;
}
