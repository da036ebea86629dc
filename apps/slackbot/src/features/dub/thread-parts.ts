// What the dub puts under a failed language's reply, where trying again can help: Retry (a new project).
import type { types } from '@slack/bolt';
import { retry } from './register.ts';

export const retryButtons = (targetId: string): types.Button[] => [
  retry.element('Retry', targetId, 'primary'),
];
