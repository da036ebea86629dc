// Three replicas of the app, each its own process, on one PostgreSQL database behind a round-robin proxy, in
// OAuth mode against a local Slack whose rotating bot tokens live TOKEN_SECONDS: two workspaces installed
// through /slack/install, then EVENTS App Home openings spread over both workspaces and all three replicas
// for several token lifetimes, so each workspace's token is refreshed again and again while events are in
// flight on every replica. Asserted from Slack's side: every event answered (its person's Home published with
// that workspace's token), every refresh token exchanged once (no refresh grant refused, as a second replica
// refreshing with a used one would be), and no Web API call refused for an expired, revoked or unknown token.
import { type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPages, oauthEnv } from './test-support/installs.ts';
import { type TestDatabase, testDatabase } from './test-support/postgres.ts';
import { type Replicas, startReplicas } from './test-support/replicas.ts';
import { testEnv } from './test-support/stage.ts';

const CLIENT = { id: '3333.4444', secret: 'client-secret' };
const TEAMS = ['T1ACME', 'T2BETA'];
const REPLICAS = 3;
const EVENTS = 200;
/** How long each bot token lives, and how long before that a replica refreshes it. */
const TOKEN_SECONDS = 8;
const REFRESH_SECONDS = 4;
/** The events go in waves spread over the run: ~24 s, three token lifetimes. */
const WAVES = 20;
const WAVE_MS = 1_200;
const TEST_MS = 60_000;
let database: TestDatabase;
let stage: Stage<Replicas>;

beforeAll(async () => {
  database = await testDatabase();
  stage = await setStage({
    // OAuth mode with no dubbing account of the deployment's: Home says who connects one, no service call.
    startApp: ({ SLACK_BOT_TOKEN: _bot, DUBKIT_TOKEN: _account, ...env }) => startReplicas(env, REPLICAS),
    env: {
      ...testEnv({ logLevel: 'fatal' }),
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '3',
      ...oauthEnv(CLIENT),
      SLACK_TOKEN_REFRESH_SECONDS: String(REFRESH_SECONDS),
    },
  });
  stage.slack.installs.configureApp({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    expiresInSeconds: TOKEN_SECONDS,
  });
  stage.slack.installs.addWorkspace({ id: TEAMS[0] ?? '', name: 'Acme' });
  stage.slack.installs.addWorkspace({ id: TEAMS[1] ?? '', name: 'Beta' });
}, 120_000);
afterAll(async () => {
  await stage?.close();
  await database?.drop();
});

const { install } = installPages(() => stage.app);

describe('tokens expiring while three replicas serve two workspaces', () => {
  it(
    'answers every event, exchanges each refresh token once and never calls Slack with a stale token',
    async () => {
      for (const team of TEAMS) await install(team);
      const started = Date.now();
      const statuses: number[] = [];
      const sent: { team: string; user: string }[] = [];
      for (let wave = 0; wave < WAVES; wave += 1) {
        const due = started + wave * WAVE_MS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        const batch = Array.from({ length: EVENTS / WAVES }, (_, i) => {
          const n = wave * (EVENTS / WAVES) + i;
          return { team: TEAMS[n % TEAMS.length] ?? '', user: `U${String(n).padStart(4, '0')}` };
        });
        sent.push(...batch);
        // A wave's events are in flight together, each replica taking its share from the proxy.
        const answers = await Promise.all(
          batch.map(({ team, user }) =>
            stage.driver.in(team).event({ type: 'app_home_opened', user, channel: `D${user}`, tab: 'home' }),
          ),
        );
        statuses.push(...answers.map((a) => a.status));
      }
      const published = () =>
        new Set(
          stage.slack
            .callsOf('views.publish')
            .filter((c) => c.refused === undefined)
            .map((c) => `${c.team}/${String(c.args.user_id)}`),
        );
      await waitFor(() => published().size >= EVENTS, 20_000, 'every Home published');
      const runMs = Date.now() - started;

      const calls = stage.slack.calls.filter((c) => c.at >= started);
      const refused = calls.filter((c) => c.refused !== undefined);
      const grants = calls.filter((c) => c.method === 'oauth.v2.access');
      const served = stage.app.served.reduce<number[]>((n, r) => {
        n[r] = (n[r] ?? 0) + 1;
        return n;
      }, []);
      console.log(
        `rotation-replicas: ${EVENTS} events over ${runMs} ms (tokens living ${TOKEN_SECONDS} s, refreshed ` +
          `${REFRESH_SECONDS} s before): ${calls.length} Slack calls, ${stage.slack.installs.refreshes} refresh ` +
          `grants answered, ${grants.length} asked, ${refused.length} calls refused; requests served per ` +
          `replica ${served.join('/')}`,
      );

      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(published()).toEqual(new Set(sent.map(({ team, user }) => `${team}/${user}`)));
      // Each replica served its share of the events.
      expect(served.length).toBe(REPLICAS);
      // Several refreshes happened during the run, every one exchanged a refresh token once.
      expect(stage.slack.installs.refreshes).toBeGreaterThanOrEqual(2 * TEAMS.length);
      expect(grants.length).toBe(stage.slack.installs.refreshes);
      expect(refused).toEqual([]);
      expect(stage.app.ownExits).toEqual([]);
      expect(stage.app.lastResorts).toEqual([]);
    },
    TEST_MS,
  );
});
