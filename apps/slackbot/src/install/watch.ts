// What another replica did to an installation, seen by this one within a few seconds: each round reads every
// installation's figures (installations.states()) and tells this replica's graphs of what changed since the
// last round — installed (again): its graph is made here too; its own dubbing account connected: its graph is
// made again with it; removed: its graph is taken apart. The replica that handled the install, the modal or
// the uninstall notice acted at once already; what it is told again is a no-op (tenants.ts). The first round
// compares with nothing, so that a change between the start's graphs and this loop's start is not missed.
import type { InstallationState, InstallationStore } from './installations.ts';

/** What a replica does when an installation changed (its graphs: tenants.ts). */
export interface TenantHooks {
  installed(tenant: string): Promise<void>;
  removed(tenant: string): Promise<void>;
  /** Its dubbing account was connected: its graph is made again with it (nothing when it has it already). */
  accountChanged(tenant: string): Promise<void>;
}

export interface WatchOptions {
  installations: Pick<InstallationStore, 'states'>;
  /** The hooks of the moment (none before the graphs are made: nothing is told then). */
  hooks: () => TenantHooks | undefined;
}

/** A Loop's round: compares the installations with the previous round's and tells the hooks; never busy. */
export function watchRound(o: WatchOptions): () => Promise<boolean> {
  let seen = new Map<string, InstallationState>();
  return async () => {
    const hooks = o.hooks();
    if (!hooks) return false;
    const now = new Map((await o.installations.states()).map((state) => [state.tenant, state]));
    for (const [tenant, state] of now) {
      const was = seen.get(tenant);
      if (!state.active) {
        if (!was || was.active) await hooks.removed(tenant);
      } else if (!was || !was.active || was.installedAt !== state.installedAt) {
        await hooks.installed(tenant);
        await hooks.accountChanged(tenant);
      } else if (was.accountAt !== state.accountAt) {
        await hooks.accountChanged(tenant);
      }
    }
    seen = now;
    return false;
  };
}
