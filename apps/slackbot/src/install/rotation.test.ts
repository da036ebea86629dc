// Token rotation without races: two replicas (two stores on one PostgreSQL) find the same token due and ask
// for it at once; the local Slack sees one refresh grant, and both get the new token, which it accepts. So too
// for a token Slack refused as expired before its stored time. A token not yet due is used as it is; an
// uninstalled tenant gets TenantGone before anything reaches Slack. A refresh Slack answered after its lease
// lapsed is kept, and the refresh grant is sent once and given up well inside the lease.
import { randomBytes } from 'node:crypto';
import { FakeSlack, waitFor } from '@dubkit/slack-sandbox';
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostgresConnection } from '../store/postgres/connection.ts';
import { migrate } from '../store/sql/migrations.ts';
import { type TestDatabase, testDatabase } from '../test-support/postgres.ts';
import { InstallationStore } from './installations.ts';
import { BotTokenRotation, REFRESH_LEASE_MS } from './rotation.ts';
import { Sealer } from './sealing.ts';
import { exchangeCode, REFRESH_GRANT_TIMEOUT_MS, refreshBotToken } from './slack-oauth.ts';
import { TenantGone } from './tenancy.ts';

const sealer = new Sealer([randomBytes(32)]);
const REDIRECT = 'http://127.0.0.1/slack/oauth_redirect';
let slack: FakeSlack;
let database: TestDatabase;
const connections: PostgresConnection[] = [];

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: 'xoxb-unused' }).start();
  slack.installs.configureApp({ clientId: 'C1', clientSecret: 'secret', expiresInSeconds: 600 });
  slack.installs.addWorkspace({ id: 'T1', name: 'One' });
  database = await testDatabase();
});
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
  await database.drop();
  await slack.close();
});

async function replica(owner: string) {
  const sql = new PostgresConnection({ url: database.url, poolSize: 2 });
  connections.push(sql);
  await migrate(sql);
  const installations = new InstallationStore(sql, sealer);
  const oauth = { clientId: 'C1', clientSecret: 'secret', slackApiUrl: slack.apiUrl };
  const rotation = new BotTokenRotation({
    installations,
    owner,
    refresh: (refreshToken) => refreshBotToken(oauth, refreshToken),
  });
  return { installations, rotation, oauth };
}

/** Installs the app in T1 through the sandbox's authorize page and stores it. */
async function installed(installations: InstallationStore, oauth: Parameters<typeof exchangeCode>[0]) {
  const query = new URLSearchParams({ client_id: 'C1', redirect_uri: REDIRECT, team: 'T1' });
  const answer = await fetch(`${slack.url}/oauth/v2/authorize?${query}`, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  await installations.save(await exchangeCode(oauth, code, REDIRECT), Date.now());
}

describe('bot token rotation', () => {
  it('refreshes a due token once for two replicas asking at once, and both use the new one', async () => {
    const a = await replica('replica-a');
    const b = await replica('replica-b');
    await installed(a.installations, a.oauth);
    const first = (await a.installations.get('T1'))!.bot!.token;
    // Both find the token due: its expiry (600 s) is within the rotations' window. The refreshed one lives
    // Slack's 12 hours, so that a replica reading it after the refresh (which gives the lease back) finds it
    // fresh, as it would be, and the one refresh counted is the race's, not a second due token's.
    const due = { refreshWithinMs: 15 * 60_000 };
    slack.installs.configureApp({ clientId: 'C1', clientSecret: 'secret', expiresInSeconds: 43_200 });
    const [fromA, fromB] = await Promise.all([
      new BotTokenRotation({ ...rotationOptions(a), ...due }).token('T1'),
      new BotTokenRotation({ ...rotationOptions(b), ...due }).token('T1'),
    ]);
    expect(slack.installs.refreshes).toBe(1);
    const newest = (await b.installations.get('T1'))!.bot!.token;
    expect(newest).not.toBe(first);
    // The replica that waited got the new token, or the old one while it is still valid; both now read the new.
    for (const got of [fromA.token, fromB.token]) expect([newest, first]).toContain(got);
    expect([fromA.token, fromB.token]).toContain(newest);
    for (const r of [a, b]) {
      const { token } = await r.rotation.token('T1');
      expect(token).toBe(newest);
      expect(await new WebClient(token, { slackApiUrl: slack.apiUrl }).auth.test()).toMatchObject({
        team_id: 'T1',
      });
    }
  });

  it('waits for the other replica’s refresh when the token has already expired', async () => {
    const a = await replica('replica-a');
    const b = await replica('replica-b');
    await installed(a.installations, a.oauth);
    slack.installs.expire('T1');
    const { tokenVersion, bot } = (await a.installations.get('T1'))!;
    // Force the stored expiry into the past too, as it is 12 hours later.
    await connections[0]!.run('UPDATE installations SET expires_at = ? WHERE tenant = ?', [
      Date.now() - 1,
      'T1',
    ]);
    const [x, y] = await Promise.all([a.rotation.token('T1'), b.rotation.token('T1')]);
    expect(slack.installs.refreshes).toBe(1);
    expect(x.token).toBe(y.token);
    expect(x.token).not.toBe(bot!.token);
    expect((await a.installations.get('T1'))!.tokenVersion).toBe(tokenVersion + 1);
    expect(await new WebClient(x.token, { slackApiUrl: slack.apiUrl }).auth.test()).toMatchObject({
      ok: true,
    });
  });

  it('refreshes at once a token Slack refused as expired before its time, once for two replicas', async () => {
    const a = await replica('replica-a');
    const b = await replica('replica-b');
    await installed(a.installations, a.oauth);
    const first = (await a.installations.get('T1'))!.bot!.token;
    // Slack expires it early: the stored expiry still has ten minutes, outside the window.
    slack.installs.expire('T1');
    expect((await a.rotation.token('T1')).token).toBe(first);
    expect(slack.installs.refreshes).toBe(0);
    const [x, y] = await Promise.all([a.rotation.token('T1', first), b.rotation.token('T1', first)]);
    expect(slack.installs.refreshes).toBe(1);
    expect(x.token).toBe(y.token);
    expect(x.token).not.toBe(first);
    expect(await new WebClient(x.token, { slackApiUrl: slack.apiUrl }).auth.test()).toMatchObject({
      ok: true,
    });
    // A replica that met the refusal late gets the token another refreshed, with no second refresh.
    expect((await b.rotation.token('T1', first)).token).toBe(x.token);
    expect(slack.installs.refreshes).toBe(1);
    // Never for a removed installation.
    await a.installations.markRemoved('T1', Date.now());
    await expect(b.rotation.token('T1', x.token)).rejects.toBeInstanceOf(TenantGone);
    expect(slack.installs.refreshes).toBe(1);
  });

  it('keeps a refresh Slack answered after its lease lapsed and another replica’s try failed', async () => {
    const a = await replica('replica-a');
    const b = await replica('replica-b');
    await installed(a.installations, a.oauth);
    const first = (await a.installations.get('T1'))!.bot!.token;
    slack.installs.expire('T1');
    // Both replicas' clock: a's answer comes after its lease, as when its process was paused that long.
    let clock = Date.now();
    const at = (r: typeof a, owner: string) =>
      new BotTokenRotation({ ...rotationOptions(r), owner, now: () => clock });
    slack.faults.slowAnswers.push({ method: 'oauth.v2.access', times: 1, delayMs: 1_500 });
    const late = at(a, 'replica-a').token('T1', first);
    // Slack has used the refresh token up; its answer is on its way.
    await waitFor(() => slack.installs.refreshes === 1, 5_000, 'the refresh grant served');
    clock += REFRESH_LEASE_MS + 1;
    await expect(at(b, 'replica-b').token('T1', first)).rejects.toThrow(/invalid_refresh_token/);
    const { token } = await late;
    expect(token).not.toBe(first);
    // Saved: the other replica reads it, Slack accepts it, and nothing was refreshed again.
    expect((await b.rotation.token('T1')).token).toBe(token);
    expect(await new WebClient(token, { slackApiUrl: slack.apiUrl }).auth.test()).toMatchObject({
      ok: true,
    });
    expect(slack.installs.refreshes).toBe(1);
  });

  it('sends the refresh grant once and gives up on it well inside the lease', async () => {
    expect(REFRESH_GRANT_TIMEOUT_MS).toBeLessThanOrEqual(REFRESH_LEASE_MS / 2);
    const a = await replica('replica-a');
    await installed(a.installations, a.oauth);
    const { refreshToken } = (await a.installations.get('T1'))!.bot!;
    slack.faults.slowAnswers.push({ method: 'oauth.v2.access', times: 1, delayMs: 1_500 });
    await expect(refreshBotToken({ ...a.oauth, refreshTimeoutMs: 200 }, refreshToken!)).rejects.toMatchObject(
      { code: 'slack_webapi_request_error' },
    );
    const grants = slack.calls.filter(
      (c) => c.method === 'oauth.v2.access' && c.args.grant_type === 'refresh_token',
    );
    expect(grants).toHaveLength(1);
  });

  it('uses a token not yet due as it is, and refuses an uninstalled tenant before calling Slack', async () => {
    const a = await replica('replica-a');
    await installed(a.installations, a.oauth);
    const stored = (await a.installations.get('T1'))!.bot!.token;
    expect((await a.rotation.token('T1')).token).toBe(stored);
    expect(slack.installs.refreshes).toBe(0);
    await a.installations.markRemoved('T1', Date.now());
    const calls = slack.calls.length;
    await expect(a.rotation.token('T1')).rejects.toBeInstanceOf(TenantGone);
    await expect(a.rotation.token('T9')).rejects.toBeInstanceOf(TenantGone);
    expect(slack.calls.length).toBe(calls);
  });
});

function rotationOptions(r: {
  installations: InstallationStore;
  oauth: { clientId: string; clientSecret: string; slackApiUrl: string };
}) {
  return {
    installations: r.installations,
    owner: randomBytes(4).toString('hex'),
    refresh: (refreshToken: string) => refreshBotToken(r.oauth, refreshToken),
  };
}
