// Render again, confirmed first: the dialog that shows what the render will cost (the vendor's re-dub rule,
// from what changed since the last render) and the minutes left, and the notices around it. Pure builders.
import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import { type Block, button, context, modalTitle, noticeModal, plain, section } from '../../ui/blocks.ts';
import { describeCost, type RenderCost } from './cost.ts';
import type { ApprovedRender } from './renders.ts';

export const RENDER_UI = {
  callbackId: 'render_confirm',
  /** In the dialog of an approved language, for someone who is not an approver: ask them in the thread first. */
  askApprover: 'render_ask_approver',
} as const;

const title = (lang: string | null) => modalTitle(lang ? 'Render' : 'Render again', lang);

/** "Render Spanish again? It will use about 2 minutes of 41 left: 3 segments changed, 1 added." */
export function renderConfirmView(input: {
  targetId: string;
  lang: string;
  cost: RenderCost;
  minutesLeft: number;
  /** The current render's approval, which the new render would follow (said, and asked about). */
  approved?: ApprovedRender | undefined;
}): types.ModalView {
  // Offered only when something the dub says changed (the listener says so otherwise).
  const { cost, minutesLeft, approved } = input;
  const blocks: Block[] = [
    section(`*Render ${languageName(input.lang)} again?*\nIt will use ${describeCost(cost, minutesLeft)}.`),
  ];
  if (approved) {
    const { approval, render, askFirst } = approved;
    blocks.push(
      section(
        `✅ Render ${render} is approved by <@${approval.userId}>. It stays approved; the new render ` +
          `waits for review again, and <@${approval.userId}> is told when it is ready.`,
      ),
    );
    if (askFirst.length > 0)
      blocks.push(
        section('This channel leaves approval to its approvers: go on, or ask them in the thread first.'),
        {
          type: 'actions',
          elements: [button('Ask an approver first', RENDER_UI.askApprover, input.targetId)],
        },
      );
  }
  if (cost.minutes > minutesLeft)
    blocks.push(
      section(
        '⚠️ That is more than the account has left: the service will refuse the render unless minutes are added.',
      ),
    );
  blocks.push(
    context(
      'The service charges the length of the segments changed or added since the last render: up to 59 s is a ' +
        'minute, then to the nearest minute. Changes made outside this app are not counted here.',
    ),
  );
  return {
    type: 'modal',
    callback_id: RENDER_UI.callbackId,
    private_metadata: input.targetId,
    title: title(input.lang),
    submit: plain('Render again'),
    close: plain('Cancel'),
    blocks,
  };
}

/** A notice in the render dialog: working it out, asking, the outcome. */
export function renderNotice(lang: string | null, message: string): types.ModalView {
  return noticeModal(title(lang), message);
}
