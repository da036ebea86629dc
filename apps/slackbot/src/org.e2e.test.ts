// An Enterprise Grid org-wide install, end to end over HTTP against the local Slack: installed through
// /slack/install for the org (Slack answers is_enterprise_install with no team), the app serving a workspace
// of the org with the org's one token. A person there runs /dub on a link, picks a language on the card, and
// the dub is delivered in the thread, every payload carrying the org, the workspace and its `authorizations`.
// The calls Slack asks an org token to name a workspace for (the user groups, on Ana's App Home) name hers;
// without it the local Slack answers missing_argument, as Slack does. The org's graph, made again when an
// admin of the studio connects the org's account, keeps no workspace in its loops.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentWorkspace } from './install/org-workspace.ts';
import { observeLoops } from './runtime/loop.ts';
import { connectAccount, installPages, oauthEnv, oauthWorld } from './test-support/installs.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { type AppStage, setAppStage, startInProcess } from './test-support/stage.ts';
import { waitForDubs } from './test-support/threads.ts';

const CLIENT = { id: '5555.6666', secret: 'client-secret' };
const ORG = 'E1GRID';
const STUDIO = { team: 'T3STUDIO', channel: 'C3STUDIO' };
const STUDIO_ADMIN = 'U3ADMIN';
const TEST_MS = 60_000;
let stage: AppStage;

beforeAll(async () => {
  stage = await setAppStage({
    speed: 100,
    // OAuth mode: no SLACK_BOT_TOKEN; the stage's service token is the deployment's default account.
    startApp: ({ SLACK_BOT_TOKEN: _single, ...env }) => startInProcess(env),
    env: oauthEnv(CLIENT),
  });
  stage.slack.installs.addOrg({ id: ORG, name: 'Grid' });
  oauthWorld(stage, CLIENT, {
    workspaces: [{ id: STUDIO.team, name: 'Grid Studio', enterpriseId: ORG }],
    account: { token: 'grid-account-token', name: 'grid', minutes: 700 },
    admin: STUDIO_ADMIN,
  });
  // A user group of the studio with Ana in it: her App Home lists the groups' members.
  stage.slack.setUserGroup({ id: 'S1QA', handle: 'qa-es', name: 'Spanish QA', users: [ANA] });
}, 60_000);
afterAll(async () => {
  await stage?.close();
});

const { install } = installPages(() => stage.app);

describe('an org-wide install', () => {
  let card: SlackMessage;

  it(
    'dubs a link in a workspace of the org: /dub, a language picked on the card, the files in the thread',
    async () => {
      expect(await install(ORG)).toContain('Add to workspaces');
      expect(await stage.app.installs!.installations.get(ORG)).toMatchObject({
        orgInstall: true,
        teamId: null,
        enterpriseId: ORG,
      });
      expect(stage.app.graphs.keys()).toEqual([ORG]);

      const studio = stage.driver.in(STUDIO.team);
      const link = 'https://vimeo.com/grid-launch';
      expect((await studio.command({ channel: STUDIO.channel, user: ANA, text: link })).status).toBe(200);
      card = await waitFor(
        () => stage.slack.messages.find((m) => m.channel === STUDIO.channel && keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const picked = await studio.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es'] },
      });
      expect(picked.status).toBe(200);
      const thread = await waitForDubs(stage, STUDIO.channel, card.ts, 1);
      const [dubbed] = byKind(thread, 'dubbed');
      expect(dubbed?.text).toMatch(/^Spanish/);
      expect((dubbed?.files ?? []).map((f) => f.name).sort()).toEqual([
        'vimeo-com-grid-launch.es.srt',
        'vimeo-com-grid-launch.es.vtt',
      ]);
      // Every call for the studio's channel was made with the org's token, and Slack refused none.
      const calls = stage.slack.calls.filter((c) => c.args.channel === STUDIO.channel);
      expect(calls.length).toBeGreaterThan(0);
      expect(new Set(calls.map((c) => c.team))).toEqual(new Set([ORG]));
      expect(stage.slack.calls.filter((c) => c.refused)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'names the workspace on the calls an org token must name it for (Ana’s App Home reads the user groups)',
    async () => {
      const before = stage.slack.calls.length;
      const published = () =>
        stage.slack.calls.slice(before).filter((c) => c.method === 'views.publish' && c.args.user_id === ANA);
      await stage.driver
        .in(STUDIO.team)
        .event({ type: 'app_home_opened', user: ANA, channel: `D${ANA}`, tab: 'home' });
      await waitFor(() => published().length > 0, WAIT_MS, 'Ana’s Home');
      expect(String(published().at(-1)!.args.view)).toContain('grid-launch');
      const groups = stage.slack.calls.slice(before).filter((c) => c.method === 'usergroups.list');
      expect(groups.length).toBeGreaterThan(0);
      expect(groups.map((c) => ({ team: c.team, teamId: c.args.team_id }))).toEqual(
        groups.map(() => ({ team: ORG, teamId: STUDIO.team })),
      );
    },
    TEST_MS,
  );

  it(
    'makes the org’s graph again, when the studio’s admin connects its account, with no workspace kept in its loops',
    async () => {
      // The loops of the graph made again while the studio's payload was handled must not act in the studio
      // for ever after: the org's other workspaces' calls would name it.
      const rounds: { loop: string; workspace: string | undefined }[] = [];
      const stop = observeLoops({
        round: (loop) => rounds.push({ loop, workspace: currentWorkspace() }),
      });
      try {
        const done = await connectAccount(stage, {
          team: STUDIO.team,
          channel: STUDIO.channel,
          admin: STUDIO_ADMIN,
          token: 'grid-account-token',
        });
        expect(done.body).toContain('700 minutes left');
        const graph = () => stage.app.graphs.of(ORG);
        await waitFor(
          async () => (await (await graph()).service.credits()).minutes.total === 700,
          WAIT_MS,
          'the org acting on its own account',
        );
        const from = rounds.length;
        await waitFor(
          () => rounds.slice(from).filter((r) => r.loop === 'deliverer').length >= 3,
          WAIT_MS,
          'rounds of the new graph’s deliverer',
        );
        expect(rounds.slice(from).filter((r) => r.workspace !== undefined)).toEqual([]);
      } finally {
        stop();
      }
    },
    TEST_MS,
  );
});
