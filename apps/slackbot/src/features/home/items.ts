// App Home as a dashboard: each group of items under a heading with its count, one section per item — what and
// where, the link to its thread — with the item's main action (Review, Approve) beside it, drawn with the ids
// Home's own definitions answer (register.ts). The rest of a group is counted, not listed. Pure.
import type { types } from '@slack/bolt';
import { type Block, button, context, header, link, section } from '../../ui/blocks.ts';

export const HOME_ACTIONS = {
  /** Review on a Home item: the review of the language's newest render. */
  review: 'home_review',
  /** Approve on a Home item: approves the language's newest render. */
  approve: 'home_approve',
} as const;

export interface HomeItem {
  /** mrkdwn: the language, the video and where, and its state. */
  text: string;
  /** The job's thread, when Slack gave its link. */
  threadLink: string | null;
  /** The item's main action on its language, with the button's words. */
  action?: { kind: keyof typeof HOME_ACTIONS; label: string; targetId: string };
}

/** Where Slack links each job's thread (by job id); a job missing has no link (Slack did not give one). */
export type ThreadLinks = ReadonlyMap<string, string>;

/** One item: its text with "Open thread", and its action as the section's button. */
function itemBlock(item: HomeItem): Block {
  const text = item.threadLink ? `${item.text}\n${link(item.threadLink, 'Open thread')}` : item.text;
  const block = section(text) as types.SectionBlock;
  if (!item.action) return block;
  const { kind, label, targetId } = item.action;
  return { ...block, accessory: button(label, HOME_ACTIONS[kind], targetId, 'primary') };
}

/**
 * "Heading (n)", the first `shown` items, how many more, and a divider; `empty` said under the heading when
 * there are none (nothing at all without it).
 */
export function homeGroup(title: string, items: readonly HomeItem[], shown: number, empty?: string): Block[] {
  if (items.length === 0) return empty ? [header(`${title} (0)`), section(empty), { type: 'divider' }] : [];
  const more = items.length - shown;
  return [
    header(`${title} (${items.length})`),
    ...items.slice(0, shown).map(itemBlock),
    ...(more > 0 ? [context(`and ${more} more`)] : []),
    { type: 'divider' },
  ];
}
