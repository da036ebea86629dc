// The replays of kept requests: each due request is taken by one run, forgotten once run, tried again later
// while Slack still cannot say (or the run failed), and given up on after its tries.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { type Replay, replayKeptRequests } from './replay.ts';

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
});
afterEach(async () => {
  await temp.cleanup();
});

describe('kept requests', () => {
  it('are run once Slack can say, again later while it cannot, and forgotten once run', async () => {
    let clock = 1_000;
    let slackAnswers = false;
    const runs: unknown[] = [];
    const round = replayKeptRequests({
      store,
      run: async (body, replay: Replay) => {
        runs.push(body);
        replay.unknown = !slackAnswers;
      },
      logger: pino({ level: 'silent' }),
      now: () => clock,
      retryMs: 100,
    });
    await store.deferRequest('k1', { n: 1 }, clock);
    expect(await round()).toBe(true);
    expect(runs).toEqual([{ n: 1 }]);
    // Not due again before its retry time.
    clock += 50;
    expect(await round()).toBe(false);
    clock += 100;
    slackAnswers = true;
    expect(await round()).toBe(true);
    expect(runs).toHaveLength(2);
    clock += 1_000_000;
    expect(await store.dueRequests(clock, 10)).toEqual([]);
  });

  it('are given up on after about ten minutes of Slack not answering', async () => {
    let clock = 1_000;
    let runs = 0;
    const round = replayKeptRequests({
      store,
      run: async (_body, replay: Replay) => {
        runs++;
        replay.unknown = true;
      },
      logger: pino({ level: 'silent' }),
      now: () => clock,
      retryMs: 10,
    });
    await store.deferRequest('k2', {}, clock);
    for (let i = 0; i < 100 && (await store.dueRequests(clock + 1_000, 1)).length > 0; i++) {
      await round();
      clock += 10;
    }
    expect(runs).toBe(40);
    expect(await store.dueRequests(clock + 1_000, 10)).toEqual([]);
  });
});
