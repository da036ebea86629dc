// Two instances of the app on one PostgreSQL database, OAuth mode with no default dubbing account: every
// payload reaches the first; the second learns from the installations alone (install/watch.ts), within a
// few seconds and without a restart, that a workspace was installed (it makes its graph), that its admin
// connected its dubbing account (its graph is made again on that account), and that the app was removed
// (its graph is taken apart).
import { type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './server.ts';
import { connectAccount, installPages, oauthEnv, oauthWorld } from './test-support/installs.ts';
import { WAIT_MS } from './test-support/people.ts';
import { type TestDatabase, testDatabase } from './test-support/postgres.ts';
import { startInProcess, testEnv } from './test-support/stage.ts';

const CLIENT = { id: '7777.8888', secret: 'client-secret' };
const ACME = { team: 'T1ACME', channel: 'C1ACME' };
const ADMIN = 'U1ADMIN';
const TEST_MS = 60_000;
let database: TestDatabase;
let stage: Stage<RunningApp>;
/** The second instance: no Slack request ever reaches it. */
let other: RunningApp;

beforeAll(async () => {
  database = await testDatabase();
  let env: Record<string, string> = {};
  stage = await setStage({
    // OAuth mode with no dubbing account of the deployment's; both instances on the one database.
    startApp: ({ SLACK_BOT_TOKEN: _bot, DUBKIT_TOKEN: _account, ...given }) => {
      env = given;
      return startInProcess(env);
    },
    env: {
      ...testEnv(),
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '2',
      ...oauthEnv(CLIENT),
    },
    emulator: { speed: 100 },
  });
  other = await startInProcess(env);
  oauthWorld(stage, CLIENT, {
    workspaces: [{ id: ACME.team, name: 'Acme' }],
    account: { token: 'acme-account-token', name: 'acme', minutes: 300 },
    admin: ADMIN,
  });
}, 120_000);
afterAll(async () => {
  await other?.stop();
  await stage?.close();
  await database?.drop();
});

const { install } = installPages(() => stage.app);

describe('what one instance did to an installation', () => {
  it(
    'is seen by the other within seconds: the install, the account connected, the removal',
    async () => {
      await install(ACME.team);
      await waitFor(() => other.graphs.keys().includes(ACME.team), WAIT_MS, 'Acme’s graph on the other');
      expect((await other.graphs.of(ACME.team)).account).toBeUndefined();

      const done = await connectAccount(stage, {
        team: ACME.team,
        channel: ACME.channel,
        admin: ADMIN,
        token: 'acme-account-token',
      });
      expect(done.body).toContain('300 minutes left');
      const connected = await waitFor(
        async () => (await other.graphs.of(ACME.team)).account,
        WAIT_MS,
        'Acme’s graph on the other made again on its account',
      );
      expect((await connected.credits()).minutes.total).toBe(300);
      // Made again once: the rounds after it find the account it has.
      const graph = await other.graphs.of(ACME.team);
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(await other.graphs.of(ACME.team)).toBe(graph);

      stage.slack.installs.uninstall(ACME.team);
      expect((await stage.driver.in(ACME.team).appUninstalled()).status).toBe(200);
      await waitFor(() => !other.graphs.keys().includes(ACME.team), WAIT_MS, 'Acme’s graph taken apart');
      expect(stage.app.graphs.keys()).toEqual([]);
    },
    TEST_MS,
  );
});
