// The thread's shared messages as the features compose them: a dubbed reply carries every feature's button,
// each drawn by a registered definition (its id is one a handler answers), within Slack's limits; a failed
// reply offers Retry; the status message carries the review state, and Assign… only while it applies.
import { describe, expect, it } from 'vitest';
import type { StatusInfo } from '../dubbing/service.ts';
import { blockProblems } from '../test-support/block-limits.ts';
import { assignmentRecord, jobRecord, targetRecord } from '../test-support/jobs.ts';
import { dubbedActions, retryButtons } from '../thread/parts.ts';
import { statusDelivery } from '../thread/status.ts';
import { LIMITS } from '../ui/blocks.ts';
import { approve, requestChanges } from './approval/register.ts';
import { assign } from './assign/register.ts';
import { details, retry } from './dub/register.ts';
import { lipsync } from './lipsync/register.ts';
import { messageParts } from './message-parts.ts';
import { otherFormats } from './other-formats/register.ts';
import { render, review, speakers } from './review/register.ts';

const dubbed: StatusInfo = { label: 'Dubbed', progress: 1, terminal: true, failed: false };
const running: StatusInfo = { label: 'Translating', progress: 0.5, terminal: false, failed: false };

const drawn = (over: Partial<Parameters<typeof statusDelivery>[0]> = {}) =>
  JSON.stringify(
    statusDelivery(
      {
        job: jobRecord(),
        target: targetRecord(),
        info: dubbed,
        renders: (attempt) => attempt,
        now: 10,
        ...over,
      },
      messageParts.status,
    ).payload,
  );

describe('the features’ parts of the thread', () => {
  it('puts every feature’s button under a dubbed reply, with its registered id and the language', () => {
    const actions = dubbedActions(messageParts, 't'.repeat(40));
    expect(blockProblems([actions], LIMITS.messageBlocks)).toEqual([]);
    const elements = (actions as { elements: { action_id: string; value: string }[] }).elements;
    expect(elements.map((e) => e.action_id)).toEqual(
      [review, speakers, render, lipsync, requestChanges, approve, otherFormats].map((d) => d.key),
    );
    for (const element of elements) expect(element.value).toBe('t'.repeat(40));
    expect(retryButtons(messageParts, 't1').map((b) => [b.action_id, b.value])).toEqual([[retry.key, 't1']]);
  });

  it('puts the Details menu beside a failed language’s status line only, carrying its id', () => {
    const failed: StatusInfo = { ...dubbed, label: 'Voiceover failed', failed: true };
    const target = targetRecord({ id: 't9', projectId: 'p9', status: 'voiceover_failed' });
    const menu = `"accessory":{"type":"overflow","action_id":"${details.key}"`;
    expect(drawn({ info: failed, target })).toContain(menu);
    expect(drawn({ info: failed, target })).toContain('"value":"t9"');
    // The ids themselves are only in what the menu tells, never on the message.
    expect(drawn({ info: failed, target })).not.toContain('p9');
    expect(drawn({ target })).not.toContain(details.key);
    expect(drawn({ info: running, target })).not.toContain(details.key);
    expect(drawn({ info: failed, target: { ...target, stoppedBy: 'U0ANA' } })).not.toContain(details.key);
  });

  it('says a dubbed language waits for review, and keeps an earlier render’s approval beside it', () => {
    expect(drawn()).toContain('Render 1 is waiting for review');
    expect(drawn({ info: running })).not.toContain('waiting for review');
    const approval = { targetId: 't1', attempt: 1, userId: 'U0ANA', at: 5 };
    expect(drawn({ approval })).toContain('Render 1 approved by <@U0ANA>');
    // Render 2 is the newest: render 1's approval stays, beside render 2 waiting (which may be assigned).
    const older = drawn({ approval, target: targetRecord({ attempt: 2 }) });
    expect(older).toContain('✅ Render 1 approved by <@U0ANA>');
    expect(older).toContain('⏳ Render 2 is waiting for review');
    expect(older).toContain(`"action_id":"${assign.key}"`);
  });

  it('offers Assign… until the render is approved, and names who is assigned', () => {
    expect(drawn()).toContain('"text":"Assign…"');
    expect(drawn({ info: running })).toContain(`"action_id":"${assign.key}"`);
    const assigned = drawn({ assignment: assignmentRecord() });
    expect(assigned).toContain('Assign to someone else…');
    const approved = drawn({
      assignment: assignmentRecord(),
      approval: { targetId: 't1', attempt: 1, userId: 'U0ANA', at: 5 },
    });
    expect(approved).toContain('👤 Assigned to');
    expect(approved).not.toContain(assign.key);
    expect(drawn({ info: { ...dubbed, failed: true } })).not.toContain(assign.key);
    expect(drawn({ target: targetRecord({ stoppedBy: 'U0BEN' }) })).not.toContain(assign.key);
  });
});
