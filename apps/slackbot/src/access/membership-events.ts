// Slack's news that a channel's members changed, which drops what the app remembers of them: someone joined
// or left (member_joined_channel, member_left_channel), or the app itself left or was removed (channel_left,
// group_left for a private channel). The next question about that channel goes to Slack.
import type { Membership } from './membership.ts';
import type { Registry } from './registry.ts';
import { rules } from './rules.ts';

export const MEMBERSHIP_EVENTS = [
  'member_joined_channel',
  'member_left_channel',
  'channel_left',
  'group_left',
] as const;

export function forgetOnMembershipEvents(
  registry: Pick<Registry, 'event'>,
  membership: Pick<Membership, 'forget'>,
): void {
  for (const name of MEMBERSHIP_EVENTS)
    registry.event(name, rules.membersChanged, async (_args, { channel }) => membership.forget(channel));
}
