// Bot tokens with Slack's token rotation: a token due to expire within REFRESH_WITHIN_MS is refreshed, and
// only by one replica at a time. Slack's refresh tokens are single-use, so two replicas refreshing the same
// installation at once would leave one of them holding a token Slack no longer honours (a known bug of
// Slack's own Node SDK). Here the right to refresh is a lease on the installation's row, taken in one
// statement (InstallationStore.claimRefresh): its holder refreshes and stores the new tokens; every other
// replica keeps using the current token while it is still valid, or waits for the new one and reads it from
// the store. A token of an uninstalled tenant is never handed out, not even to ask auth.test. A token Slack
// already refused as expired (the clock of this machine or Slack's is off, or a replica slept through its
// refresh) is refreshed at once, the same way: under the lease, by one replica, the others reading its result.
// The lease keeps replicas from spending the same refresh token; it does not decide whose answer is kept. An
// answer that came after the lease lapsed (this replica paused, Slack was slow) is still the only token left
// once Slack has used the refresh token up, so it is saved at the version it was claimed at (a compare-and-set,
// InstallationStore.saveRefreshed) unless a newer token was saved meanwhile. The grant is sent once and given
// up well inside the lease (slack-oauth.ts), so that this stays the exception.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BotTokens, Installation, InstallationStore } from './installations.ts';
import { TenantGone } from './tenancy.ts';

/** Refreshed this long before it expires (Slack's tokens live 12 hours). */
export const REFRESH_WITHIN_MS = 5 * 60_000;
/** How long a replica may hold the right to refresh before another may take it (it died mid-refresh). */
export const REFRESH_LEASE_MS = 30_000;
const WAIT_STEP_MS = 50;

/** Exchanges a refresh token for new tokens (Slack's oauth.v2.access refresh grant). */
export type RefreshGrant = (refreshToken: string) => Promise<BotTokens>;

export interface RotationOptions {
  installations: InstallationStore;
  refresh: RefreshGrant;
  /** This replica's name in the lease. */
  owner: string;
  now?: () => number;
  refreshWithinMs?: number;
  leaseMs?: number;
}

export class BotTokenRotation {
  readonly #o: RotationOptions;
  readonly #now: () => number;

  constructor(options: RotationOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The tenant's bot token to call Slack with now: refreshed first when due, or when it is `refused` (the
   * token Slack just answered `token_expired` for). Throws TenantGone when removed.
   */
  async token(tenant: string, refused?: string): Promise<{ token: string; installation: Installation }> {
    const leaseMs = this.#o.leaseMs ?? REFRESH_LEASE_MS;
    // Bounded: a lease lapses after leaseMs, so the wait for someone else's refresh ends by then.
    const deadline = this.#now() + 2 * leaseMs;
    for (;;) {
      const installation = await this.#active(tenant);
      const bot = installation.bot;
      const now = this.#now();
      // Slack's word beats the stored expiry; a token already replaced by another refresh is not refused.
      const stale = bot.token === refused;
      const due =
        stale ||
        (bot.expiresAt !== null && bot.expiresAt - now <= (this.#o.refreshWithinMs ?? REFRESH_WITHIN_MS));
      if (!due || bot.refreshToken === null) return { token: bot.token, installation };
      const owner = this.#o.owner;
      const version = installation.tokenVersion;
      if (await this.#o.installations.claimRefresh(tenant, version, owner, now + leaseMs, now)) {
        const fresh = await this.#o.refresh(bot.refreshToken).catch(async (error: unknown) => {
          await this.#o.installations.releaseRefresh(tenant, owner);
          throw error;
        });
        if (await this.#o.installations.saveRefreshed(tenant, version, fresh))
          return {
            token: fresh.token,
            installation: { ...installation, bot: fresh, tokenVersion: version + 1 },
          };
        // A newer token was saved meanwhile (a reinstall), or the app was removed: read what the store holds.
        continue;
      }
      // Someone else is refreshing: the current token serves while it lasts; after that, wait for theirs.
      if (!stale && bot.expiresAt !== null && bot.expiresAt > now) return { token: bot.token, installation };
      if (this.#now() > deadline)
        throw new Error(`the bot token of ${tenant} could not be refreshed in time`);
      await sleep(WAIT_STEP_MS);
    }
  }

  async #active(tenant: string): Promise<Installation & { bot: BotTokens }> {
    const installation = await this.#o.installations.get(tenant);
    if (!installation || installation.state !== 'active' || !installation.bot)
      throw new TenantGone(`the app is not installed in ${tenant} (it was removed, or never installed)`);
    return installation as Installation & { bot: BotTokens };
  }
}
