// Many workspaces from one deployment, end to end over HTTP against the local Slack: two workspaces installed
// through /slack/install, each acting through a graph of its own. The same person dubs a video in each, each
// on its own workspace's dubbing account (Beta connected its own; Acme uses the deployment's); Beta's App
// Home and `/dub list` never show Acme's job; Beta clicking every registered button with Acme's job and
// language ids changes nothing of Acme's; and removing the app from Acme during a running dub stops every
// Slack call and service poll for Acme and ends its jobs, while Beta carries on.
import { byKind, keyOf, type SlackMessage, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './server.ts';
import { APP_REMOVED } from './tenants.ts';
import { connectAccount, installPages, oauthEnv, oauthWorld } from './test-support/installs.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { drained, startInProcess, testEnv } from './test-support/stage.ts';
import { jobIdOf } from './test-support/threads.ts';

const CLIENT = { id: '3333.4444', secret: 'client-secret' };
const ACME = { team: 'T1ACME', channel: 'C1ACME' };
const BETA = { team: 'T2BETA', channel: 'C2BETA' };
const BETA_ADMIN = 'U2ADMIN';
const TEST_MS = 60_000;
let stage: Stage<RunningApp>;

beforeAll(async () => {
  stage = await setStage({
    // OAuth mode: no SLACK_BOT_TOKEN; the stage's service token is the deployment's default account.
    startApp: ({ SLACK_BOT_TOKEN: _single, ...env }) => startInProcess(env),
    env: {
      ...testEnv(),
      ...oauthEnv(CLIENT),
    },
    emulator: { speed: 100 },
  });
  oauthWorld(stage, CLIENT, {
    workspaces: [
      { id: ACME.team, name: 'Acme' },
      { id: BETA.team, name: 'Beta' },
    ],
    account: { token: 'beta-account-token', name: 'beta', minutes: 500 },
    admin: BETA_ADMIN,
  });
}, 60_000);
afterAll(async () => {
  await stage?.close();
});

const { install } = installPages(() => stage.app);
const graph = (team: string) => stage.app.graphs.of(team);
const minutesUsed = async (team: string) => (await (await graph(team)).service.credits()).minutes.used;

const cardsIn = (channel: string) =>
  stage.slack.messages.filter((m) => m.channel === channel && keyOf(m).startsWith('card:'));

/** `/dub <link> to es…` by Ana in the channel; resolves with the card it posted. */
async function command(where: { team: string; channel: string }, text: string): Promise<SlackMessage> {
  const before = cardsIn(where.channel).length;
  await stage.driver.in(where.team).command({ channel: where.channel, user: ANA, text });
  return waitFor(() => cardsIn(where.channel)[before], WAIT_MS, `the card in ${where.channel}`);
}

/** `/dub <link> to es` by Ana in the workspace's channel; resolves with the card once the dub is delivered. */
async function dub(where: { team: string; channel: string }, link: string): Promise<SlackMessage> {
  const card = await command(where, `${link} to es`);
  await waitFor(
    () => byKind(stage.slack.thread(where.channel, card.ts), 'dubbed').length === 1,
    WAIT_MS,
    `the dub in ${where.channel}`,
  );
  return card;
}

describe('many workspaces', () => {
  let acmeCard: SlackMessage;

  it(
    'dubs in two installed workspaces, each on its own account',
    async () => {
      await install(ACME.team);
      await install(BETA.team);
      // Each installed workspace got its graph at its install, before any payload of it.
      expect(stage.app.graphs.keys().sort()).toEqual([ACME.team, BETA.team]);

      // Beta's admin connects Beta's own account; Acme stays on the deployment's.
      const done = await connectAccount(stage, {
        team: BETA.team,
        channel: BETA.channel,
        admin: BETA_ADMIN,
        token: 'beta-account-token',
      });
      expect(done.body).toContain('500 minutes left');
      await waitFor(
        async () => (await (await graph(BETA.team)).service.credits()).minutes.total === 500,
        WAIT_MS,
        'Beta acting on its own account',
      );

      const before = { acme: await minutesUsed(ACME.team), beta: await minutesUsed(BETA.team) };
      acmeCard = await dub(ACME, 'https://vimeo.com/acme-launch');
      await dub(BETA, 'https://vimeo.com/beta-launch');
      const spent = {
        acme: (await minutesUsed(ACME.team)) - before.acme,
        beta: (await minutesUsed(BETA.team)) - before.beta,
      };
      // One dub of the same length on each account: each paid for its own and nothing of the other's.
      expect(spent.acme).toBeGreaterThan(0);
      expect(spent).toEqual({ acme: spent.acme, beta: spent.acme });
      expect(
        stage.slack.calls.filter((c) => c.args.channel === ACME.channel).map((c) => c.team),
      ).not.toContain(BETA.team);
    },
    TEST_MS,
  );

  it(
    'never shows Beta Acme’s job, in App Home or /dub list, for the same person',
    async () => {
      const beta = stage.driver.in(BETA.team);
      const published = () =>
        stage.slack.callsOf('views.publish').filter((c) => c.team === BETA.team && c.args.user_id === ANA);
      await beta.event({ type: 'app_home_opened', user: ANA, channel: `D${ANA}`, tab: 'home' });
      await waitFor(() => published().length > 0, WAIT_MS, 'Ana’s Home in Beta');
      const home = String(published().at(-1)!.args.view);
      expect(home).toContain('beta-launch');
      expect(home).not.toContain('acme-launch');

      const listed = () => stage.slack.ephemerals.filter((e) => e.channel === BETA.channel && e.user === ANA);
      await beta.command({ channel: BETA.channel, user: ANA, text: 'list' });
      const list = JSON.stringify(await waitFor(() => listed().at(-1), WAIT_MS, 'Ana’s list in Beta'));
      expect(list).toContain('beta-launch');
      expect(list).not.toContain('acme-launch');
    },
    TEST_MS,
  );

  it(
    'changes nothing of Acme’s when Beta clicks every button with Acme’s ids',
    async () => {
      const acme = await graph(ACME.team);
      const jobId = jobIdOf(acmeCard);
      await drained(() => acme.store, jobId, WAIT_MS);
      const [target] = await acme.store.targetsOf(jobId);
      const snapshot = async () =>
        JSON.stringify([
          await acme.store.getJob(jobId),
          await acme.store.targetsOf(jobId),
          await acme.store.deliveriesOf(jobId),
        ]);
      const was = await snapshot();
      const callsBefore = stage.slack.calls.length;
      const registrations = (await graph(BETA.team)).registry.entries();
      const clicks = registrations.filter(
        (r) => r.kind === 'action' && r.rule !== 'selection' && !r.rule.startsWith('inside'),
      );
      expect(clicks.length).toBeGreaterThan(15);
      for (const r of clicks) {
        const value = r.rule === 'job member' ? jobId : target!.id;
        const answer = await stage.driver.forge({
          type: 'block_actions',
          team: { id: BETA.team },
          user: { id: BEN, team_id: BETA.team },
          api_app_id: stage.slack.appId,
          token: 'unused',
          trigger_id: `t${Math.random().toString(16).slice(2)}`,
          container: {
            type: 'message',
            message_ts: acmeCard.ts,
            channel_id: ACME.channel,
            is_ephemeral: false,
          },
          channel: { id: ACME.channel },
          message: { ...acmeCard, channel: ACME.channel, history: undefined },
          state: { values: {} },
          response_url: stage.slack.responseUrl(ACME.channel, BEN),
          actions: [{ type: 'button', action_id: r.key, block_id: 'b', value, action_ts: '1.0' }],
        });
        expect(answer.status).toBe(200);
      }
      await drained(() => acme.store, jobId, WAIT_MS);
      expect(await snapshot()).toBe(was);
      expect(stage.slack.calls.slice(callsBefore).filter((c) => c.team === ACME.team)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'stops every Slack call and poll for Acme when it removes the app during a dub, and ends its jobs',
    async () => {
      // Slow enough that the dub is still running when the app is removed.
      stage.emulator.setSpeed(1);
      const card = await command({ team: ACME.team, channel: 'C1LONG' }, 'https://vimeo.com/acme-long to es');
      const jobId = jobIdOf(card);
      const acme = await graph(ACME.team);
      const projectId = await waitFor(
        async () => (await acme.store.targetsOf(jobId))[0]?.projectId ?? undefined,
        WAIT_MS,
        'the project made',
      );
      await waitFor(() => stage.emulator.projectReads(projectId).length > 0, WAIT_MS, 'a poll of it');

      stage.slack.installs.uninstall(ACME.team);
      const driver = stage.driver.in(ACME.team);
      expect((await driver.appUninstalled()).status).toBe(200);
      const bot = (await stage.app.installs!.installations.get(ACME.team))!.botUserId;
      expect((await driver.tokensRevoked({ bot: [bot] })).status).toBe(200);
      await waitFor(
        async () => (await acme.store.getJob(jobId))?.state === 'stopped',
        WAIT_MS,
        'the job ended',
      );
      expect(await acme.store.targetsOf(jobId)).toMatchObject([{ terminal: true, stoppedBy: APP_REMOVED }]);
      expect(stage.app.graphs.keys()).toEqual([BETA.team]);

      const calls = stage.slack.calls.length;
      const reads = stage.emulator.projectReads(projectId).length;
      stage.emulator.setSpeed(100);
      // Beta carries on meanwhile: its next dub is delivered, and Acme's time passes with nothing of it.
      await dub(BETA, 'https://vimeo.com/beta-after');
      expect(stage.slack.calls.slice(calls).filter((c) => c.team === ACME.team)).toEqual([]);
      expect(stage.emulator.projectReads(projectId)).toHaveLength(reads);
    },
    TEST_MS,
  );

  it(
    'makes each installed workspace’s graph at start, before any payload, and none for a removed one',
    async () => {
      await stage.restartApp();
      expect(stage.app.graphs.keys()).toEqual([BETA.team]);
      await dub(BETA, 'https://vimeo.com/beta-restarted');
      expect(stage.app.graphs.keys()).toEqual([BETA.team]);
    },
    TEST_MS,
  );
});
