// An org-wide install's one bot token acts in every workspace of the org it was added to, so Slack asks the
// methods that list or look up a workspace's things (its user groups, members, channels) which workspace they
// mean: `team_id`, without which Slack answers `missing_argument`. The workspace is the payload's: the access
// gate runs each payload's handling inside its workspace (inWorkspace), and an org installation's client
// (installation-client.ts) adds that workspace's id to each of those calls — one place, not every call site.
// What a payload starts that outlives it (a tenant's graph and its loops) is made outside it: a loop started
// while the studio's payload was handled would otherwise name the studio on every call it makes after. A
// workspace install's token needs none (Slack ignores the field then), and none is added.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The methods an org-wide token must name a workspace for (Slack: "required if org token is used"). */
export const TEAM_ID_METHODS: ReadonlySet<string> = new Set([
  'conversations.list',
  'users.list',
  'usergroups.list',
  'usergroups.users.list',
]);

const workspaces = new AsyncLocalStorage<string>();

/** Runs `work` for a payload of workspace `teamId` (a T… id; none known: as it is). */
export function inWorkspace<T>(teamId: string | null, work: () => T): T {
  return teamId ? workspaces.run(teamId, work) : work();
}

/**
 * Runs `work` in no payload's workspace: what it starts (a tenant's loops) lives on after the payload that
 * happened to start it, and must not name that payload's workspace on another's calls.
 */
export function outsideWorkspace<T>(work: () => T): T {
  return workspaces.exit(work);
}

/** The workspace of the payload being handled, when there is one. */
export function currentWorkspace(): string | undefined {
  return workspaces.getStore();
}

/** A call's arguments as an org-wide token sends them: naming the payload's workspace where Slack asks it to. */
export function namingWorkspace(
  method: string,
  options: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const teamId = currentWorkspace();
  if (!teamId || !TEAM_ID_METHODS.has(method) || options?.team_id !== undefined) return options;
  return { ...options, team_id: teamId };
}
