// The glossaries this app made on the service (which has no list endpoint) and each channel's defaults.

/** A glossary this app created on the service (the service has no list endpoint). */
export interface GlossaryRecord {
  id: string;
  name: string;
  srcLang: string;
  dstLang: string;
  version: number;
  /** The channel it was created from. */
  channel: string;
  createdBy: string;
  updatedAt: number;
}

/** A channel's defaults, set with `/dub settings` or when a glossary is made the default. */
export interface ChannelSettings {
  channel: string;
  dstLangs: string[];
  /** Default glossaries, at most one per language pair. */
  glossaryIds: string[];
  updatedBy: string;
  updatedAt: number;
}

export interface GlossaryStore {
  saveGlossary(glossary: GlossaryRecord): Promise<void>;
  /** Every glossary, by name. */
  glossaries(): Promise<GlossaryRecord[]>;
  getGlossary(id: string): Promise<GlossaryRecord | undefined>;
  /** By name, ignoring case. */
  findGlossary(name: string): Promise<GlossaryRecord | undefined>;
  deleteGlossary(id: string): Promise<void>;
  channelSettings(channel: string): Promise<ChannelSettings | undefined>;
  saveChannelSettings(settings: ChannelSettings): Promise<void>;
  /** Channels whose defaults this user set last. */
  channelSettingsBy(userId: string): Promise<ChannelSettings[]>;
}
