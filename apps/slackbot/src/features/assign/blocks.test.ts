// The Assign… button and line on a status message (assigning's part of it), the dialog and the assignee's
// direct message: pure builders.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { assignmentRecord, jobRecord, targetRecord } from '../../test-support/jobs.ts';
import type { LanguageState } from '../../thread/status.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { ASSIGN_ACTIONS, assignedMessage, assignModal } from './blocks.ts';
import { assignment as assignmentPart } from './thread-parts.ts';

const assignment = assignmentRecord();

describe('assigning a review', () => {
  it('offers Assign… on a status message, and once assigned says who and by whom', () => {
    const status = { text: 'Spanish: dubbed', blocks: [] };
    const state = (over: Partial<LanguageState> = {}): LanguageState => ({
      job: jobRecord(),
      target: targetRecord(),
      info: { label: 'Dubbed', progress: 1, terminal: true, failed: false },
      renders: () => 1,
      now: 1,
      ...over,
    });
    expect(assignmentPart(status, state()).blocks).toEqual([
      {
        type: 'actions',
        block_id: 'dk_assign:t1',
        elements: [expect.objectContaining({ action_id: ASSIGN_ACTIONS.open, value: 't1' })],
      },
    ]);
    const assigned = assignmentPart(status, state({ assignment }));
    expect(JSON.stringify(assigned.blocks)).toContain('👤 Assigned to <@U0BEN> by <@U0ANA>');
    expect(JSON.stringify(assigned.blocks)).toContain('Assign to someone else…');
    expect(assigned.text).toBe('Spanish: dubbed, assigned to <@U0BEN> by <@U0ANA>');
    // Nothing to review (approved, failed, stopped): the line stays, the button goes.
    const approval = { targetId: 't1', attempt: 1, userId: 'U0ANA', at: 1 };
    const approved = assignmentPart(status, state({ assignment, approval }));
    expect(JSON.stringify(approved.blocks)).not.toContain(ASSIGN_ACTIONS.open);
    expect(JSON.stringify(approved.blocks)).toContain('👤 Assigned to');
    expect(assignmentPart(status, state({ approval }))).toBe(status);
  });

  it('asks who should review the language, with whoever is assigned picked', () => {
    const modal = assignModal({ lang: 'es', subject: 't1', current: 'U0BEN' });
    expect(viewProblems(modal)).toEqual([]);
    expect(modal).toMatchObject({ callback_id: ASSIGN_ACTIONS.callbackId, private_metadata: 't1' });
    expect(JSON.stringify(modal)).toContain('Who should review Spanish?');
    expect(JSON.stringify(modal)).toContain('"initial_user":"U0BEN"');
    expect(JSON.stringify(assignModal({ lang: 'es', subject: 't1' }))).not.toContain('initial_user');
  });

  it('tells the assignee who asked, what to review, with the thread’s link and a Review button', () => {
    const message = assignedMessage({ assignment, lang: 'es', title: 'keynote.mp4', channel: 'C1' });
    expect(message.text).toBe('<@U0ANA> asked you to review the Spanish dub of keynote.mp4');
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('in <#C1>');
    expect(text).toContain(`<${assignment.threadLink}|Open the thread>`);
    expect(text).toContain(`"action_id":"${ASSIGN_ACTIONS.review}"`);
    expect(text).toContain('"value":"t1"');
  });

  it('says why when changes were asked of the render, escaped and within limits', () => {
    const changes = { userId: 'U0BEN', reason: `<!channel> ${'too formal '.repeat(100)}` };
    const message = assignedMessage({ assignment, lang: 'es', title: 'keynote.mp4', channel: 'C1', changes });
    expect(message.text).toBe(
      '<@U0ANA> asked you to review the Spanish dub of keynote.mp4: changes requested',
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('✋ <@U0BEN> asked for changes:');
    expect(text).toContain('too formal');
    expect(text).not.toContain('<!channel>');
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
  });
});
