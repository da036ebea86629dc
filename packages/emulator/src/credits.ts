// Credit balances: what every paid action checks and spends, and setting the totals (options, admin, tests).
import { paymentRequired } from './http/errors.ts';
import type { Account, Balance } from './model.ts';
import type { CreditTotals } from './state.ts';

/** What is left of a balance. */
export const left = (balance: Balance): number => balance.total - balance.used;

export interface Charge {
  balance: Balance;
  amount: number;
  /** What the balance counts, for the 402: "minutes", "video credits", "free lip-sync minutes". */
  what: string;
}

/**
 * Spends every charge for `purpose`, or answers 402 naming the first one short. All are checked before any is
 * spent, so a refused request costs nothing.
 */
export function spend(purpose: string, ...charges: Charge[]): void {
  for (const { balance, amount, what } of charges) {
    if (left(balance) < amount) {
      throw paymentRequired(`Not enough ${what}: ${purpose} needs ${amount}, ${left(balance)} left`);
    }
  }
  for (const { balance, amount } of charges) balance.used += amount;
}

/** Sets an account's totals (what was used stays). */
export function setTotals(account: Account, totals: CreditTotals): void {
  const { credits } = account;
  if (totals.minutes !== undefined) credits.minutes.total = totals.minutes;
  if (totals.video !== undefined) credits.video.total = totals.video;
  if (totals.lipsyncFreeMinutes !== undefined) credits.lipsync_free_minutes.total = totals.lipsyncFreeMinutes;
}
