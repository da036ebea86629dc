// What lip-sync puts under a dubbed language's reply: its button.
import type { types } from '@slack/bolt';
import { lipsync } from './register.ts';

export const lipsyncReplyButtons = (targetId: string): types.Button[] => [
  lipsync.element('Lip-sync', targetId),
];
