// The installation store, in the app's own database (SQLite or PostgreSQL, through the same Sql port as the
// rest of the store): one row per workspace or org that installed the app, keyed by its tenant (the team id,
// or the enterprise id of an org-wide install) with the enterprise id, team id and org-install flag beside it.
// Every token is sealed (sealing.ts) before it is written and opened when read, bound to its row and field.
// A person's token is found by their tenant and user id only: there is no falling back from a user's
// installation to the team's, which is how another app once handed one person someone else's token.
import type { Sql, SqlValue } from '../store/sql/port.ts';
import { read } from '../store/sql/port.ts';
import type { Sealer } from './sealing.ts';
import type { PayloadOrigin, Tenant } from './tenancy.ts';

/** A bot token and, with token rotation, its refresh token and when it expires. */
export interface BotTokens {
  token: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null for a token that does not expire. */
  expiresAt: number | null;
}

export interface NewInstallation extends Tenant {
  teamName: string;
  appId: string;
  botUserId: string;
  botId: string;
  installerId: string;
  scopes: string;
  bot: BotTokens;
  /** The installer's own token, when the app asked for user scopes. */
  user?: BotTokens;
}

export interface Installation extends Tenant {
  botUserId: string;
  botId: string;
  installerId: string;
  state: 'active' | 'removed';
  /** Null once removed: the tokens are deleted at uninstall. */
  bot: BotTokens | null;
  /** Bumped with every new bot token, so a replica can tell a refreshed token from the one it had. */
  tokenVersion: number;
  removedAt: number | null;
}

/** The tenant key of an installation: the org's for an org-wide install, else the workspace's. */
export function tenantKey(origin: {
  teamId: string | null;
  enterpriseId: string | null;
  orgInstall: boolean;
}) {
  const key = origin.orgInstall ? origin.enterpriseId : origin.teamId;
  if (!key) throw new Error('an installation needs a team id, or an enterprise id when org-wide');
  return key;
}

/** An installation's figures that change with what acts for it (see `states()`). */
export interface InstallationState {
  tenant: string;
  active: boolean;
  installedAt: number;
  /** When its own dubbing account was last connected; null while it has none. */
  accountAt: number | null;
}

export class InstallationStore {
  readonly #sql: Sql;
  readonly #sealer: Sealer;

  constructor(sql: Sql, sealer: Sealer) {
    this.#sql = sql;
    this.#sealer = sealer;
  }

  /** Records an install (a reinstall replaces the tokens and makes a removed installation active again). */
  async save(install: NewInstallation, now: number): Promise<void> {
    const tenant = install.key;
    const seal = (value: string | null, field: string) =>
      value === null ? null : this.#sealer.seal(value, `${tenant}:${field}`);
    await this.#sql.transaction(async (tx) => {
      const values: SqlValue[] = [
        install.enterpriseId,
        install.teamId,
        install.orgInstall,
        install.teamName,
        install.appId,
        install.botUserId,
        install.botId,
        install.installerId,
        install.scopes,
        seal(install.bot.token, 'bot_token'),
        seal(install.bot.refreshToken, 'refresh_token'),
        install.bot.expiresAt,
      ];
      const updated = await tx.run(
        `UPDATE installations SET enterprise_id = ?, team_id = ?, org_install = ?, team_name = ?, app_id = ?,
           bot_user_id = ?, bot_id = ?, installer_id = ?, scopes = ?, bot_token = ?, refresh_token = ?,
           expires_at = ?, token_version = token_version + 1, refresh_owner = NULL, refresh_until = 0,
           state = 'active', installed_at = ?, removed_at = NULL
         WHERE tenant = ?`,
        [...values, now, tenant],
      );
      if (updated === 0)
        await tx.run(
          `INSERT INTO installations (enterprise_id, team_id, org_install, team_name, app_id, bot_user_id, bot_id,
             installer_id, scopes, bot_token, refresh_token, expires_at, state, installed_at, tenant)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
          [...values, now, tenant],
        );
      if (install.user) {
        const context = `${tenant}:${install.installerId}`;
        await tx.run('DELETE FROM user_tokens WHERE tenant = ? AND user_id = ?', [
          tenant,
          install.installerId,
        ]);
        await tx.run(
          'INSERT INTO user_tokens (tenant, user_id, token, refresh_token, expires_at) VALUES (?, ?, ?, ?, ?)',
          [
            tenant,
            install.installerId,
            this.#sealer.seal(install.user.token, `${context}:token`),
            install.user.refreshToken === null
              ? null
              : this.#sealer.seal(install.user.refreshToken, `${context}:refresh_token`),
            install.user.expiresAt,
          ],
        );
      }
    });
  }

  async get(tenant: string): Promise<Installation | undefined> {
    const row = await this.#sql.get('SELECT * FROM installations WHERE tenant = ?', [tenant]);
    if (!row) return undefined;
    const token = read.strOrNull(row.bot_token);
    const refresh = read.strOrNull(row.refresh_token);
    return {
      key: tenant,
      teamId: read.strOrNull(row.team_id),
      enterpriseId: read.strOrNull(row.enterprise_id),
      orgInstall: read.bool(row.org_install),
      botUserId: read.str(row.bot_user_id),
      botId: read.str(row.bot_id),
      installerId: read.str(row.installer_id),
      state: read.str(row.state) === 'active' ? 'active' : 'removed',
      bot:
        token === null
          ? null
          : {
              token: this.#sealer.open(token, `${tenant}:bot_token`),
              refreshToken: refresh === null ? null : this.#sealer.open(refresh, `${tenant}:refresh_token`),
              expiresAt: read.numOrNull(row.expires_at),
            },
      tokenVersion: read.num(row.token_version),
      removedAt: read.numOrNull(row.removed_at),
    };
  }

  /**
   * The active installation serving a payload: the org's when the payload says the app is installed org-wide
   * (or its workspace has no install of its own but its org does), else its workspace's; none when neither.
   */
  async resolve(origin: PayloadOrigin): Promise<Tenant | null> {
    const candidates = origin.orgInstall
      ? [origin.enterpriseId]
      : [origin.teamId, ...(origin.enterpriseId ? [origin.enterpriseId] : [])];
    for (const key of candidates) {
      if (!key) continue;
      const row = await this.#sql.get(
        `SELECT tenant, team_id, enterprise_id, org_install FROM installations WHERE tenant = ? AND state = 'active'`,
        [key],
      );
      // An org's install serves its own workspaces only; a workspace's install only itself.
      if (!row) continue;
      const orgInstall = read.bool(row.org_install);
      if (orgInstall ? read.strOrNull(row.enterprise_id) !== origin.enterpriseId : key !== origin.teamId)
        continue;
      return {
        key: read.str(row.tenant),
        teamId: read.strOrNull(row.team_id),
        enterpriseId: read.strOrNull(row.enterprise_id),
        orgInstall,
      };
    }
    return null;
  }

  /** A person's own token in a tenant, and only theirs: never the bot's, never another person's. */
  async userToken(tenant: string, userId: string): Promise<string | undefined> {
    const row = await this.#sql.get('SELECT token FROM user_tokens WHERE tenant = ? AND user_id = ?', [
      tenant,
      userId,
    ]);
    return row ? this.#sealer.open(read.str(row.token), `${tenant}:${userId}:token`) : undefined;
  }

  /**
   * Takes the right to refresh `tenant`'s bot token until `until`, if its token is still at `version` and no
   * one else holds that right now: one statement, so that of several replicas asking at once one gets it.
   */
  async claimRefresh(tenant: string, version: number, owner: string, until: number, now: number) {
    const changed = await this.#sql.run(
      `UPDATE installations SET refresh_owner = ?, refresh_until = ?
       WHERE tenant = ? AND state = 'active' AND token_version = ? AND refresh_until <= ?`,
      [owner, until, tenant, version, now],
    );
    return changed === 1;
  }

  /**
   * Stores the tokens a refresh claimed at `version` got, if `tenant`'s token is still at that version (a
   * compare-and-set on the installation's row): whether or not the lease has lapsed since. Slack used up the
   * refresh token when it answered, so its answer is the only token left unless a newer one was saved
   * meanwhile (a reinstall); false then, or once the app was removed. The lease is given up with it.
   */
  async saveRefreshed(tenant: string, version: number, bot: BotTokens): Promise<boolean> {
    const changed = await this.#sql.run(
      `UPDATE installations SET bot_token = ?, refresh_token = ?, expires_at = ?,
         token_version = token_version + 1, refresh_owner = NULL, refresh_until = 0
       WHERE tenant = ? AND token_version = ? AND state = 'active'`,
      [
        this.#sealer.seal(bot.token, `${tenant}:bot_token`),
        bot.refreshToken === null ? null : this.#sealer.seal(bot.refreshToken, `${tenant}:refresh_token`),
        bot.expiresAt,
        tenant,
        version,
      ],
    );
    return changed === 1;
  }

  /** Gives the right to refresh back (the refresh failed), so that another replica may try. */
  async releaseRefresh(tenant: string, owner: string): Promise<void> {
    await this.#sql.run(
      'UPDATE installations SET refresh_owner = NULL, refresh_until = 0 WHERE tenant = ? AND refresh_owner = ?',
      [tenant, owner],
    );
  }

  /**
   * The app was uninstalled, or its bot token revoked: the tokens are deleted at once and the installation
   * marked removed. Idempotent: a second notice (Slack sends both, in either order, and may redeliver) keeps
   * the first removal's time, from which the retention counts.
   */
  async markRemoved(tenant: string, now: number): Promise<boolean> {
    return this.#sql.transaction(async (tx) => {
      await tx.run('DELETE FROM user_tokens WHERE tenant = ?', [tenant]);
      const changed = await tx.run(
        `UPDATE installations SET bot_token = NULL, refresh_token = NULL, expires_at = NULL, refresh_owner = NULL,
           refresh_until = 0, state = 'removed', removed_at = COALESCE(removed_at, ?)
         WHERE tenant = ?`,
        [now, tenant],
      );
      return changed === 1;
    });
  }

  /** A person revoked their own token (tokens_revoked's `oauth` list): only theirs is deleted. */
  async removeUserTokens(tenant: string, userIds: readonly string[]): Promise<void> {
    for (const userId of userIds)
      await this.#sql.run('DELETE FROM user_tokens WHERE tenant = ? AND user_id = ?', [tenant, userId]);
  }

  /** The tenants installed now (each gets its graph at start). */
  async active(): Promise<string[]> {
    const rows = await this.#sql.all(
      "SELECT tenant FROM installations WHERE state = 'active' ORDER BY tenant",
    );
    return rows.map((row) => read.str(row.tenant));
  }

  /**
   * What every installation is now, in a few figures that change with what acts for it: active or removed,
   * when it was (re)installed, when its own dubbing account was connected. The replicas compare them
   * (install/watch.ts) to see what another replica installed, connected or removed.
   */
  async states(): Promise<InstallationState[]> {
    const rows = await this.#sql.all(
      'SELECT tenant, state, installed_at, dubbing_connected_at FROM installations ORDER BY tenant',
    );
    return rows.map((row) => ({
      tenant: read.str(row.tenant),
      active: read.str(row.state) === 'active',
      installedAt: read.num(row.installed_at),
      accountAt: row.dubbing_connected_at === null ? null : read.num(row.dubbing_connected_at),
    }));
  }

  /** Tenants removed at or before `cutoff`, whose rows the retention now deletes. */
  async removedBefore(cutoff: number, limit: number): Promise<string[]> {
    const rows = await this.#sql.all(
      `SELECT tenant FROM installations WHERE state = 'removed' AND removed_at <= ? ORDER BY removed_at LIMIT ?`,
      [cutoff, limit],
    );
    return rows.map((row) => read.str(row.tenant));
  }

  /** Saves the tenant's own dubbing-service token (sealed; it is never read back to a person). */
  async connectDubbing(tenant: string, token: string, by: string, now: number): Promise<void> {
    await this.#sql.run(
      `UPDATE installations SET dubbing_token = ?, dubbing_connected_by = ?, dubbing_connected_at = ?
       WHERE tenant = ?`,
      [this.#sealer.seal(token, `${tenant}:dubbing_token`), by, now, tenant],
    );
  }

  /** The tenant's own dubbing-service token, if a workspace admin connected one. */
  async dubbingToken(tenant: string): Promise<string | undefined> {
    const row = await this.#sql.get('SELECT dubbing_token FROM installations WHERE tenant = ?', [tenant]);
    const sealed = read.strOrNull(row?.dubbing_token);
    return sealed === null ? undefined : this.#sealer.open(sealed, `${tenant}:dubbing_token`);
  }

  /**
   * Marks an OAuth state's nonce used until it expires; false if it was used already (a replayed redirect).
   * Expired nonces are cleared on the way: after its expiry a state is refused by its signature anyway.
   */
  async useState(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    return this.#sql.transaction(async (tx) => {
      await tx.run('DELETE FROM oauth_states WHERE expires_at < ?', [now]);
      const inserted = await tx.run(
        'INSERT INTO oauth_states (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
        [nonce, expiresAt],
      );
      return inserted === 1;
    });
  }
}
