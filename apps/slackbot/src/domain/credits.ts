// How the account's minutes are counted: a project reserves its video's length in whole minutes per language.

/** Minutes a job needs: every language reserves the video's length, rounded up to whole minutes. */
export function minutesNeeded(durationSeconds: number, languages: number): number {
  return Math.ceil(durationSeconds / 60) * languages;
}

/** Minutes left on the account (never below zero, however far it was overdrawn). */
export function minutesLeft(credits: { minutes: { total: number; used: number } }): number {
  return Math.max(0, Math.floor(credits.minutes.total - credits.minutes.used));
}
