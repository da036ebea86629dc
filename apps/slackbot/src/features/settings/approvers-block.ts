// The channel settings' approvers: the people who alone may approve or request changes in the channel, as a
// people picker, and the user groups whose members may too, picked from those Slack lists. Pure.
import type { types } from '@slack/bolt';
import { isGroupId } from '../../domain/approvals.ts';
import type { UserGroup } from '../../slack/usergroups.ts';
import { LIMITS, option, plain, type StateValues } from '../../ui/blocks.ts';
import { APPROVERS_MAX, mention } from '../approval/blocks.ts';

export const APPROVERS_SETTING = { block: 'st_approvers', action: 'channel_approvers' } as const;
export const APPROVER_GROUPS_SETTING = {
  block: 'st_approver_groups',
  action: 'channel_approver_groups',
} as const;

/** A Slack user id as a people picker gives it. */
const USER_ID = /^[UW][A-Z0-9]{2,}$/;

export function approversSettingBlock(current: readonly string[]): types.InputBlock {
  return {
    type: 'input',
    block_id: APPROVERS_SETTING.block,
    optional: true,
    label: plain('Approvers'),
    hint: plain('Only they can approve or request changes here. Nobody picked: anyone in the channel can.'),
    element: {
      type: 'multi_users_select',
      action_id: APPROVERS_SETTING.action,
      placeholder: plain('Anyone in the channel'),
      max_selected_items: APPROVERS_MAX,
      ...(current.some((id) => !isGroupId(id))
        ? { initial_users: current.filter((id) => !isGroupId(id)) }
        : {}),
    },
  };
}

/**
 * The user groups Slack lists, to pick as approvers ("@qa-es · Spanish QA"), the channel's current ones
 * picked. Shown only when the workspace has groups. Option text is plain text: a handle or a name stays as
 * written, cut to Slack's limit.
 */
export function approverGroupsBlock(
  offered: readonly UserGroup[],
  current: readonly string[],
): types.InputBlock {
  const options = offered.slice(0, LIMITS.options).map((g) => option(`@${g.handle} · ${g.name}`, g.id));
  const initial = options.filter((_, i) => current.includes(offered[i]!.id));
  return {
    type: 'input',
    block_id: APPROVER_GROUPS_SETTING.block,
    optional: true,
    label: plain('Approver groups'),
    hint: plain('Whoever is in a group picked here when they click can approve or request changes too.'),
    element: {
      type: 'multi_static_select',
      action_id: APPROVER_GROUPS_SETTING.action,
      placeholder: plain('No group'),
      options,
      ...(initial.length > 0 ? { initial_options: initial } : {}),
    },
  };
}

/** The groups picked (their ids, once each); undefined when the dialog offered none. */
export function readApproverGroupsSetting(values: StateValues): string[] | undefined {
  const block = values[APPROVER_GROUPS_SETTING.block];
  if (!block) return undefined;
  const picked = block[APPROVER_GROUPS_SETTING.action]?.selected_options ?? [];
  return [...new Set(picked.map((o) => String(o.value ?? '')))];
}

/**
 * The people picked, once each, in the order picked; undefined when the dialog had no such block (an older
 * dialog still open: the channel's approvers stay as they are). What is not a user id is kept, for the
 * settings to refuse.
 */
export function readApproversSetting(values: StateValues): string[] | undefined {
  const block = values[APPROVERS_SETTING.block];
  if (!block) return undefined;
  const picked = block[APPROVERS_SETTING.action]?.selected_users ?? [];
  return [...new Set(picked.map(String))];
}

/** What is wrong with the groups picked (each must be one Slack lists now); undefined when nothing is. */
export function approverGroupsProblem(
  picked: readonly string[],
  listed: readonly UserGroup[],
): string | undefined {
  return picked.every((id) => listed.some((g) => g.id === id))
    ? undefined
    : 'Pick groups from the list: one picked is not a user group of this workspace.';
}

/** What is wrong with the people picked, in the dialog's words; undefined when nothing is. */
export function approversProblem(approvers: readonly string[]): string | undefined {
  if (approvers.length > APPROVERS_MAX) return `Pick at most ${APPROVERS_MAX} approvers.`;
  if (approvers.some((id) => !USER_ID.test(id)))
    return 'Pick people from the list: one picked is not a person.';
  return undefined;
}

/** The approvers as the settings confirmation says them ("approvers <@U1>, <!subteam^S1>"). */
export function approversSaid(approvers: readonly string[]): string {
  return approvers.length > 0
    ? `approvers ${approvers.map(mention).join(', ')}`
    : 'no approvers: anyone in the channel can approve';
}
