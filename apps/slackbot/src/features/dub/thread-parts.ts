// What the dub puts under a failed language's reply, where trying again can help: Retry (a new project); and
// beside a failed language's status line, the "Details" menu with the ids support asks for.
import type { types } from '@slack/bolt';
import { type StatusPart, supportIds } from '../../thread/status.ts';
import type { Block } from '../../ui/blocks.ts';
import { details, retry } from './register.ts';
import { SUPPORT_DETAILS } from './support-details.ts';

export const retryButtons = (targetId: string): types.Button[] => [
  retry.element('Retry', targetId, 'primary'),
];

/** "⋯ Details for support" beside the status line of a language that failed (none while under way or done). */
export const supportMenu: StatusPart = (content, state) => {
  const [line, ...rest] = content.blocks;
  if (!line || line.type !== 'section' || !supportIds(state)) return content;
  const menu = details.element([{ label: SUPPORT_DETAILS.label, value: state.target.id }]);
  return { ...content, blocks: [{ ...line, accessory: menu } as Block, ...rest] };
};
