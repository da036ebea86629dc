// OAuth mode with no default dubbing account (no DUBKIT_TOKEN), end to end over HTTP against the local Slack:
// the app starts, a workspace installed through /slack/install gets its graph with no dubbing service, and a
// `/dub`, a mention with a video, and `/dub credits` each tell the person, in Slack words, that the workspace
// has no dubbing account yet and who can connect it, as App Home does where the credits would be; nothing is
// recorded or sent to the service. Once a workspace admin connects the account with `/dub connect`, the same
// person's dub is delivered on it.
import { byKind, keyOf, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './server.ts';
import { connectAccount, installPages, oauthEnv, oauthWorld } from './test-support/installs.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { startInProcess, testEnv } from './test-support/stage.ts';

const CLIENT = { id: '5555.6666', secret: 'client-secret' };
const ACME = { team: 'T1ACME', channel: 'C1ACME' };
const ADMIN = 'U1ADMIN';
const TEST_MS = 60_000;
let stage: Stage<RunningApp>;

beforeAll(async () => {
  stage = await setStage({
    // OAuth mode, and no dubbing account of the deployment's: neither a bot token nor a service token.
    startApp: ({ SLACK_BOT_TOKEN: _bot, DUBKIT_TOKEN: _account, ...env }) => startInProcess(env),
    env: {
      ...testEnv(),
      ...oauthEnv(CLIENT),
    },
    emulator: { speed: 100 },
  });
  oauthWorld(stage, CLIENT, {
    workspaces: [{ id: ACME.team, name: 'Acme' }],
    account: { token: 'acme-account-token', name: 'acme', minutes: 300 },
    admin: ADMIN,
  });
}, 60_000);
afterAll(async () => {
  await stage?.close();
});

const { install } = installPages(() => stage.app);
const toAna = () => stage.slack.ephemerals.filter((e) => e.channel === ACME.channel && e.user === ANA);
const cards = () =>
  stage.slack.messages.filter((m) => m.channel === ACME.channel && keyOf(m).startsWith('card:'));

/** What Ana is told next in Acme's channel, after `act`. */
async function toldAfter(act: () => Promise<unknown>): Promise<string> {
  const before = toAna().length;
  await act();
  return JSON.stringify(await waitFor(() => toAna()[before], WAIT_MS, 'the answer to Ana'));
}

describe('a workspace without a dubbing account', () => {
  it(
    'starts, and tells whoever asks for a dub or the credits that an admin connects the account first',
    async () => {
      await install(ACME.team);
      const graph = await stage.app.graphs.of(ACME.team);
      const acme = stage.driver.in(ACME.team);

      const asked = await toldAfter(() =>
        acme.command({ channel: ACME.channel, user: ANA, text: 'https://vimeo.com/acme-launch to es' }),
      );
      expect(asked).toContain('no dubbing account connected yet');
      expect(asked).toContain('/dub connect');
      expect(asked).toContain('workspace admin or owner');

      const drop = stage.slack.postUserMessage({
        channel: ACME.channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/acme-drop|https://vimeo.com/acme-drop>`,
      });
      const mentioned = await toldAfter(() => acme.mention(drop));
      expect(mentioned).toContain('no dubbing account connected yet');

      const credits = await toldAfter(() =>
        acme.command({ channel: ACME.channel, user: ANA, text: 'credits' }),
      );
      expect(credits).toContain('no dubbing account connected yet');
      expect(credits).not.toContain('could not be reached');

      // Ana's App Home says the same where the credits would be.
      const published = () =>
        stage.slack.callsOf('views.publish').filter((c) => c.team === ACME.team && c.args.user_id === ANA);
      await acme.event({ type: 'app_home_opened', user: ANA, channel: `D${ANA}`, tab: 'home' });
      const home = String((await waitFor(() => published().at(-1), WAIT_MS, 'Ana’s Home')).args.view);
      expect(home).toContain('no dubbing account connected yet');
      expect(home).not.toContain('could not be read');

      // Nothing was recorded or posted for it, and no project asked of any account.
      expect(await graph.store.jobsPage({ title: null, offset: 0, limit: 10 })).toEqual([]);
      expect(cards()).toEqual([]);
      expect(stage.emulator.projectReads()).toEqual({});
    },
    TEST_MS,
  );

  it(
    'dubs on the account a workspace admin connects',
    async () => {
      const done = await connectAccount(stage, {
        team: ACME.team,
        channel: ACME.channel,
        admin: ADMIN,
        token: 'acme-account-token',
      });
      expect(done.body).toContain('300 minutes left');

      // The graph is made again with the account: the same command now posts its card and is dubbed.
      await waitFor(
        async () =>
          (await stage.app.graphs.of(ACME.team)).service
            .credits()
            .then((credits) => credits.minutes.total === 300)
            .catch(() => false),
        WAIT_MS,
        'Acme acting on its account',
      );
      await stage.driver
        .in(ACME.team)
        .command({ channel: ACME.channel, user: ANA, text: 'https://vimeo.com/acme-launch to es' });
      const card = await waitFor(() => cards()[0], WAIT_MS, 'the card');
      await waitFor(
        () => byKind(stage.slack.thread(ACME.channel, card.ts), 'dubbed').length === 1,
        WAIT_MS,
        'the dub',
      );
      const graph = await stage.app.graphs.of(ACME.team);
      expect((await graph.service.credits()).minutes.used).toBeGreaterThan(0);
    },
    TEST_MS,
  );
});
