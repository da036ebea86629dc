// The workspace's user groups, as Slack describes them: a channel's approvers may name one ("@qa-es"), and
// whoever is in it when they click may approve. Membership is asked of Slack at each click and never kept:
// someone taken out of the group is refused at once. Needs the `usergroups:read` bot scope; an install
// without it answers `missing_scope`, which the settings dialog reads as "no groups to offer".
import type { WebClient } from '@slack/web-api';
import { isGroupId } from '../domain/approvals.ts';

/** A user group as usergroups.list describes it. */
export interface UserGroup {
  id: string;
  handle: string;
  name: string;
  /** Its members, when the list was asked with them. */
  users?: string[];
}

export interface UserGroups {
  /** The workspace's groups (with their members when `withUsers`); undefined when Slack refuses to say. */
  list(withUsers: boolean): Promise<UserGroup[] | undefined>;
  /** The group's members now (usergroups.users.list). Throws when Slack could not say. */
  members(groupId: string): Promise<string[]>;
}

export function webUserGroups(slack: WebClient): UserGroups {
  return {
    async list(withUsers) {
      const answer = await slack.usergroups.list({ include_users: withUsers }).catch(() => undefined);
      if (!answer?.ok) return undefined;
      return (answer.usergroups ?? []).flatMap((g) =>
        g.id && isGroupId(g.id)
          ? [
              {
                id: g.id,
                handle: g.handle ?? '',
                name: g.name ?? '',
                ...(withUsers ? { users: g.users ?? [] } : {}),
              },
            ]
          : [],
      );
    },
    async members(groupId) {
      const answer = await slack.usergroups.users.list({ usergroup: groupId });
      return answer.users ?? [];
    },
  };
}

/**
 * Whether `userId` is among `approvers` (people and group ids): named, or in a named group now ('unchecked'
 * when a group's members could not be read, or nobody can read them).
 */
export async function approverAnswer(
  approvers: readonly string[],
  userId: string,
  groups: UserGroups | undefined,
): Promise<'yes' | 'no' | 'unchecked'> {
  if (approvers.includes(userId)) return 'yes';
  for (const group of approvers.filter(isGroupId)) {
    if (!groups) return 'unchecked';
    const members = await groups.members(group).catch(() => undefined);
    if (!members) return 'unchecked';
    if (members.includes(userId)) return 'yes';
  }
  return 'no';
}
