// What other formats puts under a dubbed language's reply: its button.
import type { types } from '@slack/bolt';
import { otherFormats } from './register.ts';

export const otherFormatsReplyButtons = (targetId: string): types.Button[] => [
  otherFormats.element('Other formats…', targetId),
];
