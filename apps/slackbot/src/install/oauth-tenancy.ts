// The Tenancy of OAuth mode, over the installation store: a payload's tenant is the installation serving its
// workspace or org; a tenant's Slack client carries its bot token, refreshed under the lease when due and
// read from the store on every call, so that an uninstall seen by any replica stops every replica's calls at
// once (TenantGone, before any request leaves, auth.test included); its dubbing service is its own
// account's, or the deployment's default one. Bolt's `authorize` is answered from the same store. The client
// names an org-wide installation's workspace where Slack asks it to, and refreshes a token Slack says expired
// (installation-client.ts).
import type { Authorize } from '@slack/bolt';
import type { WebClient, WebClientOptions } from '@slack/web-api';
import type { DubbingAccounts } from './accounts.ts';
import { InstallationWebClient } from './installation-client.ts';
import type { InstallationStore } from './installations.ts';
import type { BotTokenRotation } from './rotation.ts';
import type { PayloadOrigin, Tenancy, Tenant } from './tenancy.ts';

export interface OAuthTenancyOptions {
  installations: InstallationStore;
  rotation: BotTokenRotation;
  accounts: DubbingAccounts;
  clientOptions: WebClientOptions;
}

export class OAuthTenancy implements Tenancy {
  readonly #o: OAuthTenancyOptions;
  /** One client per tenant, made again when its token changes (a refresh): the Web API client's token is fixed. */
  readonly #clients = new Map<string, { token: string; client: WebClient }>();

  constructor(options: OAuthTenancyOptions) {
    this.#o = options;
  }

  resolve(origin: PayloadOrigin): Promise<Tenant | null> {
    return this.#o.installations.resolve(origin);
  }

  async slack(tenant: string): Promise<WebClient> {
    try {
      const { token, installation } = await this.#o.rotation.token(tenant);
      const held = this.#clients.get(tenant);
      if (held?.token === token) return held.client;
      const client = new InstallationWebClient(token, this.#o.clientOptions, {
        orgWide: installation.orgInstall,
        renew: async (refused) => (await this.#o.rotation.token(tenant, refused)).token,
      });
      this.#clients.set(tenant, { token, client });
      return client;
    } catch (error) {
      this.#clients.delete(tenant);
      throw error;
    }
  }

  dubbing(tenant: string) {
    return this.#o.accounts.of(tenant);
  }

  /**
   * Bolt's `authorize`: the bot token of the installation serving the payload. A payload from a workspace or
   * org that has not installed the app (or removed it) is refused here, before any listener.
   */
  readonly authorize: Authorize<boolean> = async (source) => {
    const tenant = await this.resolve({
      teamId: source.teamId ?? null,
      enterpriseId: source.enterpriseId ?? null,
      orgInstall: source.isEnterpriseInstall === true,
    });
    if (!tenant) throw new Error('the app is not installed in this workspace or org');
    const { token, installation } = await this.#o.rotation.token(tenant.key);
    return {
      botToken: token,
      botUserId: installation.botUserId,
      ...(installation.botId ? { botId: installation.botId } : {}),
      ...(tenant.teamId ? { teamId: tenant.teamId } : {}),
      ...(tenant.enterpriseId ? { enterpriseId: tenant.enterpriseId } : {}),
    };
  };
}
