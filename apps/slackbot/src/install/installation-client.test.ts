// An installation's Web API client against the local Slack: a call Slack refuses as `token_expired` is made
// once more with the token the installation's refresh gives, when the refused token was the client's own bot
// token. A call made with a token the caller named (a workflow run's, another installation's) is not the
// client's to renew: Slack's refusal is the caller's, and nothing is sent again with the bot token instead.
import { FakeSlack } from '@dubkit/slack-sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InstallationWebClient } from './installation-client.ts';
import { exchangeCode, refreshBotToken } from './slack-oauth.ts';

const REDIRECT = 'http://127.0.0.1/slack/oauth_redirect';
const OAUTH = { clientId: 'C1', clientSecret: 'secret' };
let slack: FakeSlack;

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: 'xoxb-unused' }).start();
  slack.installs.configureApp({ ...OAUTH, expiresInSeconds: 600 });
  slack.installs.addWorkspace({ id: 'T1', name: 'One' });
  slack.installs.addWorkspace({ id: 'T2', name: 'Two' });
});
afterEach(async () => {
  await slack.close();
});

/** The app installed in `team` through the sandbox's authorize page: its bot tokens. */
async function installed(team: string) {
  const query = new URLSearchParams({ client_id: OAUTH.clientId, redirect_uri: REDIRECT, team });
  const answer = await fetch(`${slack.url}/oauth/v2/authorize?${query}`, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const install = await exchangeCode({ ...OAUTH, slackApiUrl: slack.apiUrl }, code, REDIRECT);
  return install.bot!;
}

/** T1's client, whose renewals are counted: each refreshes T1's bot token with Slack. */
async function clientOfOne() {
  const bot = await installed('T1');
  const renewed: string[] = [];
  const client = new InstallationWebClient(
    bot.token,
    { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } },
    {
      orgWide: false,
      renew: async (refused) => {
        renewed.push(refused);
        return (await refreshBotToken({ ...OAUTH, slackApiUrl: slack.apiUrl }, bot.refreshToken!)).token;
      },
    },
  );
  return { client, bot, renewed };
}

describe('an installation’s Web API client', () => {
  it('renews its own bot token Slack refused as expired, and makes the call once more with the new one', async () => {
    const { client, bot, renewed } = await clientOfOne();
    slack.installs.expire('T1');
    const before = slack.calls.length;
    const tests = () => slack.calls.slice(before).filter((c) => c.method === 'auth.test');
    expect(await client.auth.test()).toMatchObject({ ok: true, team_id: 'T1' });
    expect(renewed).toEqual([bot.token]);
    expect(tests().map((c) => c.refused)).toEqual(['token_expired', undefined]);
  });

  it('leaves a call made with another token to its caller: no renewal, nothing sent with its bot token', async () => {
    const { client, renewed } = await clientOfOne();
    const other = await installed('T2');
    slack.installs.expire('T2');
    const before = slack.calls.length;
    const tests = () => slack.calls.slice(before).filter((c) => c.method === 'auth.test');
    await expect(client.auth.test({ token: other.token })).rejects.toMatchObject({
      data: { error: 'token_expired' },
    });
    expect(renewed).toEqual([]);
    expect(tests().map((c) => ({ team: c.team, refused: c.refused }))).toEqual([
      { team: 'T2', refused: 'token_expired' },
    ]);
  });
});
