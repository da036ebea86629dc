// A channel's delivery formats: which subtitle files a dubbed reply attaches. Kept apart from the channel's
// defaults (glossaries.ts), like QA: set from the same dialog, read by the deliverer; a channel with no row here
// gets SRT and WebVTT.
import type { SubtitleFormat } from '@dubkit/subtitles';

export interface ChannelFormats {
  channel: string;
  formats: SubtitleFormat[];
  updatedBy: string;
  updatedAt: number;
}

export interface FormatSettingsStore {
  channelFormats(channel: string): Promise<ChannelFormats | undefined>;
  saveChannelFormats(settings: ChannelFormats): Promise<void>;
}
