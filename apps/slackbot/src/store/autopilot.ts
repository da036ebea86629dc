// Channels on autopilot (`/dub settings`): the languages every video posted there is dubbed into, the cap of
// minutes per day or week and whether a job starts at once; and the one count of minutes each channel started
// in each period, shared by every replica: a start reserves its minutes in it in the transaction that starts the
// job, so two replicas racing for the last minutes never both start.
import type { AutopilotMark, AutopilotSetting } from '../domain/autopilot.ts';
import type { Job, JobChoice } from './jobs.ts';

export type { AutopilotMark, AutopilotSetting };

/** The minutes a start counts against its channel's period; `cap` null counts them whatever the count is. */
export interface CapCharge {
  channel: string;
  periodStart: number;
  minutes: number;
  cap: number | null;
}

export type ChargedStart =
  | { kind: 'started'; job: Job; used: number }
  | { kind: 'capped'; used: number }
  /** The job no longer waited for Start (started or cancelled meanwhile). */
  | { kind: 'gone' };

export interface AutopilotStore {
  /** The channel's autopilot; undefined when it never set one (an empty language list is off). */
  channelAutopilot(channel: string): Promise<AutopilotSetting | undefined>;
  saveChannelAutopilot(setting: AutopilotSetting): Promise<void>;
  /** Minutes counted in the channel's period that began at `periodStart`. */
  autopilotUsed(channel: string, periodStart: number): Promise<number>;
  /**
   * Starts a waiting job and counts its minutes in one transaction: within the cap (or uncapped) both happen;
   * past it neither does, and the count as it stands is returned.
   */
  startJobCharged(
    jobId: string,
    choice: JobChoice,
    now: number,
    startedBy: string | undefined,
    charge: CapCharge,
    mark: AutopilotMark,
  ): Promise<ChargedStart>;
  /** Records what autopilot made of a job; a 'pending' mark makes it due to the starter. */
  markAutopilot(jobId: string, mark: AutopilotMark): Promise<void>;
}
