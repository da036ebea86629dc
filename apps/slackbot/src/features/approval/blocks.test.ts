// The approval's words in the status message and in /dub list waiting, within Slack's limits at their largest.
import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { statusMessage } from '../../thread/status-message.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { APPROVAL_ACTIONS, approvedReply, reviewedStatus, waitingList } from './blocks.ts';

const dubbed = statusMessage({
  lang: 'es',
  phase: 'dubbed',
  stageLabel: 'Done',
  progress: 1,
  elapsedMs: 60_000,
  startedAt: 0,
});
/** Every attempt delivered: the numbers shown are the attempts (shownRender's own cases are in domain/). */
const asAttempts = (attempt: number) => attempt;
const approval = { targetId: 't1', attempt: 2, userId: 'U0ANA', at: Date.UTC(2026, 10, 23, 9, 5) };

describe('approval in the thread', () => {
  it('adds which render, who and when to the status message, once however often it is applied', () => {
    const once = reviewedStatus(dubbed, { approval, render: 2, renders: asAttempts });
    expect(once.text).toBe('Spanish: dubbed, approved by <@U0ANA>');
    expect(JSON.stringify(once.blocks)).toContain(
      '✅ Render 2 approved by <@U0ANA> · <!date^1795424700^{date_short_pretty} at {time}|2026-11-23 09:05 UTC>',
    );
    const twice = reviewedStatus(once, {
      approval: { ...approval, userId: 'U0BEN' },
      render: 2,
      renders: asAttempts,
    });
    expect(twice.blocks).toHaveLength(dubbed.blocks.length + 1);
    expect(JSON.stringify(twice.blocks)).not.toContain('U0ANA');
    expect(blockProblems(twice.blocks, LIMITS.messageBlocks)).toEqual([]);
  });

  it('says who asked for changes and why (escaped, within limits), or that the render waits for review', () => {
    const changeRequest = { targetId: 't1', attempt: 2, userId: 'U0BEN', reason: `<b>${long(900)}`, at: 0 };
    const asked = reviewedStatus(dubbed, { changeRequest, render: 2, renders: asAttempts });
    expect(asked.text).toBe('Spanish: dubbed, changes requested by <@U0BEN>');
    expect(JSON.stringify(asked.blocks)).toContain('✋ Changes requested by <@U0BEN>');
    expect(JSON.stringify(asked.blocks)).toContain('&lt;b&gt;');
    expect(blockProblems(asked.blocks, LIMITS.messageBlocks)).toEqual([]);
    const waiting = reviewedStatus(dubbed, { render: 3, renders: asAttempts });
    expect(waiting.text).toBe('Spanish: dubbed');
    expect(JSON.stringify(waiting.blocks)).toContain('⏳ Render 3 is waiting for review');
    expect(JSON.stringify(waiting.blocks)).not.toContain('Changes requested');
  });

  it('keeps an earlier render’s approval beside the newer render, waiting, asked changes of, or on its way', () => {
    const earlier = { ...approval, attempt: 3 };
    const waiting = reviewedStatus(dubbed, { earlier, render: 4, renders: asAttempts });
    expect(waiting.text).toBe('Spanish: dubbed, render 3 approved by <@U0ANA>, render 4 waiting for review');
    const line = JSON.stringify(waiting.blocks);
    expect(line).toContain('✅ Render 3 approved by <@U0ANA> · <!date^');
    expect(line).toContain('⏳ Render 4 is waiting for review');
    const changeRequest = { targetId: 't1', attempt: 4, userId: 'U0BEN', reason: 'too formal', at: 0 };
    const asked = reviewedStatus(dubbed, { earlier, changeRequest, render: 4, renders: asAttempts });
    expect(asked.text).toBe('Spanish: dubbed, render 3 approved by <@U0ANA>, changes requested by <@U0BEN>');
    const rendering = reviewedStatus(dubbed, { earlier, render: 4, dubbed: false, renders: asAttempts });
    expect(JSON.stringify(rendering.blocks)).toContain('🔄 Render 4 is on its way');
    expect(JSON.stringify(rendering.blocks)).toContain('✅ Render 3 approved by <@U0ANA>');
  });

  it('marks the approved render’s reply for good: its Approve and Request changes go, its other buttons stay', () => {
    const reply = {
      text: 'Spanish dub ready',
      blocks: [
        { type: 'section' as const, text: { type: 'mrkdwn' as const, text: 'ready' } },
        {
          type: 'actions' as const,
          elements: [
            {
              type: 'button' as const,
              action_id: 'review_open',
              text: { type: 'plain_text' as const, text: 'Review' },
            },
            {
              type: 'button' as const,
              action_id: APPROVAL_ACTIONS.requestChanges,
              text: { type: 'plain_text' as const, text: 'Request changes' },
            },
            {
              type: 'button' as const,
              action_id: APPROVAL_ACTIONS.approve,
              text: { type: 'plain_text' as const, text: 'Approve' },
            },
          ],
        },
      ],
      files: { lang: 'es' },
    };
    const approved = approvedReply(reply, { ...approval, attempt: 3 }, asAttempts);
    expect(approved.files).toEqual({ lang: 'es' });
    const text = JSON.stringify(approved.blocks);
    expect(text).toContain('✅ Approved by <@U0ANA> · render 3 · <!date^');
    expect(text).toContain('review_open');
    expect(text).not.toContain(APPROVAL_ACTIONS.approve);
    expect(text).not.toContain(APPROVAL_ACTIONS.requestChanges);
    expect(approvedReply(approved, { ...approval, attempt: 3 }, asAttempts).blocks).toHaveLength(
      approved.blocks.length,
    );
  });

  it('lists what waits, at most 30 lines, escaped, within limits', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ title: `<${long(300)}> ${i}`, lang: 'de' }));
    const list = waitingList('C1', many);
    expect(list.text).toBe('100 dubbed languages wait for review');
    expect(blockProblems(list.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(list.blocks)).toContain('and 70 more');
    expect(JSON.stringify(list.blocks)).not.toContain('<x');
    expect(waitingList('C1', []).text).toBe('Nothing waits for review');
  });
});
