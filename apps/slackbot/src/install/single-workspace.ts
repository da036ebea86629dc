// Single-workspace mode (SLACK_BOT_TOKEN with DUBKIT_TOKEN or client credentials): one tenant, the workspace
// the bot token belongs to (its team id, as auth.test reports it), with the one Slack client and the one
// dubbing account. A payload from any other workspace or org is not this install's: resolve says so.
import type { WebClient } from '@slack/web-api';
import type { DubbingService } from '../dubbing/service.ts';
import { type PayloadOrigin, type Tenancy, type Tenant, TenantGone } from './tenancy.ts';

export interface SingleWorkspace {
  /** The bot token's workspace, as auth.test reports it. */
  teamId: string;
  /** Its Enterprise Grid org, when it is in one. */
  enterpriseId: string | null;
  slack: WebClient;
  dubbing: DubbingService;
}

export function singleWorkspace(workspace: SingleWorkspace): Tenancy & { tenant: Tenant } {
  const tenant: Tenant = {
    key: workspace.teamId,
    teamId: workspace.teamId,
    enterpriseId: workspace.enterpriseId,
    orgInstall: false,
  };
  const mine = (key: string) => {
    if (key !== tenant.key) throw new TenantGone(`the app is not installed in ${key}, only in ${tenant.key}`);
  };
  return {
    tenant,
    // A workspace install answers its own team only: an org-wide payload, or another team's, is not its.
    resolve: async (origin: PayloadOrigin) =>
      !origin.orgInstall && origin.teamId === tenant.teamId ? tenant : null,
    async slack(key) {
      mine(key);
      return workspace.slack;
    },
    async dubbing(key) {
      mine(key);
      return workspace.dubbing;
    },
  };
}
