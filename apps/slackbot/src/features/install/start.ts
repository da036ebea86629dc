// OAuth mode's parts, put together once for the composition root (server.ts): the installation store, the
// bot tokens rotated under a lease, the dubbing accounts, the Tenancy over them, the install pages, the
// uninstall notices, and the retention loop that deletes an uninstalled tenant's rows when its time is up.
import type { WebClientOptions } from '@slack/web-api';
import type { Logger } from 'pino';
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
import { Sealer } from '../../install/sealing.ts';
import { refreshBotToken } from '../../install/slack-oauth.ts';
import { Loop } from '../../runtime/loop.ts';
import type { ModalStore } from '../../store/store.ts';
import { registerConnect } from './connect.ts';
import { registerUninstall } from './uninstall.ts';

/** How often the retention looks for uninstalled tenants whose time is up (an uninstall wakes it at once). */
const RETENTION_IDLE_MS = 60 * 60_000;

export interface InstallServices {
  installations: InstallationStore;
  tenancy: OAuthTenancy;
  accounts: DubbingAccounts;
  /** GET /slack/install and /slack/oauth_redirect, served beside /slack/events. */
  routes: ReturnType<typeof installRoutes>;
  /** Registers the uninstall notices and `/dub connect` with the access gate's registry. */
  register(registry: Registry, modals: ModalStore): void;
  /** Told of each tenant installed (its graph is made) and removed (its graph taken apart). */
  onTenant(hooks: TenantHooks): void;
  start(): void;
  stop(): Promise<void>;
}

export interface TenantHooks {
  installed(tenant: string): Promise<void>;
  removed(tenant: string): Promise<void>;
  /** Its dubbing account was connected: its graph is made again with it. */
  accountChanged(tenant: string): Promise<void>;
}

export interface StartInstallsOptions {
  install: InstallConfig;
  store: StoreLocation;
  clientOptions: WebClientOptions;
  slackApiUrl?: string;
  /** The request budget each dubbing account's client gets one alike of (its pauses counted with it). */
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
  const { installations, sql } = await openInstallations(o.store, new Sealer(o.install.encryptionKeys));
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
    now,
  });
  const accounts = new DubbingAccounts({
    baseUrl: o.serviceBaseUrl,
    installations,
    budget: o.budget,
    ...(o.fallback ? { fallback: o.fallback } : {}),
  });
  const tenancy = new OAuthTenancy({ installations, rotation, accounts, clientOptions: o.clientOptions });
  let hooks: TenantHooks | undefined;
  const told = (what: string, tenant: string, hook: Promise<void> | undefined) =>
    hook?.catch((error: unknown) =>
      o.logger.warn({ err: error, tenant }, `the tenant's graph, ${what}, failed`),
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
    register(registry, modals) {
      registerConnect(registry, {
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
    start: () => retention.start(),
    async stop() {
      await retention.stop();
      await accounts.close();
      await sql.close();
    },
  };
}
