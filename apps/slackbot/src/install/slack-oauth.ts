// Slack's oauth.v2.access, both grants, through SLACK_API_URL like every other Slack call: the
// authorization code of an install, and the refresh token of a rotating bot token. Tokens are taken in any
// of Slack's formats (`xoxb-…`, and `xoxe.xoxb-1-…` with rotation); nothing insists on a prefix.
// The refresh grant is sent once, never again: its refresh token is single-use, so a second try after an
// answer that went missing can only be refused, and each try would spend more of the lease it is made under
// (rotation.ts). It is given up after REFRESH_GRANT_TIMEOUT_MS, well inside that lease, so that an answer
// normally arrives while its replica still holds the right to refresh.
import { WebClient } from '@slack/web-api';
import type { BotTokens, NewInstallation } from './installations.ts';
import { tenantKey } from './installations.ts';
import { REFRESH_LEASE_MS } from './rotation.ts';

/** How long the refresh grant is waited for: a third of the lease it is made under. */
export const REFRESH_GRANT_TIMEOUT_MS = REFRESH_LEASE_MS / 3;

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  slackApiUrl?: string;
  now?: () => number;
  /** How long the refresh grant is waited for (default REFRESH_GRANT_TIMEOUT_MS). */
  refreshTimeoutMs?: number;
}

interface AccessAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  app_id?: string;
  bot_user_id?: string;
  scope?: string;
  team?: { id?: string; name?: string } | null;
  enterprise?: { id?: string; name?: string } | null;
  is_enterprise_install?: boolean;
  authed_user?: { id?: string; access_token?: string; refresh_token?: string; expires_in?: number };
}

function client(options: OAuthClient): WebClient {
  return new WebClient(undefined, {
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    retryConfig: { retries: 2 },
  });
}

/** The refresh grant's client: one try, given up after its timeout. */
function refreshClient(options: OAuthClient): WebClient {
  return new WebClient(undefined, {
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: options.refreshTimeoutMs ?? REFRESH_GRANT_TIMEOUT_MS,
  });
}

function tokensOf(
  token: string,
  refreshToken: string | undefined,
  expiresIn: number | undefined,
  now: number,
): BotTokens {
  return {
    token,
    refreshToken: refreshToken ?? null,
    expiresAt: expiresIn === undefined ? null : now + expiresIn * 1000,
  };
}

/** Exchanges an install's code for its installation (tokens, team, org). */
export async function exchangeCode(
  options: OAuthClient,
  code: string,
  redirectUri: string,
): Promise<NewInstallation> {
  const now = (options.now ?? Date.now)();
  const answer = (await client(options).oauth.v2.access({
    client_id: options.clientId,
    client_secret: options.clientSecret,
    code,
    redirect_uri: redirectUri,
  })) as AccessAnswer;
  if (!answer.access_token || !answer.bot_user_id)
    throw new Error('Slack answered the install without a bot token (the app needs bot scopes)');
  const orgInstall = answer.is_enterprise_install === true;
  const teamId = orgInstall ? null : (answer.team?.id ?? null);
  const enterpriseId = answer.enterprise?.id ?? null;
  const origin = { teamId, enterpriseId, orgInstall };
  const user = answer.authed_user;
  // The answer does not carry the bot's id, which Bolt uses to ignore the app's own messages.
  const identity = (await client(options).auth.test({ token: answer.access_token })) as { bot_id?: string };
  return {
    key: tenantKey(origin),
    ...origin,
    teamName: (orgInstall ? answer.enterprise?.name : answer.team?.name) ?? '',
    appId: answer.app_id ?? '',
    botUserId: answer.bot_user_id,
    botId: identity.bot_id ?? '',
    installerId: user?.id ?? '',
    scopes: answer.scope ?? '',
    bot: tokensOf(answer.access_token, answer.refresh_token, answer.expires_in, now),
    ...(user?.access_token
      ? { user: tokensOf(user.access_token, user.refresh_token, user.expires_in, now) }
      : {}),
  };
}

/** The refresh grant of a rotating bot token: new tokens, the refresh token used up. */
export async function refreshBotToken(options: OAuthClient, refreshToken: string): Promise<BotTokens> {
  const now = (options.now ?? Date.now)();
  const answer = (await refreshClient(options).oauth.v2.access({
    client_id: options.clientId,
    client_secret: options.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  })) as AccessAnswer;
  if (!answer.access_token) throw new Error('Slack answered the token refresh without a token');
  return tokensOf(answer.access_token, answer.refresh_token, answer.expires_in, now);
}
