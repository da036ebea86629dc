// The channel settings' approvers: the people who alone may approve or request changes in the channel, as a
// people picker. Pure.
import type { types } from '@slack/bolt';
import { APPROVERS_MAX } from '../../ui/approval.ts';
import { plain, type StateValues } from '../../ui/blocks.ts';

export const APPROVERS_SETTING = { block: 'st_approvers', action: 'channel_approvers' } as const;

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
      ...(current.length > 0 ? { initial_users: [...current] } : {}),
    },
  };
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

/** What is wrong with the people picked, in the dialog's words; undefined when nothing is. */
export function approversProblem(approvers: readonly string[]): string | undefined {
  if (approvers.length > APPROVERS_MAX) return `Pick at most ${APPROVERS_MAX} approvers.`;
  if (approvers.some((id) => !USER_ID.test(id)))
    return 'Pick people from the list: one picked is not a person.';
  return undefined;
}

/** The approvers as the settings confirmation says them ("approvers <@U1>, <@U2>"). */
export function approversSaid(approvers: readonly string[]): string {
  return approvers.length > 0
    ? `approvers ${approvers.map((id) => `<@${id}>`).join(', ')}`
    : 'no approvers: anyone in the channel can approve';
}
