// Two replicas of the app (each its own process) on one PostgreSQL database, behind a round-robin proxy: a
// channel on autopilot with room for one video only, and two posts of it, one through each replica. Each
// replica's starter may take one of the jobs; whichever order they come in, one job starts and the other's card
// says the cap is reached, and the channel's one count holds one video's minutes.
import { type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from './domain/autopilot.ts';
import { minutesNeeded } from './domain/credits.ts';
import { AUTOPILOT_SETTING } from './features/autopilot/settings-block.ts';
import { PostgresConnection } from './store/postgres/connection.ts';
import { createSqlStore } from './store/sql/store.ts';
import type { Store, Stores } from './store/store.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { type TestDatabase, testDatabase } from './test-support/postgres.ts';
import { type Replicas, startReplicas } from './test-support/replicas.ts';
import { testEnv } from './test-support/stage.ts';

const LINK = 'https://vimeo.com/autopilot-replicas';
const CHANNEL = 'C39REPLICAS';

let database: TestDatabase;
let stage: Stage<Replicas>;
let stores: Stores;
/** The stage's workspace's rows (the bot token's team). */
let store: Store;

beforeAll(async () => {
  database = await testDatabase();
  stage = await setStage({
    startApp: (env) => startReplicas(env, 2),
    env: { ...testEnv({ logLevel: 'fatal' }), DATABASE_URL: database.url, DATABASE_POOL_SIZE: '2' },
    emulator: { speed: 100 },
  });
  stores = await createSqlStore(new PostgresConnection({ url: database.url, poolSize: 2 }));
  store = stores.tenant(stage.slack.teamId);
}, 120_000);

afterAll(async () => {
  await stores?.close();
  await stage?.close();
  await database?.drop();
});

/** `/dub settings` in the channel, submitted with Spanish, `cap` minutes a day, and `mode`. */
async function autopilot(cap: number, mode: 'start' | 'wait'): Promise<void> {
  const before = stage.slack.views.length;
  await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'settings' });
  const dialog = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the settings dialog');
  // The replica records the dialog as Ana's once Slack has opened it: a person cannot submit it sooner.
  await waitFor(() => store.modalGrant(dialog.id), WAIT_MS, 'the dialog recorded as Ana’s');
  await stage.driver.submitView({
    viewId: dialog.id,
    user: ANA,
    values: {
      [AUTOPILOT_SETTING.langsBlock]: {
        [AUTOPILOT_SETTING.langsAction]: { selected_options: [{ value: 'es' }] },
      },
      [AUTOPILOT_SETTING.capBlock]: { [AUTOPILOT_SETTING.capAction]: { value: String(cap) } },
      [AUTOPILOT_SETTING.periodBlock]: {
        [AUTOPILOT_SETTING.periodAction]: { selected_option: { value: 'day' } },
      },
      [AUTOPILOT_SETTING.modeBlock]: { [AUTOPILOT_SETTING.modeAction]: { selected_option: { value: mode } } },
    },
  });
  expect(await store.channelAutopilot(CHANNEL)).toMatchObject({ capMinutes: cap, mode });
}

/** A person's post of LINK in the channel, as Slack sends it (through the proxy: the next replica). */
async function post(user: string) {
  const message = stage.slack.postUserMessage({ channel: CHANNEL, user, text: `<${LINK}>` });
  await stage.driver.userMessage(message);
  return message;
}

describe('a channel on autopilot served by two replicas', { timeout: 120_000 }, () => {
  it('starts one of two posts racing for the last minutes, whichever replica takes which', async () => {
    // The video's length first, from a card that waits for Start (nothing counted).
    await autopilot(300, 'wait');
    const probe = await post(ANA);
    const seconds = await waitFor(
      async () => (await store.jobByTrigger(`msg:${CHANNEL}:${probe.ts}`))?.mediaSeconds ?? undefined,
      LONG_WAIT_MS,
      'the video’s length',
    );
    const minutes = minutesNeeded(seconds, 1);

    await autopilot(minutes, 'start');
    const posts = await Promise.all([post(ANA), post(BEN)]);
    const marks = await waitFor(
      async () => {
        const jobs = await Promise.all(posts.map((m) => store.jobByTrigger(`msg:${CHANNEL}:${m.ts}`)));
        const states = jobs.map((j) => j?.autopilot?.state);
        return states.every((s) => s === 'started' || s === 'capped') ? states : undefined;
      },
      LONG_WAIT_MS,
      'both posts decided',
    );
    expect(marks.sort()).toEqual(['capped', 'started']);
    expect(await store.autopilotUsed(CHANNEL, periodStart(Date.now(), 'day'))).toBe(minutes);
    // Both replicas served the posts.
    expect(new Set(stage.app.served).size).toBe(2);
  });
});
