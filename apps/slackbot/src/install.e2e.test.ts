// Installing from a link, end to end over HTTP: the app in OAuth mode against the local Slack, installed
// through GET /slack/install into two workspaces and an Enterprise Grid org as a browser would (the page, the
// authorize page, the redirect back with its cookie). Each installation's token is its own and is refreshed
// when due, and at once when Slack expired it early (the call it refused made again); a replayed or forged state is refused, an admin-page install without one is
// taken; `/dub connect` connects the workspace the gate resolved, with its client; app_uninstalled and tokens_revoked, in either order and each twice, stop every Slack call for that
// workspace at once and its rows are deleted after the retention (0 days here); reinstalling works.
import { keyOf, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantGone } from './install/tenancy.ts';
import type { RunningApp } from './server.ts';
import { installPages, oauthEnv } from './test-support/installs.ts';
import { startInProcess, testEnv } from './test-support/stage.ts';

const CLIENT = { id: '1111.2222', secret: 'client-secret' };
let stage: Stage<RunningApp>;

beforeAll(async () => {
  stage = await setStage({
    // OAuth mode: no SLACK_BOT_TOKEN; the stage's service token stays as the default dubbing account.
    startApp: ({ SLACK_BOT_TOKEN: _single, ...env }) => startInProcess(env),
    env: {
      ...testEnv(),
      ...oauthEnv(CLIENT),
      DUBKIT_RETENTION_DAYS: '0',
    },
    emulator: { speed: 50 },
  });
  stage.slack.installs.configureApp({ clientId: CLIENT.id, clientSecret: CLIENT.secret });
  stage.slack.installs.addWorkspace({ id: 'T1', name: 'Acme' });
  stage.slack.installs.addWorkspace({ id: 'T2', name: 'Beta' });
  stage.slack.installs.addOrg({ id: 'E1', name: 'Grid' });
  stage.slack.installs.addWorkspace({ id: 'T3', name: 'Grid Studio', enterpriseId: 'E1' });
  stage.slack.installs.addWorkspace({ id: 'T4', name: 'Never installed' });
});
afterAll(async () => {
  await stage?.close();
});

const installs = () => {
  const running = stage.app.installs;
  if (!running) throw new Error('the app did not start in OAuth mode');
  return running;
};
const { installPage, approve, back, install } = installPages(() => stage.app);

describe('installing from a link', () => {
  it('installs into two workspaces and an org, each with its own rotating token', async () => {
    const page = await install('T1');
    expect(page).toContain('/invite @dubkit');
    expect(page).toContain('/dub');
    await install('T2');
    expect(await install('E1')).toContain('Add to workspaces');
    const { installations, tenancy } = installs();
    expect(await installations.get('T1')).toMatchObject({
      state: 'active',
      orgInstall: false,
      botUserId: 'UBT1',
    });
    expect(await installations.get('E1')).toMatchObject({
      orgInstall: true,
      teamId: null,
      enterpriseId: 'E1',
    });
    // A workspace of the org is served by the org's installation.
    expect(await tenancy.resolve({ teamId: 'T3', enterpriseId: 'E1', orgInstall: true })).toMatchObject({
      key: 'E1',
    });
    expect(await tenancy.resolve({ teamId: 'T9', enterpriseId: null, orgInstall: false })).toBeNull();
    for (const [tenant, team] of [
      ['T1', 'T1'],
      ['T2', 'T2'],
    ] as const) {
      const client = await tenancy.slack(tenant);
      expect(await client.auth.test()).toMatchObject({ ok: true, team_id: team });
      expect(stage.slack.calls.at(-1)).toMatchObject({ method: 'auth.test', team: tenant });
    }
    expect(await (await tenancy.slack('E1')).auth.test()).toMatchObject({ enterprise_id: 'E1' });
    const authorized = await tenancy.authorize(
      {
        teamId: 'T3',
        enterpriseId: 'E1',
        isEnterpriseInstall: true,
        conversationId: undefined,
        userId: undefined,
      },
      undefined,
    );
    expect(authorized).toMatchObject({ enterpriseId: 'E1', botUserId: 'UBE1' });
    expect(authorized.botToken).toMatch(/^xoxe\.xoxb-1-/);
  });

  it('refuses a payload from a workspace that has not installed the app, before any listener', async () => {
    const before = stage.slack.calls.length;
    const message = stage.slack.postUserMessage({
      channel: 'C4',
      user: 'U4ANA',
      text: '<@UBT4> https://example.com/video.mp4',
    });
    expect((await stage.driver.in('T4').mention(message)).status).toBe(200);
    // Bolt answers a command it could not authorize 401: Slack shows the person that it failed.
    const command = await stage.driver.in('T4').command({ text: 'help', channel: 'C4', user: 'U4ANA' });
    expect(command.status).toBe(401);
    expect(stage.slack.calls.slice(before)).toEqual([]);
    expect(stage.slack.ephemerals.filter((e) => e.user === 'U4ANA')).toEqual([]);
  });

  it('refuses a replayed, forged or other browser’s state, and takes an admin-page install without one', async () => {
    const { authorize, cookie } = await installPage();
    const location = await approve(authorize, 'T1');
    expect((await fetch(location, { method: 'HEAD', headers: { cookie } })).status).toBe(405);
    expect((await back(location, '')).status).toBe(400);
    expect((await back(location, cookie)).status).toBe(200);
    expect((await back(location, cookie)).text).toContain('expired or was already used');
    const forged = new URL(await approve((await installPage()).authorize, 'T1'));
    forged.searchParams.set('state', `${forged.searchParams.get('state')?.split('.')[0]}.AAAA`);
    expect((await back(forged.toString(), cookie)).status).toBe(400);
    // From Slack's own pages: no state at all.
    const direct = new URL(authorize);
    direct.searchParams.delete('state');
    expect(await back(await approve(direct, 'T1'), '')).toMatchObject({ status: 200 });
  });

  it('refreshes at once a token Slack expired early, and makes the call it refused; and a due one before calling', async () => {
    const { installations, tenancy } = installs();
    const old = (await installations.get('T1'))!.bot!.token;
    const refreshes = stage.slack.installs.refreshes;
    const before = stage.slack.calls.length;
    const messages = stage.slack.messages.length;
    // The app's own record says the token has hours left: Slack's refusal is what the app meets first.
    stage.slack.installs.expire('T1');
    await stage.driver
      .in('T1')
      .command({ channel: 'C1', user: 'U1ANA', text: 'https://vimeo.com/after-expiry to es' });
    // The card is a write through the outbox: made, with the new token, and only once.
    const posted = () => stage.slack.messages.slice(messages);
    const card = await waitFor(
      () => posted().find((m) => m.channel === 'C1' && keyOf(m).startsWith('card:')),
      10_000,
      'the card',
    );
    expect(stage.slack.installs.refreshes).toBe(refreshes + 1);
    const calls = stage.slack.calls.slice(before).filter((c) => c.team === 'T1');
    expect(calls.map((c) => c.refused).filter(Boolean)).toContain('token_expired');
    expect(calls.filter((c) => c.refused && c.refused !== 'token_expired')).toEqual([]);
    // Once: the job's status may follow in the thread, but no second card.
    expect(posted().filter((m) => keyOf(m) === keyOf(card))).toHaveLength(1);
    const renewed = (await installations.get('T1'))!.bot!.token;
    expect(renewed).not.toBe(old);
    expect(await (await tenancy.slack('T1')).auth.test()).toMatchObject({ ok: true, team_id: 'T1' });

    // As 12 hours later: the stored expiry is due, so the tenancy refreshes before calling.
    const stored = await installations.get('T1');
    await installations.save(
      { ...(await asNew('T1')), bot: { ...stored!.bot!, expiresAt: Date.now() } },
      Date.now(),
    );
    const fresh = await tenancy.slack('T1');
    expect(stage.slack.installs.refreshes).toBe(refreshes + 2);
    expect(await fresh.auth.test()).toMatchObject({ ok: true, team_id: 'T1' });
    expect((await installations.get('T1'))!.bot!.token).not.toBe(renewed);
  });

  it('lets only a workspace admin connect its own dubbing account, checked first and never shown again', async () => {
    const { installations, tenancy } = installs();
    stage.emulator.addToken('beta-account-token', 'beta');
    stage.emulator.setCredits('beta', { minutes: 77 });
    stage.slack.setUser({ id: 'U2ADMIN', is_admin: true });
    const beta = stage.driver.in('T2');
    const defaultAccount = await tenancy.dubbing('T2');

    await beta.command({ text: 'connect', channel: 'C2', user: 'U2MEMBER' });
    await waitFor(
      () =>
        stage.slack.ephemerals.find(
          (e) => e.user === 'U2MEMBER' && e.text.includes('Only a workspace admin'),
        ),
      10_000,
      'the refusal',
    );
    expect(stage.slack.callsOf('views.open')).toEqual([]);

    await beta.command({ text: 'connect', channel: 'C2', user: 'U2ADMIN' });
    const opened = await waitFor(() => stage.slack.callsOf('views.open').at(-1), 10_000, 'the modal');
    expect(opened?.team).toBe('T2');
    const viewId = stage.slack.views.at(-1)?.id ?? '';
    const submit = (user: string, token: string) =>
      beta.submitView({
        viewId,
        user,
        values: { dubbing_token: { token: { type: 'plain_text_input', value: token } } },
      });
    // Another person submitting the admin's modal is refused by the gate; a wrong token by the service.
    expect((await submit('U2MEMBER', 'beta-account-token')).body).not.toContain('Connected');
    const wrong = (await submit('U2ADMIN', 'not-a-token')).body;
    expect(JSON.parse(wrong), wrong).toMatchObject({
      response_action: 'errors',
      errors: { dubbing_token: expect.stringContaining('refused this token') },
    });
    expect(await installations.dubbingToken('T2')).toBeUndefined();
    const done = await submit('U2ADMIN', 'beta-account-token');
    expect(done.body).toContain('77 minutes left');
    expect(done.body).not.toContain('beta-account-token');
    expect(await installations.dubbingToken('T2')).toBe('beta-account-token');

    // T2 now dubs on its own account (one client, reused); T1 still on the deployment's default one.
    const own = await tenancy.dubbing('T2');
    expect(own).not.toBe(defaultAccount);
    expect(await tenancy.dubbing('T2')).toBe(own);
    expect((await own!.credits()).minutes.total).toBe(77);
    expect(await tenancy.dubbing('T1')).toBe(defaultAccount);
  });

  it('connects the workspace the gate resolved, asking Slack with its client, which renews a token Slack expired early', async () => {
    const { installations } = installs();
    stage.emulator.addToken('acme-account-token', 'acme');
    stage.emulator.setCredits('acme', { minutes: 55 });
    stage.slack.setUser({ id: 'U1ADMIN', is_admin: true });
    // Slack expires T1's token before its stored expiry: the token Bolt authorized the command with.
    stage.slack.installs.expire('T1');
    const refreshes = stage.slack.installs.refreshes;
    const opened = () => stage.slack.callsOf('views.open').filter((c) => c.team === 'T1' && !c.refused);
    const before = opened().length;
    await stage.driver.in('T1').command({ text: 'connect', channel: 'C1', user: 'U1ADMIN' });
    await waitFor(() => opened()[before], 10_000, 'the modal, opened with T1’s renewed token');
    expect(stage.slack.installs.refreshes).toBe(refreshes + 1);
    // Submitted in the modal T1's app opened by a payload that names T2 as the person's team (Slack Connect
    // sends it so): T1's account is connected, the tenant the gate picked, never T2's.
    const done = await stage.driver.in('T2').submitView({
      viewId: stage.slack.views.at(-1)?.id ?? '',
      user: 'U1ADMIN',
      values: { dubbing_token: { token: { type: 'plain_text_input', value: 'acme-account-token' } } },
    });
    expect(done.body).toContain('55 minutes left');
    expect(await installations.dubbingToken('T1')).toBe('acme-account-token');
    expect(await installations.dubbingToken('T2')).toBe('beta-account-token');
  });

  for (const order of [
    ['app_uninstalled', 'tokens_revoked'],
    ['tokens_revoked', 'app_uninstalled'],
  ] as const) {
    it(`stops every Slack call for a workspace at ${order.join(' then ')}, each twice, and reinstalls`, async () => {
      const tenant = order[0] === 'app_uninstalled' ? 'T2' : 'T1';
      const { installations, tenancy } = installs();
      await tenancy.slack(tenant);
      stage.slack.installs.uninstall(tenant);
      const driver = stage.driver.in(tenant);
      const botUserId = (await installations.get(tenant))!.botUserId;
      const callsBefore = stage.slack.calls.length;
      for (const type of order) {
        const send = () =>
          type === 'app_uninstalled' ? driver.appUninstalled() : driver.tokensRevoked({ bot: [botUserId] });
        const first = await send();
        expect(first.status).toBe(200);
        expect((await send()).status).toBe(200);
      }
      await expect(tenancy.slack(tenant)).rejects.toBeInstanceOf(TenantGone);
      await expect(
        tenancy.authorize(
          {
            teamId: tenant,
            enterpriseId: undefined,
            isEnterpriseInstall: false,
            conversationId: undefined,
            userId: undefined,
          },
          undefined,
        ),
      ).rejects.toThrow(/not installed/);
      expect(stage.slack.calls.slice(callsBefore).filter((call) => call.team === tenant)).toEqual([]);
      // Retention 0: the workspace's rows are deleted at once.
      await waitFor(async () => (await installations.get(tenant)) === undefined, 10_000, 'the purge');
      // The other installations are untouched.
      expect(await installations.get('E1')).toMatchObject({ state: 'active' });

      await install(tenant);
      expect(await (await tenancy.slack(tenant)).auth.test()).toMatchObject({ ok: true, team_id: tenant });
    });
  }
});

/** The stored installation of `tenant` as a NewInstallation, to write it back with a changed field. */
async function asNew(tenant: string) {
  const stored = (await installs().installations.get(tenant))!;
  return {
    key: stored.key,
    teamId: stored.teamId,
    enterpriseId: stored.enterpriseId,
    orgInstall: stored.orgInstall,
    teamName: '',
    appId: '',
    botUserId: stored.botUserId,
    botId: stored.botId,
    installerId: stored.installerId,
    scopes: '',
    bot: stored.bot!,
  };
}
