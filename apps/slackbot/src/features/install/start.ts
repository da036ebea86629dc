// OAuth mode's parts, put together once for the composition root (server.ts): the installation store, the
// bot tokens rotated under a lease, the dubbing accounts, the Tenancy over them, the install pages, the
// uninstall notices, and the retention loop that deletes an uninstalled tenant's rows when its time is up.
import type { WebClient, WebClientOptions } from '@slack/web-api';
import type { Logger } from 'pino';
import { Agent } from 'undici';
import type { Registry } from '../../access/registry.ts';
import type { InstallConfig, StoreLocation } from '../../config.ts';
import type { RequestBudget } from '../../dubbing/budget.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import { DubbingAccounts } from '../../install/accounts.ts';
import type { InstallationStore } from '../../install/installations.ts';
import { OAuthTenancy } from '../../install/oauth-tenancy.ts';
import { openInstallations } from '../../install/open.ts';
import { retentionRound } from '../../install/purge.ts';
import { BotTokenRotation } from '../../install/rotation.ts';
import { installRoutes } from '../../install/routes.ts';
import type { Sealer } from '../../install/sealing.ts';
import { refreshBotToken } from '../../install/slack-oauth.ts';
import { type TenantHooks, watchRound } from '../../install/watch.ts';
import { Loop } from '../../runtime/loop.ts';
import type { ModalStore } from '../../store/store.ts';
import { registerConnect } from './connect.ts';
import { registerUninstall } from './uninstall.ts';

/** How often each replica looks for what another one installed, connected or removed (install/watch.ts). */
const WATCH_MS = 3_000;
/** How often the retention looks for uninstalled tenants whose time is up (an uninstall wakes it at once). */
const RETENTION_IDLE_MS = 60 * 60_000;

export interface InstallServices {
  installations: InstallationStore;
  tenancy: OAuthTenancy;
  accounts: DubbingAccounts;
  /** GET /slack/install and /slack/oauth_redirect, served beside /slack/events. */
  routes: ReturnType<typeof installRoutes>;
  /**
   * Registers the uninstall notices and `/dub connect` with a tenant's registry (the access gate's for its
   * payloads), `/dub connect` acting for that tenant with its Slack client and its modal grants.
   */
  register(registry: Registry, tenant: { key: string; slack: WebClient; modals: ModalStore }): void;
  /**
   * Told of each tenant installed (its graph is made), removed (its graph taken apart) and whose account was
   * connected (made again): at once on the replica that handled it, within a few seconds on every other.
   */
  onTenant(hooks: TenantHooks): void;
  start(): void;
  stop(): Promise<void>;
}

export interface StartInstallsOptions {
  install: InstallConfig;
  /** Seals the installs' tokens (made from DUBKIT_ENCRYPTION_KEY once, with the store's secrets). */
  sealer: Sealer;
  store: StoreLocation;
  clientOptions: WebClientOptions;
  slackApiUrl?: string;
  /** The deployment's request budget: each dubbing account's client gets one alike. */
  budget: RequestBudget;
  serviceBaseUrl: string;
  /** The deployment's default dubbing account, if it has one. */
  fallback?: DubbingService;
  owner: string;
  logger: Logger;
  now?: () => number;
}

export async function startInstalls(o: StartInstallsOptions): Promise<InstallServices> {
  const now = o.now ?? Date.now;
  const { installations, sql } = await openInstallations(o.store, o.sealer);
  const oauth = {
    clientId: o.install.clientId,
    clientSecret: o.install.clientSecret,
    ...(o.slackApiUrl ? { slackApiUrl: o.slackApiUrl } : {}),
    now,
  };
  const rotation = new BotTokenRotation({
    installations,
    refresh: (refreshToken) => refreshBotToken(oauth, refreshToken),
    owner: o.owner,
    refreshWithinMs: o.install.refreshWithinMs,
    now,
  });
  // One pool of connections for every workspace's account; each account's requests wait in its own budget.
  const base = new Agent({ keepAliveTimeout: 10_000 });
  const accounts = new DubbingAccounts({
    baseUrl: o.serviceBaseUrl,
    installations,
    budget: o.budget,
    base,
    ...(o.fallback ? { fallback: o.fallback } : {}),
  });
  const tenancy = new OAuthTenancy({ installations, rotation, accounts, clientOptions: o.clientOptions });
  let hooks: TenantHooks | undefined;
  const told = (what: string, tenant: string, hook: Promise<void> | undefined) =>
    hook?.catch((error: unknown) =>
      o.logger.warn({ err: error, tenant }, `the tenant's graph, ${what}, failed`),
    );
  // Every other replica's installs, connected accounts and removals, seen here within WATCH_MS.
  const watch = new Loop(
    watchRound({
      installations,
      hooks: () =>
        hooks && {
          installed: async (tenant) => {
            await told('made for an install seen', tenant, hooks?.installed(tenant));
          },
          removed: async (tenant) => {
            await told('taken apart for a removal seen', tenant, hooks?.removed(tenant));
          },
          accountChanged: async (tenant) => {
            await told('made again for an account seen', tenant, hooks?.accountChanged(tenant));
          },
        },
    }),
    { idleMs: WATCH_MS, logger: o.logger, name: 'installations-watch' },
  );
  const retention = new Loop(
    retentionRound({ sql, installations, retentionMs: o.install.retentionMs, logger: o.logger, now }),
    { idleMs: RETENTION_IDLE_MS, logger: o.logger, name: 'retention' },
  );
  return {
    installations,
    tenancy,
    accounts,
    routes: installRoutes({
      ...oauth,
      stateSecret: o.install.stateSecret,
      installations,
      logger: o.logger,
      ...(o.install.redirectUri ? { redirectUri: o.install.redirectUri } : {}),
      onInstalled: (tenant) => void told('made at its install', tenant, hooks?.installed(tenant)),
    }),
    register(registry, { key, slack, modals }) {
      registerConnect(registry, {
        tenant: key,
        slack,
        installations,
        accounts,
        modals,
        now,
        logger: o.logger,
        onConnected: (tenant) =>
          void told('made again with its account', tenant, hooks?.accountChanged(tenant)),
      });
      registerUninstall(registry, {
        installations,
        now,
        onRemoved(tenant) {
          o.logger.info({ tenant }, 'the app was removed from a workspace; its tokens are deleted');
          void told('taken apart at its removal', tenant, hooks?.removed(tenant));
          retention.wake();
        },
      });
    },
    onTenant(given) {
      hooks = given;
    },
    start() {
      retention.start();
      watch.start();
    },
    async stop() {
      await watch.stop();
      await retention.stop();
      await accounts.close();
      await base.close();
      await sql.close();
    },
  };
}
