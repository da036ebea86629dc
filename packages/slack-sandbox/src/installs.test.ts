// The sandbox's installs over its real HTTP interface: the authorize page redirects with a code and the
// state, oauth.v2.access exchanges it once, rotating tokens expire and refresh once, an org install is
// answered without a team (its token must name the workspace where Slack asks it to), and tokens the sandbox did not issue, expired or revoked are refused as Slack
// refuses them, the default workspace's static token still working beside them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSlack } from './fake-slack.ts';

const STATIC = 'xoxb-static';
let slack: FakeSlack;

async function api(method: string, args: Record<string, unknown>, token?: string) {
  const response = await fetch(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(
      Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Approves an install into `team` as a person would, and returns the code the redirect carries. */
async function approve(team: string, state = 's1'): Promise<URL> {
  const query = new URLSearchParams({
    client_id: 'C1',
    scope: 'chat:write',
    redirect_uri: 'https://app.example/slack/oauth_redirect',
    state,
    team,
  });
  const answer = await fetch(`${slack.url}/oauth/v2/authorize?${query}`, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

const exchange = (code: string) =>
  api('oauth.v2.access', {
    client_id: 'C1',
    client_secret: 'secret',
    code,
    redirect_uri: 'https://app.example/slack/oauth_redirect',
  });

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: STATIC }).start();
  slack.installs.configureApp({ clientId: 'C1', clientSecret: 'secret', expiresInSeconds: 60 });
  slack.installs.addWorkspace({ id: 'T1', name: 'One' });
  slack.installs.addOrg({ id: 'E1', name: 'Grid' });
  slack.installs.addWorkspace({ id: 'T2', name: 'Two', enterpriseId: 'E1' });
});
afterEach(async () => {
  await slack.close();
});

describe('the sandbox’s installs', () => {
  it('installs a workspace with rotating tokens that refresh once', async () => {
    const back = await approve('T1');
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code') ?? '';
    const installed = await exchange(code);
    expect(installed).toMatchObject({
      ok: true,
      team: { id: 'T1' },
      enterprise: null,
      is_enterprise_install: false,
      expires_in: 60,
    });
    expect(String(installed.access_token)).toMatch(/^xoxe\.xoxb-1-/);
    expect(String(installed.refresh_token)).toMatch(/^xoxe-1-/);
    expect(await exchange(code)).toEqual({ ok: false, error: 'invalid_code' });
    expect(await api('auth.test', {}, String(installed.access_token))).toMatchObject({
      ok: true,
      team_id: 'T1',
      user_id: 'UBT1',
    });

    const refresh = { client_id: 'C1', client_secret: 'secret', grant_type: 'refresh_token' };
    const renewed = await api('oauth.v2.access', { ...refresh, refresh_token: installed.refresh_token });
    expect(renewed).toMatchObject({ ok: true, team: { id: 'T1' } });
    expect(renewed.access_token).not.toBe(installed.access_token);
    expect(await api('oauth.v2.access', { ...refresh, refresh_token: installed.refresh_token })).toEqual({
      ok: false,
      error: 'invalid_refresh_token',
    });
    expect(slack.installs.refreshes).toBe(1);
    // The record tells the used code's and refresh token's refusals from the grants answered.
    expect(slack.callsOf('oauth.v2.access').map((c) => c.refused)).toEqual([
      undefined,
      'invalid_code',
      undefined,
      'invalid_refresh_token',
    ]);
  });

  it('asks which workspace or org to install into when the link names none, and says who it installed', async () => {
    const query = new URLSearchParams({
      client_id: 'C1',
      scope: 'chat:write',
      redirect_uri: 'https://app.example/slack/oauth_redirect',
      state: 's2',
    });
    const page = await fetch(`${slack.url}/oauth/v2/authorize?${query}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    const picks = [...html.matchAll(/data-team="(\w+)" href="([^"]+)">([^<]+)</g)];
    expect(picks.map(([, team, , label]) => [team, label])).toEqual([
      ['T1', 'One'],
      ['T2', 'Two'],
      ['E1', 'Grid (the whole org)'],
    ]);
    // The person picks Two: the same request with its team, approved, back to the app with a code and the state.
    const href = (picks[1]?.[2] ?? '').replaceAll('&#38;', '&');
    const answer = await fetch(new URL(href, page.url), { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('s2');
    const installed: string[] = [];
    slack.on('installed', (key) => installed.push(key));
    expect(await exchange(back.searchParams.get('code') ?? '')).toMatchObject({
      ok: true,
      team: { id: 'T2' },
    });
    expect(installed).toEqual(['T2']);
  });

  it('answers an org-wide install with no team', async () => {
    const installed = await exchange((await approve('E1')).searchParams.get('code') ?? '');
    expect(installed).toMatchObject({
      ok: true,
      team: null,
      enterprise: { id: 'E1' },
      is_enterprise_install: true,
    });
    expect(await api('auth.test', {}, String(installed.access_token))).toMatchObject({
      enterprise_id: 'E1',
      is_enterprise_install: true,
    });
  });

  it('refuses tokens it did not issue, expired and revoked ones; the static token still works', async () => {
    const installed = await exchange((await approve('T1')).searchParams.get('code') ?? '');
    const token = String(installed.access_token);
    expect(await api('auth.test', {}, 'xoxb-made-up')).toEqual({ ok: false, error: 'invalid_auth' });
    expect(await api('auth.test', {}, String(installed.refresh_token))).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    slack.installs.expire('T1');
    expect(await api('auth.test', {}, token)).toEqual({ ok: false, error: 'token_expired' });
    slack.installs.uninstall('T1');
    expect(await api('auth.test', {}, token)).toEqual({ ok: false, error: 'token_revoked' });
    expect(slack.callsOf('auth.test').at(-1)?.team).toBe('T1');
    // Each refusal is recorded with Slack's error, so a test can tell that none happened.
    expect(slack.callsOf('auth.test').map((c) => c.refused)).toEqual([
      'invalid_auth',
      'invalid_auth',
      'token_expired',
      'token_revoked',
    ]);
    expect(await api('users.info', { user: 'U0ANA', team_id: 'T1' }, STATIC)).toMatchObject({ ok: true });
    expect(await api('auth.test', {}, STATIC)).toMatchObject({ ok: true, team_id: slack.teamId });
  });

  it('refuses a token used for another installation’s workspace; an org’s token serves its workspaces', async () => {
    const one = await exchange((await approve('T1')).searchParams.get('code') ?? '');
    const org = await exchange((await approve('E1')).searchParams.get('code') ?? '');
    const info = (token: unknown, team: string) =>
      api('users.info', { user: 'U0ANA', team_id: team }, String(token));
    expect(await info(one.access_token, 'T1')).toMatchObject({ ok: true, user: { team_id: 'T1' } });
    expect(await info(one.access_token, 'T2')).toEqual({ ok: false, error: 'team_access_not_granted' });
    expect(await info(org.access_token, 'T2')).toMatchObject({ ok: true });
    expect(await info(org.access_token, 'T1')).toEqual({ ok: false, error: 'team_access_not_granted' });
  });

  it('asks an org’s token which workspace it lists user groups in, not a workspace’s token', async () => {
    const one = await exchange((await approve('T1')).searchParams.get('code') ?? '');
    const org = await exchange((await approve('E1')).searchParams.get('code') ?? '');
    const groups = (token: unknown, args: Record<string, unknown>) =>
      api('usergroups.list', args, String(token));
    expect(await groups(org.access_token, {})).toEqual({ ok: false, error: 'missing_argument' });
    expect(await api('usergroups.users.list', { usergroup: 'S1' }, String(org.access_token))).toEqual({
      ok: false,
      error: 'missing_argument',
    });
    expect(await groups(org.access_token, { team_id: 'T2' })).toMatchObject({ ok: true });
    expect(await groups(one.access_token, {})).toMatchObject({ ok: true });
    // Looking one thing up by its id needs no workspace.
    expect(await api('users.info', { user: 'U0ANA' }, String(org.access_token))).toMatchObject({ ok: true });
  });

  it('refuses a wrong client secret and a code sent back to another redirect URL', async () => {
    const code = (await approve('T1')).searchParams.get('code') ?? '';
    expect(await api('oauth.v2.access', { client_id: 'C1', client_secret: 'nope', code })).toEqual({
      ok: false,
      error: 'bad_client_secret',
    });
    expect(
      await api('oauth.v2.access', {
        client_id: 'C1',
        client_secret: 'secret',
        code,
        redirect_uri: 'https://elsewhere.example/',
      }),
    ).toEqual({ ok: false, error: 'bad_redirect_uri' });
  });
});
