// The glossaries this app made on the service (which has no list endpoint), each channel's defaults, and
// the imports under way.
import type { DeliveryInput } from './outbox.ts';

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

/** A glossary file to import, recorded when it is dropped or submitted, before anything is downloaded. */
export interface GlossaryImport {
  /** The message or dialog it came from: one import per key, however often Slack delivers it. */
  key: string;
  /** Where its report goes: the message's thread, or the channel (the dialog). */
  channel: string;
  threadTs: string | null;
  url: string;
  fileName: string;
  name: string;
  srcLang: string | null;
  dstLang: string | null;
  userId: string;
  makeDefault: boolean;
  /** Tries that failed so far (a download Slack did not answer, the service unreachable). */
  failures: number;
  /** Set for the glossaries chosen from a termbase offer: its file is the offer's, nothing is downloaded. */
  offerId?: string;
}

/**
 * A file naming more than two languages, kept (bytes and all) while the person chooses which language pairs
 * become glossaries: the message offering them carries only this record's id, and its checkboxes only the
 * ids of the pairs `languages` and `source` make.
 */
export interface TermbaseOffer {
  /** Made by the app (random), carried by the message's button. */
  id: string;
  /** The import that found the languages: one offer per import, however often it runs. */
  importKey: string;
  channel: string;
  threadTs: string | null;
  userId: string;
  fileName: string;
  /** The glossaries' name, before each pair's languages are added to it. */
  name: string;
  makeDefault: boolean;
  /** The file as it was downloaded, base64; emptied once its chosen glossaries are made. */
  file: string;
  /** The header's languages, each once, in column order. */
  languages: string[];
  /** The index in `languages` of the source column. */
  source: number;
  /** The pair ids chosen with "Create glossaries"; null while the choice is open. */
  chosen: string[] | null;
  createdAt: number;
}

export interface GlossaryStore {
  /** Records an import to run; false when its key was recorded before (a redelivery). */
  requestImport(request: Omit<GlossaryImport, 'failures'>, now: number): Promise<boolean>;
  /** Leases imports that are due. */
  claimImports(owner: string, now: number, leaseMs: number, limit: number): Promise<GlossaryImport[]>;
  /** Ends an import and enqueues its report, in one step (a termbase's file is let go with its import). */
  finishImport(key: string, report: DeliveryInput, now: number): Promise<void>;
  /** Puts an import back for another try at `notBefore`, one more failure counted. */
  deferImport(key: string, notBefore: number): Promise<void>;
  /**
   * Keeps a termbase offer, ends the import that found it and owes the message offering it, in one step;
   * an offer already kept for that import stays as it is.
   */
  offerTermbase(offer: TermbaseOffer, message: DeliveryInput, now: number): Promise<void>;
  termbaseOffer(id: string): Promise<TermbaseOffer | undefined>;
  /** Forgets the offers made before `before` that nobody chose (their messages then say the choice is closed). */
  expireTermbaseOffers(before: number): Promise<number>;
  /** Moves an open offer's source column and owes its message redrawn; false when it is chosen already. */
  setTermbaseSource(id: string, source: number, message: DeliveryInput, now: number): Promise<boolean>;
  /**
   * Closes an open offer whose source is still `source` with the pairs chosen, records the import that
   * creates them and owes the message redrawn, in one step; false (nothing recorded) when it was chosen before.
   */
  chooseTermbase(
    id: string,
    choice: { source: number; pairIds: string[] },
    request: Omit<GlossaryImport, 'failures'>,
    message: DeliveryInput,
    now: number,
  ): Promise<boolean>;
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
