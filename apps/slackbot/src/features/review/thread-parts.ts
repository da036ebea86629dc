// What the review puts under a dubbed language's reply: Review translation, Speakers & voices, Render again.
import type { types } from '@slack/bolt';
import { render, review, speakers } from './register.ts';

export const reviewReplyButtons = (targetId: string): types.Button[] => [
  review.element('Review translation', targetId),
  speakers.element('Speakers & voices', targetId),
  render.element('Render again', targetId, 'primary'),
];
