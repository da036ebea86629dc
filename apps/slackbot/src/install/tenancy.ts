// Whose data and whose tokens a payload is: the seam between the install and everything that acts for a
// tenant. Single-workspace mode (single-workspace.ts) and OAuth mode (the installation store, install/oauth*)
// each implement it. The access gate resolves every payload's tenant before any rule; each tenant's rows are
// its store's (stores.tenant(key)), its Slack calls its client's and its service calls its dubbing account's.
import type { WebClient } from '@slack/web-api';
import type { DubbingService } from '../dubbing/service.ts';

/** Whose data and whose tokens: one installation. key = the team id (T…) of a workspace install, or the
 *  enterprise id (E…) of an org-wide install. Every table row carries `tenant` = this key. */
export interface Tenant {
  key: string;
  teamId: string | null;
  enterpriseId: string | null;
  orgInstall: boolean;
}
/** What Slack's signature says about where a payload comes from (Bolt's body: team_id / team.id,
 *  enterprise_id / enterprise.id, is_enterprise_install, or an event's authorizations[0]). */
export interface PayloadOrigin {
  teamId: string | null;
  enterpriseId: string | null;
  orgInstall: boolean;
}
export interface Tenancy {
  /** The installed tenant a payload belongs to; null when its workspace/org has not installed the app (refuse it). */
  resolve(origin: PayloadOrigin): Promise<Tenant | null>;
  /** The tenant's Slack Web API client (its bot token, refreshed when due). Throws TenantGone after uninstall. */
  slack(tenant: string): Promise<WebClient>;
  /** The tenant's dubbing service (its own account, or the deployment's default account); undefined: none. */
  dubbing(tenant: string): Promise<DubbingService | undefined>;
}
export class TenantGone extends Error {}
