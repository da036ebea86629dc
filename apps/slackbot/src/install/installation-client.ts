// An installation's Web API client (OAuth mode): its bot token, and two things Slack asks of a distributed app
// that no call site should have to know. An org-wide installation's calls name the payload's workspace where
// Slack asks an org token to (org-workspace.ts). And a call Slack refuses with `token_expired` — the token
// expired before the app's record said so (clock skew, a replica that slept through the refresh) — has the
// token refreshed at once, under the same per-installation lease as the refresh ahead of time (rotation.ts),
// and is made once more with the new token. Slack refused it before doing anything, so a write made again is
// made once; if it fails again, the error is the caller's as before (the outbox keeps the write and tries
// later). Only the bot token is renewed: a call made with a token its caller named is left to the caller. A
// removed installation's token is never refreshed nor used: the refresh throws TenantGone first.
import { type WebAPICallResult, WebClient, type WebClientOptions } from '@slack/web-api';
import { namingWorkspace } from './org-workspace.ts';

export interface InstallationClientOptions {
  /** An org-wide installation: its calls name the payload's workspace where Slack asks it to. */
  orgWide: boolean;
  /** Refreshes the installation's bot token Slack refused as expired; resolves to the token to use now. */
  renew: (refused: string) => Promise<string>;
}

export class InstallationWebClient extends WebClient {
  readonly #o: InstallationClientOptions;

  constructor(token: string, options: WebClientOptions, installation: InstallationClientOptions) {
    super(token, options);
    this.#o = installation;
  }

  override async apiCall(method: string, options?: Record<string, unknown>): Promise<WebAPICallResult> {
    const args = this.#o.orgWide ? namingWorkspace(method, options) : options;
    try {
      return await super.apiCall(method, args);
    } catch (error) {
      // A token the caller named (a workflow run's) that Slack refused is the caller's answer: never sent
      // again as the bot, whose token is not the one refused.
      const own = this.token;
      const named = args?.token;
      if (!isTokenExpired(error) || !own || (named !== undefined && named !== own)) throw error;
      const token = await this.#o.renew(own);
      return super.apiCall(method, { ...args, token });
    }
  }
}

function isTokenExpired(error: unknown): boolean {
  const e = error as { code?: string; data?: { error?: string } };
  return e.code === 'slack_webapi_platform_error' && e.data?.error === 'token_expired';
}
