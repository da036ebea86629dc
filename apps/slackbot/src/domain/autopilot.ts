// A channel on autopilot dubs every video posted in it into its languages, within a cap of minutes per day or
// per week (UTC, so that every replica counts the same period), either started at once or as a card waiting for
// a person's Start. What a job posted there costs is counted as the account counts it (credits.ts). Pure.
import { minutesNeeded } from './credits.ts';

export type CapPeriod = 'day' | 'week';
/** start: the job starts once the video's length is known; wait: its card waits for a person's Start. */
export type AutopilotMode = 'start' | 'wait';

export interface AutopilotSetting {
  channel: string;
  dstLangs: string[];
  capMinutes: number;
  period: CapPeriod;
  mode: AutopilotMode;
  updatedBy: string;
  updatedAt: number;
}

/**
 * What autopilot made of one job: waiting for Start (its mode, or no cap left), started within the cap, or
 * capped (the minutes it needed did not fit what was left of the period). Recorded on the job; its card says it.
 */
export interface AutopilotMark {
  mode: AutopilotMode;
  state: 'pending' | 'waiting' | 'started' | 'capped';
  /** When started or capped: the minutes this job needed, and the period's count then. */
  minutes?: number;
  used?: number;
  capMinutes?: number;
  period?: CapPeriod;
  /** When the period counted ends (ms since the epoch). */
  resetsAt?: number;
}

/** The largest cap the dialog takes: a month of video a day is past any team's budget. */
export const MAX_CAP_MINUTES = 44_640;

const DAY_MS = 86_400_000;

/** When the period holding `now` began: midnight UTC, or Monday's midnight UTC for a week. */
export function periodStart(now: number, period: CapPeriod): number {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  if (period === 'day') return day;
  // 1970-01-01 was a Thursday: (days + 3) % 7 is the days since Monday.
  const sinceMonday = (Math.floor(now / DAY_MS) + 3) % 7;
  return day - sinceMonday * DAY_MS;
}

/** When the period holding `now` ends, and its count starts again from zero. */
export function periodEnd(now: number, period: CapPeriod): number {
  return periodStart(now, period) + (period === 'day' ? DAY_MS : 7 * DAY_MS);
}

/**
 * Minutes a job counts against the cap: the video's length in whole minutes per language once known; at least
 * a minute per language before (a person's Start before the length is read).
 */
export function minutesCounted(mediaSeconds: number | null, languages: number): number {
  return mediaSeconds === null ? languages : minutesNeeded(mediaSeconds, languages);
}

/** "today" or "this week", as the card and the settings say the period. */
export function periodSaid(period: CapPeriod): string {
  return period === 'day' ? 'today' : 'this week';
}

/** "a day" or "a week". */
export function perPeriod(period: CapPeriod): string {
  return period === 'day' ? 'a day' : 'a week';
}
