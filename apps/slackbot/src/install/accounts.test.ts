// Each workspace's dubbing account sends through a request budget of its own, at the deployment's rate: one
// workspace's backlog (a season of episodes dropped at once) never queues another account's requests, and every
// account's answers are still told to the deployment's budget observer (the metrics).
import { type Emulator, startEmulator } from '@dubkit/emulator';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestBudget } from '../dubbing/budget.ts';
import { DubbingAccounts } from './accounts.ts';

const TOKENS: Record<string, string> = { T_BUSY: 'busy-token', T_QUIET: 'quiet-token' };

let emulator: Emulator;
let accounts: DubbingAccounts;

beforeEach(async () => {
  emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    tokens: { 'busy-token': 'busy', 'quiet-token': 'quiet' },
  });
});

afterEach(async () => {
  await accounts.close();
  await emulator.close();
});

function accountsAt(budget: RequestBudget): DubbingAccounts {
  return new DubbingAccounts({
    baseUrl: emulator.url,
    installations: { dubbingToken: async (tenant) => TOKENS[tenant] },
    budget,
    base: new Agent(),
  });
}

describe('DubbingAccounts', () => {
  it("answers a quiet account's request while a busy account's backlog waits for its own budget", async () => {
    // Two requests a second, no burst: a backlog of four takes 1.5 s to send on one budget.
    const answered: string[] = [];
    const statuses: number[] = [];
    const budget = new RequestBudget(2, { burst: 1 });
    budget.observer = { answered: (status) => statuses.push(status), paused: () => {} };
    accounts = accountsAt(budget);
    const busy = (await accounts.of('T_BUSY'))!;
    const quiet = (await accounts.of('T_QUIET'))!;
    const backlog = Array.from({ length: 4 }, (_, i) =>
      busy.credits().then(() => answered.push(`busy ${i}`)),
    );
    const asked = quiet.credits().then(() => answered.push('quiet'));
    await Promise.all([...backlog, asked]);
    // On one shared budget the quiet request went out last, 2 s later.
    expect(answered.indexOf('quiet')).toBeLessThan(2);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('gives every tenant of one account the same service (one client and one budget per account)', async () => {
    accounts = accountsAt(new RequestBudget(10));
    expect(await accounts.of('T_BUSY')).toBe(await accounts.of('T_BUSY'));
    expect(await accounts.of('T_BUSY')).not.toBe(await accounts.of('T_QUIET'));
  });
});
